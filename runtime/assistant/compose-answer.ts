import { prepareText } from '../../contract/search/prepare-text.ts';
import { answerUnitsOf, type AnswerUnit } from './answer-units.ts';
import { memoiseByText } from './memoise-by-text.ts';
import { coversQuestion, GENERIC_QUESTION_TERMS, spellingAgainst } from './question-coverage.ts';
import { isDefinitionQuestion, questionIntent, type QuestionIntent } from './question-intent.ts';
import { renderUnits } from './render-answer.ts';
import { denialOf } from './yes-no-answer.ts';
import { scoreCodeUnits, scoreUnits, type ComposerSection, type QuestionWeights, type ScoredUnit } from './score-units.ts';

/** The answer when no source says anything about the question. */
export const NOT_FOUND_ANSWER = 'I could not find this in the documentation. Try rephrasing the question, or name the feature or command you are asking about.';

/** A source as the composer gets it: its number, title and text, and the further sections of its page. */
export interface ComposerSource {
  number: number;
  title?: string;
  text: string;
  sections?: readonly { title: string; text: string }[];
}

/** The lead comes from the highest-ranked source whose best unit scores at least this share of the best unit of all. */
const LEAD_SOURCE_SHARE = 0.5;
/** "How do I…" questions: the lists their answers quote are steps, numbered. */
const HOW_TO = /^\s*how (?:do|can|should|would) (?:i|we|you)\b|^\s*how to\b/i;
/** Rows of one table quoted at most. */
const MAX_TABLE_ROWS = 6;
/** How far after the lead (in lines) the value a value question asks for is looked for. */
const NEIGHBOUR_LINES = 3;
const NUMBER = /\d/;
/** An endpoint or a path a where question asks for: `GET /api/version`, `/v1/events/bulk`. */
const ENDPOINT = /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/|(?:^|\s)\/[\w{}.:-]+\/[\w{}./:-]*/;
/** Units quoted at most, the lead included. */
const MAX_UNITS = 5;
/** Units from sources other than the lead's, at most. */
const MAX_OTHER_SOURCE_UNITS = 2;
/** A unit is quoted beside the lead when it scores at least this share of the lead's (same section); more from elsewhere. */
const SUPPORT_SHARE = 0.45;
const SAME_SOURCE_SHARE = 0.6;
const OTHER_SOURCE_SHARE = 0.8;
/** A source holds the question's deciding terms when it holds this share of the question weight the best source holds. */
const DECIDING_SHARE = 0.7;
/** Weight of a generic question word ("use", "way") against the others, and of the previous question's terms. */
const GENERIC_WEIGHT = 0.3;
const CONTEXT_WEIGHT = 0.3;
/** Share of the question weight a code block must hold to be quoted: less when the question asks for code. */
const CODE_SHARE_ASKED = 0.3;
/** A block a quoted line introduces holds at least this share (its intro's words included): "Here is an example of the data sent:" alone does not make a sample payload an answer. */
const CODE_SHARE_INTRODUCED = 0.25;
/** Beside a block a quoted line introduces, another block is quoted only when it matches the question about as well. */
const SECOND_BLOCK_SHARE = 0.9;
const CODE_SHARE_UNASKED = 0.6;
/** Languages a question may name, as code fences name them. */
const LANGUAGE_HINT = /\b(python|javascript|typescript|js|ts|go|rust|java|ruby|php|curl|bash|shell|sql|yaml|json|swift|kotlin|c#|csharp)\b/i;

/** The terms of a section's title and text (code included), memoised by the two. */
const termsOf = memoiseByText((titleAndText): ReadonlySet<string> => new Set(prepareText(titleAndText)));

/**
 * Composes an answer from the sources in the prompt, answering what the question asks (`questionIntent`): the unit
 * of the sources that best matches the question leads (a sentence, a list line, a table row — see `scoreUnits`),
 * followed by the other strong units of its section and source in reading order and at most one from another source
 * that holds the question's deciding terms; for a command or code question (or any question a code block of the
 * lead's section answers well), the best code block whole; for steps and "how do I" questions, lists numbered; for a yes/no question whose
 * lead denies what is asked, "No." first. Each unit is cited `[n]`.
 * "Not found" when the sources do not speak about the question (`coversQuestion`) or nothing in them matches.
 */
export function composeAnswer(question: string, previousQuestion: string | undefined, sources: readonly ComposerSource[]): string[] {
  if (sources.length === 0) return [NOT_FOUND_ANSWER];
  const sections: ComposerSection[] = sources.flatMap((source, rank) => [
    { source: source.number, rank, title: source.title ?? '', text: source.text },
    ...(source.sections ?? []).map((section) => ({ source: source.number, rank, title: section.title, text: section.text })),
  ]);
  const sectionTerms = sections.map((section) => termsOf(`${section.title}\n${section.text}`));
  const sourceTerms = sources.map((source) => union(...sectionTerms.filter((_, index) => sections[index]?.source === source.number)));
  const spelling = spellingAgainst(sourceTerms);
  const questionTerms = [...new Set(prepareText(`${question} ${limitWordsOf(question)}`).map(spelling))];
  if (questionTerms.length === 0 || !coversQuestion(question, sourceTerms, spelling)) return [NOT_FOUND_ANSWER];
  const weights = weightsOf(questionTerms, previousQuestion ? prepareText(previousQuestion).map(spelling) : [], sectionTerms);
  if (weights.found === 0) return [NOT_FOUND_ANSWER];
  const intent = questionIntent(question);
  const asksDefinition = isDefinitionQuestion(question);
  const scored = scoreUnits(sections, weights, intent, asksDefinition);
  const titleOf = (unit: ScoredUnit): string => sections[unit.section]?.title || 'the source';
  if (scored.length === 0) {
    const code = scoreCodeUnits(sections, weights, 0, intent, languageHint(question))[0];
    return code && code.coverage >= CODE_SHARE_ASKED ? renderUnits([code], titleOf) : [NOT_FOUND_ANSWER];
  }
  const chosen = withNeighbours(withTableRows(chooseUnits(scored, decidingSources(sources, sourceTerms, weights), sections, asksDefinition), scored), sections, intent);
  const lead = chosen[0] as ScoredUnit;
  const denial = intent === 'yesno' ? denialOf(question, unitText(lead.unit), new Set([...weights.terms.keys()].filter((term) => !GENERIC_QUESTION_TERMS.has(term)))) : undefined;
  const numbered = intent === 'steps' || HOW_TO.test(question);
  return [...(denial ? [`${denial}. `] : []), ...renderUnits(placeCode(chosen, codeFor(intent, question, sections, weights, lead, chosen)), titleOf, numbered)];
}

/**
 * The lead — the best unit of the highest-ranked source whose best unit scores at least `LEAD_SOURCE_SHARE` of the
 * best of all (the ranking knows the page; the composer knows the sentence), or for a "what is" question the best
 * definition that strong, unless it points back at its context and its section has another strong one — then the
 * units quoted beside it. A line of a list stands for the sentence introducing the list, quoted with all its items.
 */
function chooseUnits(scored: readonly ScoredUnit[], deciding: ReadonlySet<number>, sections: readonly ComposerSection[], asksDefinition: boolean): ScoredUnit[] {
  const top = (scored[0] as ScoredUnit).score;
  const strong = scored.filter((candidate) => candidate.score >= top * LEAD_SOURCE_SHARE);
  const leadRank = Math.min(...strong.map((candidate) => candidate.rank));
  const definition = asksDefinition ? strong.find(({ unit }) => unit.kind === 'sentence' && unit.sentence.definition) : undefined;
  const best = definition ?? (scored.find((candidate) => candidate.rank === leadRank) as ScoredUnit);
  const lead = asList(isAnaphoric(best.unit) ? (scored.find((candidate) => candidate.section === best.section && !isAnaphoric(candidate.unit) && candidate.score >= best.score * 0.8) ?? best) : best, sections);
  const chosen = [lead];
  let fromOthers = 0;
  for (const scoredCandidate of scored) {
    if (chosen.length >= MAX_UNITS || scoredCandidate.score < lead.score * SUPPORT_SHARE) break;
    const candidate = asList(scoredCandidate, sections);
    if (chosen.some((other) => other.unit === candidate.unit || isNearDuplicate(candidate.unit.terms, other.unit.terms))) continue;
    if (candidate.section === lead.section || (candidate.source === lead.source && candidate.score >= lead.score * SAME_SOURCE_SHARE)) chosen.push(candidate);
    else if (fromOthers < MAX_OTHER_SOURCE_UNITS && deciding.has(candidate.source) && candidate.score >= lead.score * OTHER_SOURCE_SHARE) {
      chosen.push(candidate);
      fromOthers += 1;
    }
  }
  const rest = chosen.slice(1).sort((a, b) => Number(b.section === lead.section) - Number(a.section === lead.section) || a.rank - b.rank || a.section - b.section || a.unit.line - b.unit.line);
  return [lead, ...rest];
}

/** A list line as the sentence introducing its list with all the list's items, when its section has one; any other unit as it is. */
function asList(candidate: ScoredUnit, sections: readonly ComposerSection[]): ScoredUnit {
  const { unit } = candidate;
  if (unit.kind !== 'line' || unit.introLine < 0) return candidate;
  const list = answerUnitsOf((sections[candidate.section] as ComposerSection).text).find((other) => other.kind === 'sentence' && other.line === unit.introLine && other.sentence.items.includes(unit.text));
  return list ? { ...candidate, unit: list } : candidate;
}

/** Each quoted table row with the other rows of its table that hold a question term, in table order (at most `MAX_TABLE_ROWS`). */
function withTableRows(chosen: readonly ScoredUnit[], scored: readonly ScoredUnit[]): ScoredUnit[] {
  const result: ScoredUnit[] = [];
  for (const unit of chosen) {
    if (result.includes(unit)) continue;
    if (unit.unit.kind !== 'row') {
      result.push(unit);
      continue;
    }
    const header = unit.unit.header;
    const rows = [unit, ...scored.filter((other) => other !== unit && other.section === unit.section && other.unit.kind === 'row' && other.unit.header === header)].slice(0, MAX_TABLE_ROWS);
    result.push(...rows.sort((a, b) => a.unit.line - b.unit.line).filter((row) => !result.includes(row)));
  }
  return result;
}

/**
 * The lead's neighbours a reader needs: for a value question, the next unit of its section holding a number when
 * no quoted unit of the section does ("… requires minimal resources." then "A basic VPS with 1 vCPU, 2GB RAM…");
 * for a where question, the endpoint or path line of its source ("GET /api/version"), its own section's first, when
 * no quoted unit of the source names one; for
 * a lead that points back ("This is the default port…"), the line before it that it points at.
 */
function withNeighbours(chosen: readonly ScoredUnit[], sections: readonly ComposerSection[], intent: QuestionIntent): ScoredUnit[] {
  const lead = chosen[0] as ScoredUnit;
  const units = answerUnitsOf((sections[lead.section] as ComposerSection).text).filter((unit): unit is Exclude<AnswerUnit, { kind: 'code' }> => unit.kind !== 'code');
  const neighbour = (unit: AnswerUnit): ScoredUnit => ({ unit, section: lead.section, source: lead.source, rank: lead.rank, score: 0, coverage: 0 });
  const quoted = (unit: AnswerUnit): boolean => chosen.some((other) => other.unit === unit || (other.section === lead.section && isNearDuplicate(other.unit.terms, unit.terms)));
  const inSection = chosen.filter((unit) => unit.section === lead.section).map((unit) => quotedText(unit.unit));
  const result = [...chosen];
  const after = units.slice(units.findIndex((unit) => unit === lead.unit) + 1).filter((unit) => unit.line <= lead.unit.line + NEIGHBOUR_LINES);
  if (intent === 'value' && !inSection.some((text) => NUMBER.test(text))) {
    const next = after.find((unit) => NUMBER.test(quotedText(unit)));
    if (next && !quoted(next)) result.splice(1, 0, neighbour(next));
  }
  if (intent === 'where' && !chosen.some((unit) => unit.source === lead.source && ENDPOINT.test(quotedText(unit.unit)))) {
    const path = sections
      .map((section, index) => ({ section, index }))
      .filter(({ section }) => section.source === lead.source)
      .sort((a, b) => Number(b.index === lead.section) - Number(a.index === lead.section))
      .flatMap(({ section, index }) => answerUnitsOf(section.text).map((unit) => ({ unit, index })))
      .find(({ unit }) => unit.kind === 'line' && ENDPOINT.test(unit.text));
    if (path && !quoted(path.unit)) result.unshift({ ...neighbour(path.unit), section: path.index });
  }
  if (isAnaphoric(lead.unit)) {
    const before = units.filter((unit) => unit.line === lead.unit.line - 1 && unit.kind === 'line').at(-1);
    if (before && !quoted(before)) result.unshift(neighbour(before));
  }
  return result;
}

/**
 * The code blocks to quote (at most two): the best one a quoted line introduces (when it holds a quarter of the
 * question's weight), and the best of the others (beside an introduced one, only one matching about as well) when it
 * holds enough of the question's weight — less is enough in the lead's source, and when the question asks for a command or code; for a value, a
 * yes/no question or a comparison only one of the lead's section; for an explanation, none.
 */
function codeFor(intent: QuestionIntent, question: string, sections: readonly ComposerSection[], weights: QuestionWeights, lead: ScoredUnit, chosen: readonly ScoredUnit[]): ScoredUnit[] {
  const codes = scoreCodeUnits(sections, weights, lead.section, intent, languageHint(question));
  const introduced = codes.find((code) => code.coverage >= CODE_SHARE_INTRODUCED && chosen.some((unit) => introduces(unit, code)));
  const best = codes.find((code) => code !== introduced && (!introduced || code.coverage >= introduced.coverage * SECOND_BLOCK_SHARE));
  const asked = intent === 'command' || intent === 'code' || intent === 'steps';
  const enough = (code: ScoredUnit): boolean => {
    if (intent === 'explain') return false;
    if (intent === 'yesno' || intent === 'comparison' || intent === 'value') return code.section === lead.section && code.coverage >= CODE_SHARE_UNASKED - 0.15;
    return code.coverage >= (code.source === lead.source ? CODE_SHARE_ASKED : asked ? CODE_SHARE_ASKED + 0.15 : CODE_SHARE_UNASKED);
  };
  return [introduced, best && enough(best) ? best : undefined].filter((code): code is ScoredUnit => code !== undefined);
}

/** The code blocks, each after the unit that introduces it (or the last unit of its section before it), else right after the lead. */
function placeCode(chosen: readonly ScoredUnit[], codes: readonly ScoredUnit[]): ScoredUnit[] {
  const placed = [...chosen];
  for (const code of codes) {
    let at = placed.findIndex((unit) => introduces(unit, code));
    if (at < 0) at = placed.reduce((last, unit, index) => (unit.section === code.section && unit.unit.line < code.unit.line ? index : last), 0);
    while (placed[at + 1]?.unit.kind === 'code') at += 1;
    placed.splice(at + 1, 0, code);
  }
  return placed;
}

/** Whether `unit` stands on the line that introduces the code block `code`. */
function introduces(unit: ScoredUnit, code: ScoredUnit): boolean {
  return code.unit.kind === 'code' && unit.section === code.section && unit.unit.kind !== 'code' && unit.unit.line === code.unit.introLine;
}

/** Weights of the question terms: rarer among the sections weighs more; generic words and the previous question's terms weigh less. */
function weightsOf(questionTerms: readonly string[], previousTerms: readonly string[], sectionTerms: readonly ReadonlySet<string>[]): QuestionWeights {
  const holders = (term: string): number => sectionTerms.filter((terms) => terms.has(term)).length;
  const rarity = (term: string): number => Math.log(1 + (sectionTerms.length + 1) / (holders(term) + 0.5));
  const terms = new Map(questionTerms.map((term) => [term, rarity(term) * (GENERIC_QUESTION_TERMS.has(term) ? GENERIC_WEIGHT : 1)]));
  const context = new Map(previousTerms.filter((term) => !terms.has(term)).map((term) => [term, CONTEXT_WEIGHT * rarity(term)]));
  const found = [...terms].reduce((sum, [term, weight]) => sum + (holders(term) > 0 ? weight : 0), 0);
  return { terms, context, found };
}

/** The sources holding the question's deciding terms: at least `DECIDING_SHARE` of the question weight the best source holds. */
function decidingSources(sources: readonly ComposerSource[], sourceTerms: readonly ReadonlySet<string>[], weights: QuestionWeights): ReadonlySet<number> {
  const held = sourceTerms.map((terms) => [...weights.terms].reduce((sum, [term, weight]) => sum + (terms.has(term) ? weight : 0), 0));
  const best = Math.max(...held);
  return new Set(sources.filter((_, index) => (held[index] as number) >= best * DECIDING_SHARE).map((source) => source.number));
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

function languageHint(question: string): string | undefined {
  const named = LANGUAGE_HINT.exec(question)?.[1]?.toLowerCase();
  return named === 'javascript' ? 'js' : named === 'typescript' ? 'ts' : named;
}

/** The text a sentence or line unit quotes ('' for rows and code). */
function unitText(unit: AnswerUnit): string {
  return unit.kind === 'sentence' ? unit.sentence.sentence : unit.kind === 'line' ? unit.text : '';
}

/** What a unit quotes, rows and code included. */
function quotedText(unit: AnswerUnit): string {
  return unit.kind === 'row' ? unit.cells.join(' ') : unit.kind === 'code' ? unit.code : unitText(unit);
}

function isAnaphoric(unit: AnswerUnit): boolean {
  return unit.kind === 'sentence' && unit.sentence.anaphoric;
}

/** Two units saying nearly the same thing: most of the shorter one's terms are in the other. */
function isNearDuplicate(terms: ReadonlySet<string>, other: ReadonlySet<string>): boolean {
  const [shorter, longer] = terms.size <= other.size ? [terms, other] : [other, terms];
  if (shorter.size === 0) return true;
  let shared = 0;
  for (const term of shorter) if (longer.has(term)) shared += 1;
  return shared / shorter.size >= 0.75;
}

function union(...sets: ReadonlySet<string>[]): ReadonlySet<string> {
  return new Set(sets.flatMap((set) => [...set]));
}
