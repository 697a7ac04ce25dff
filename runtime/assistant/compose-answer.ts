import { prepareText } from '../../contract/search/prepare-text.ts';
import { askedForm } from './asked-form.ts';
import { codeOnlyAnswer, placeCode, withCode } from './choose-code.ts';
import { chooseAnswerUnits, unitText } from './choose-units.ts';
import { coversQuestion, GENERIC_QUESTION_TERMS, spellingAgainst } from './question-coverage.ts';
import { asksForProcedure, asksHowTo, isDefinitionQuestion, questionIntent } from './question-intent.ts';
import { procedureBlocks } from './procedure-blocks.ts';
import { withProcedureList } from './procedure-list.ts';
import { stepWalkthrough } from './step-walkthrough.ts';
import { withNamedHeading } from './named-heading.ts';
import { renderUnits } from './render-answer.ts';
import { termsOfSection } from './section-terms.ts';
import { denialOf } from './yes-no-answer.ts';
import { scoreUnits, type ComposerSection, type QuestionWeights, type ScoredUnit } from './score-units.ts';

/** The answer when no source says anything about the question. */
export const NOT_FOUND_ANSWER =
  'I could not find this in the documentation. Try rephrasing the question, or name the feature or command you are asking about.';

/** A source as the composer gets it: its number, title and text, and the further sections of its page. */
export interface ComposerSource {
  number: number;
  title?: string;
  text: string;
  sections?: readonly { title: string; text: string }[];
}

/** A source holds the question's deciding terms when it holds this share of the question weight the best source holds. */
const DECIDING_SHARE = 0.7;
/** Weight of a generic question word ("use", "way") against the others, and of the previous question's terms. */
const GENERIC_WEIGHT = 0.3;
const CONTEXT_WEIGHT = 0.3;

/**
 * Composes an answer from the sources in the prompt, answering what the question asks (`questionIntent`): the unit
 * of the sources that best matches the question leads (a sentence, a list line, a table row — see `scoreUnits`),
 * followed by the other strong units of its section and source in reading order and at most one from another source
 * that holds the question's deciding terms; for a command or code question (or any question a code block of the
 * lead's section answers well), the best code block whole — alone, with its intro, when it is in a higher-ranked
 * source than the lead (a sentence of a lower-ranked page does not lead a command the first page holds); for steps
 * and "how do I" questions, lists numbered; for a steps question or a task, the numbered steps of the lead's page walked through (`stepWalkthrough`), else for a
 * steps question the list of steps of the lead's page that answers it (`withProcedureList`); for a
 * setup question, every block of the procedure that answers it (`procedureBlocks`); for a yes/no question whose lead
 * denies what is asked, "No." first. Each unit is cited `[n]`.
 * "Not found" when the sources do not speak about the question (`coversQuestion`) or nothing in them matches.
 */
export function composeAnswer(
  question: string,
  previousQuestion: string | undefined,
  sources: readonly ComposerSource[],
): string[] {
  if (sources.length === 0) return [NOT_FOUND_ANSWER];
  const sections: ComposerSection[] = sources.flatMap((source, rank) => [
    { source: source.number, rank, title: source.title ?? '', text: source.text },
    ...(source.sections ?? []).map((section) => ({
      source: source.number,
      rank,
      title: section.title,
      text: section.text,
    })),
  ]);
  const sectionTerms = sections.map(termsOfSection);
  const sourceTerms = sources.map((source) =>
    union(...sectionTerms.filter((_, index) => sections[index]?.source === source.number)),
  );
  const spelling = spellingAgainst(sourceTerms);
  const questionTerms = [...new Set(prepareText(`${question} ${limitWordsOf(question)}`).map(spelling))];
  if (questionTerms.length === 0 || !coversQuestion(question, sourceTerms, spelling)) return [NOT_FOUND_ANSWER];
  const weights = weightsOf(
    questionTerms,
    previousQuestion ? prepareText(previousQuestion).map(spelling) : [],
    sectionTerms,
  );
  if (weights.found === 0) return [NOT_FOUND_ANSWER];
  const intent = questionIntent(question);
  const asksDefinition = isDefinitionQuestion(question);
  const scored = scoreUnits(sections, weights, intent, asksDefinition, askedForm(question));
  const titleOf = (unit: ScoredUnit): string => sections[unit.section]?.title || 'the source';
  const procedure = procedureBlocks(intent, question, sections, weights) ?? [];
  if (scored.length === 0) {
    const code = codeOnlyAnswer(intent, question, sections, weights);
    return code ? renderUnits(withProcedure([code], procedure), titleOf) : [NOT_FOUND_ANSWER];
  }
  const chosen = chooseAnswerUnits(scored, {
    sections,
    deciding: decidingSources(sources, sourceTerms, weights),
    intent,
    asksDefinition,
    questionTerms: new Set(weights.terms.keys()),
  });
  const lead = chosen[0] as ScoredUnit;
  const higherCode =
    intent === 'command' || intent === 'code' ? codeOnlyAnswer(intent, question, sections, weights) : undefined;
  if (higherCode && higherCode.rank < lead.rank) return renderUnits(withProcedure([higherCode], procedure), titleOf);
  const denial =
    intent === 'yesno'
      ? denialOf(
          question,
          unitText(lead.unit),
          new Set([...weights.terms.keys()].filter((term) => !GENERIC_QUESTION_TERMS.has(term))),
        )
      : undefined;
  const numbered = intent === 'steps' || asksHowTo(question);
  const walkthrough = asksForProcedure(question, intent)
    ? stepWalkthrough(sections, weights, lead.source, lead.section)
    : undefined;
  if (walkthrough)
    return [
      ...(walkthrough.sections.has(lead.section) ? [] : renderUnits([lead], titleOf, numbered)),
      walkthrough.text,
    ];
  const withSteps = intent === 'steps' ? withProcedureList(chosen, sections, weights) : chosen;
  const units = withProcedure(withCode(withSteps, intent, question, sections, weights), procedure);
  const named = withNamedHeading(question, units, sections, weights);
  return [...(denial ? [`${denial}. `] : []), ...renderUnits(named, titleOf, numbered)];
}

