import { prepareText } from '../../contract/search/prepare-text.ts';
import type { AnswerUnit } from './answer-units.ts';
import { answerUnitsOf } from './answer-units.ts';
import { neighborWeight } from './neighbor-weight.ts';
import { deniesQuestionTerm } from './yes-no-answer.ts';
import type { QuestionIntent } from './question-intent.ts';

/** A section of a source as the composer reads it: the source's number and rank, its title (page › heading) and text. */
export interface ComposerSection {
  source: number;
  rank: number;
  title: string;
  text: string;
}

/** A unit of a section scored against the question. */
export interface ScoredUnit {
  unit: AnswerUnit;
  /** Index of its section among the composer's sections. */
  section: number;
  source: number;
  rank: number;
  score: number;
  /** Share of the question's weight the unit holds (terms only in what frames it at half). */
  coverage: number;
}

/** The question's terms with their weights, as the composer scores units. */
export interface QuestionWeights {
  terms: ReadonlyMap<string, number>;
  /** Terms of the previous question only, at a fraction of their weight. */
  context: ReadonlyMap<string, number>;
  /** Sum of the weights of the question terms some section holds. */
  found: number;
}

/** Share of a term's weight counted when it is only in what frames a unit (its list's or code's intro, its table's header, its section's title). */
export const FRAMED_SHARE = 0.5;
/** A section whose title (page › heading) holds this share of the question's weight answers it under its heading ("Can I delete my server?" → "Currently, no."): its first units count the title's terms as their own. */
const HEADING_MATCH = 0.5;
const HEADING_ANSWER_UNITS = 2;
/** Share of a term's weight counted when only a neighbouring sentence or line of the unit holds it (`neighborWeight`). */
const NEIGHBOR_SHARE = 0.5;
/** Share of the question's weight a unit holding one question term only must hold to be quoted. */
const MIN_COVERAGE = 0.3;
/** How much each rank below the first lowers a unit's score. */
export const RANK_DECAY = 0.12;
/** Terms a unit may hold before its length lowers its score: a line saying it all beats a long paragraph. */
const CONCISE_TERMS = 24;
const META_FACTOR = 0.5;
/** A unit holding the written form of what the question asks for (an `UPPER_SNAKE` variable, a `--flag`, a path: see `askedForm`). */
const FORM_FACTOR = 1.25;
/** Share of `MIN_COVERAGE` a unit holding the asked form needs in a value question ("how long…" → "for **30 days**" shares one word with it). */
const FORM_COVERAGE_SHARE = 0.5;
const DEFINITION_FACTOR = 1.5;
/** A sentence denying what a yes/no question asks about ("you can’t change the privileges"): documentation states limits, and a limit answers "Can I…?". */
const DENIAL_FACTOR = 1.25;
/** Units that name what flag, setting, endpoint or value questions ask for: identifiers, paths, numbers. */
const IDENTIFIER =
  /(?:^|[\s(`'"])--?[a-z][\w-]*|`[^`]+`|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[a-z]+[A-Z]\w*\b|(?:^|\s)\/[\w{}.:-]+|\b(?:GET|POST|PUT|PATCH|DELETE)\s+\//;
const NUMBER = /\d/;
/** Per intent, the factor of each kind of unit (a unit holding an identifier or a number may weigh more, see `intentFactor`). */
const KIND_FACTORS: Record<QuestionIntent, Record<'sentence' | 'line' | 'row', number>> = {
  command: { sentence: 1, line: 0.9, row: 0.95 },
  code: { sentence: 1, line: 0.85, row: 0.9 },
  flag: { sentence: 1, line: 1.05, row: 1.1 },
  value: { sentence: 1, line: 1, row: 1.1 },
  steps: { sentence: 1, line: 0.9, row: 0.85 },
  yesno: { sentence: 1.1, line: 0.8, row: 0.9 },
  comparison: { sentence: 1, line: 0.9, row: 1 },
  where: { sentence: 1, line: 1, row: 1 },
  explain: { sentence: 1.1, line: 0.8, row: 0.85 },
  fact: { sentence: 1, line: 1, row: 1 },
};

/** The terms of a section title. */
export function titleTerms(title: string): ReadonlySet<string> {
  return new Set(prepareText(title));
}

/**
 * Scores every sentence, line and row of the sections against the question (code blocks are chosen apart, see
 * `scoreCodeUnits`): the weight of the question terms it holds, those only in what frames it or only in its
 * neighbouring sentence or line counted at half (whole for the first units under a heading that holds most of the
 * question), divided
 * by the weight of the question terms the sections hold; lowered past ~24 terms, for each rank below the first and
 * for a sentence about the page ("Learn how…"); raised for a definition asked for ("What is…"), for identifiers in
 * flag, command and where questions, for numbers in value questions and for the written form of what the question
 * asks for (`askedForm`: an `UPPER_SNAKE` variable, a `--flag`, a header, a path, a port).
 */
export function scoreUnits(
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
  intent: QuestionIntent,
  asksDefinition: boolean,
  form?: RegExp,
): ScoredUnit[] {
  const scored: ScoredUnit[] = [];
  const questionTerms = new Set(weights.terms.keys());
  sections.forEach((section, index) => {
    const framing = titleTerms(section.title);
    const headingAnswers = weightIn(framing, weights) >= weights.found * HEADING_MATCH;
    const units = answerUnitsOf(section.text).filter(
      (unit): unit is Exclude<AnswerUnit, { kind: 'code' }> => unit.kind !== 'code',
    );
    units.forEach((unit, position) => {
      const underHeading = headingAnswers && position < HEADING_ANSWER_UNITS;
      const overlap = overlapOf(unit, framing, weights, underHeading ? 1 : FRAMED_SHARE);
      const { own, matched } = overlap;
      const framed =
        overlap.framed +
        NEIGHBOR_SHARE * neighborWeight(unit, [units[position - 1], units[position + 1]], weights, framing);
      const holdsForm = formFactor(unitWords(unit), form) > 1;
      const coverageNeeded = weights.found * MIN_COVERAGE * (holdsForm && intent === 'value' ? FORM_COVERAGE_SHARE : 1);
      if ((own === 0 && !underHeading) || (matched < 2 && own + framed < coverageNeeded) || isStub(unit)) return;
      const length = unit.size > CONCISE_TERMS ? Math.sqrt(CONCISE_TERMS / unit.size) : 1;
      const meta = unit.kind === 'sentence' && unit.sentence.meta ? META_FACTOR : 1;
      const definition = unit.kind === 'sentence' && unit.sentence.definition && asksDefinition ? DEFINITION_FACTOR : 1;
      const score =
        (((own + framed) / weights.found) *
          length *
          meta *
          definition *
          intentFactor(unit, intent, questionTerms) *
          (holdsForm ? FORM_FACTOR : 1)) /
        (1 + RANK_DECAY * section.rank);
      scored.push({
        unit,
        section: index,
        source: section.source,
        rank: section.rank,
        score,
        coverage: (own + framed) / weights.found,
      });
    });
  });
  return scored.sort((a, b) => b.score - a.score || a.rank - b.rank || a.unit.line - b.unit.line);
}

/** A line too short to say anything on its own ("Steps", "Python"), unless it names something: a path, a flag, a number. */
function isStub(unit: Exclude<AnswerUnit, { kind: 'code' }>): boolean {
  return (
    unit.kind === 'line' && unit.text.split(/\s+/).length < 3 && !IDENTIFIER.test(unit.text) && !NUMBER.test(unit.text)
  );
}

/** The question weight a set of terms holds. */
export function weightIn(terms: ReadonlySet<string>, weights: QuestionWeights): number {
  let held = 0;
  for (const [term, weight] of weights.terms) if (terms.has(term)) held += weight;
  return held;
}

/** The question weight a unit holds (`own`, with how many terms), and the weight only in what frames it, counted at `frameShare` for its section's title. */
export function overlapOf(
  unit: AnswerUnit,
  framing: ReadonlySet<string>,
  weights: QuestionWeights,
  frameShare = FRAMED_SHARE,
): { own: number; framed: number; matched: number } {
  let own = 0;
  let framed = 0;
  let matched = 0;
  for (const [term, weight] of weights.terms) {
    if (unit.terms.has(term)) {
      own += weight;
      matched += 1;
    } else if (framing.has(term)) {
      framed += frameShare * weight;
    } else if (unit.contextTerms.has(term)) {
      framed += FRAMED_SHARE * weight;
    }
  }
  for (const [term, weight] of weights.context) if (unit.terms.has(term)) own += weight;
  return { own, framed, matched };
}

/** What a sentence, line or row says, in words. */
function unitWords(unit: Exclude<AnswerUnit, { kind: 'code' }>): string {
  return unit.kind === 'sentence' ? unit.sentence.sentence : unit.kind === 'line' ? unit.text : unit.cells.join(' ');
}

/** `FORM_FACTOR` for a text holding the form the question asks for (`askedForm`), else 1. */
export function formFactor(text: string, form: RegExp | undefined): number {
  return form && form.test(text) ? FORM_FACTOR : 1;
}

function intentFactor(
  unit: Exclude<AnswerUnit, { kind: 'code' }>,
  intent: QuestionIntent,
  questionTerms: ReadonlySet<string>,
): number {
  const text = unitWords(unit);
  let factor = KIND_FACTORS[intent][unit.kind];
  if (intent === 'yesno' && unit.kind === 'sentence' && deniesQuestionTerm(text, questionTerms))
    factor *= DENIAL_FACTOR;
  if ((intent === 'flag' || intent === 'command' || intent === 'where') && IDENTIFIER.test(text)) factor *= 1.2;
  if (intent === 'value') factor *= NUMBER.test(text) ? 1.3 : 0.85;
  return factor;
}