/** Weights of the question terms: rarer among the sections weighs more; generic words and the previous question's terms weigh less. */
function weightsOf(
  questionTerms: readonly string[],
  previousTerms: readonly string[],
  sectionTerms: readonly ReadonlySet<string>[],
): QuestionWeights {
  const holders = (term: string): number => sectionTerms.filter((terms) => terms.has(term)).length;
  const rarity = (term: string): number => Math.log(1 + (sectionTerms.length + 1) / (holders(term) + 0.5));
  const terms = new Map(
    questionTerms.map((term) => [term, rarity(term) * (GENERIC_QUESTION_TERMS.has(term) ? GENERIC_WEIGHT : 1)]),
  );
  const context = new Map(
    previousTerms.filter((term) => !terms.has(term)).map((term) => [term, CONTEXT_WEIGHT * rarity(term)]),
  );
  const found = [...terms].reduce((sum, [term, weight]) => sum + (holders(term) > 0 ? weight : 0), 0);
  return { terms, context, found };
}

/** The sources holding the question's deciding terms: at least `DECIDING_SHARE` of the question weight the best source holds. */
function decidingSources(
  sources: readonly ComposerSource[],
  sourceTerms: readonly ReadonlySet<string>[],
  weights: QuestionWeights,
): ReadonlySet<number> {
  const held = sourceTerms.map((terms) =>
    [...weights.terms].reduce((sum, [term, weight]) => sum + (terms.has(term) ? weight : 0), 0),
  );
  const best = Math.max(...held);
  return new Set(
    sources.filter((_, index) => (held[index] as number) >= best * DECIDING_SHARE).map((source) => source.number),
  );
}

/**
 * The words documentation uses for a limit a question names in other words: "smallest", "lowest", "fewest" →
 * minimum; "largest", "longest", "at most" → maximum. Docs write "The minimum maxDuration is 5 seconds"; readers
 * ask for the smallest.
 */
function limitWordsOf(question: string): string {
  const words: string[] = [];
  if (/\b(?:smallest|lowest|least|fewest|shortest|minimal|min)\b/i.test(question)) words.push('minimum');
  if (/\b(?:largest|biggest|highest|most|longest|max|upper limit|cap)\b/i.test(question)) words.push('maximum');
  return words.join(' ');
}

function union(...sets: ReadonlySet<string>[]): ReadonlySet<string> {
  return new Set(sets.flatMap((set) => [...set]));
}

/** The units with the blocks of a setup procedure (`procedureBlocks`) they do not quote yet, each after the block before it. */
function withProcedure(units: ScoredUnit[], procedure: readonly ScoredUnit[]): ScoredUnit[] {
  const quoted = new Set(units.map((unit) => (unit.unit.kind === 'code' ? unit.unit.code : '')));
  return placeCode(
    units,
    procedure.filter((block) => block.unit.kind === 'code' && !quoted.has(block.unit.code)),
  );
}
