import { answerUnitsOf, type AnswerUnit } from './answer-units.ts';
import type { QuestionIntent } from './question-intent.ts';
import type { ComposerSection, ScoredUnit } from './score-units.ts';

/** The lead comes from the highest-ranked source whose best unit scores at least this share of the best unit of all. */
const LEAD_SOURCE_SHARE = 0.5;
/** Units quoted at most, the lead included. */
const MAX_UNITS = 5;
/** Units from sources other than the lead's, at most. */
const MAX_OTHER_SOURCE_UNITS = 2;
/** A unit is quoted beside the lead when it scores at least this share of the lead's (same section); more from elsewhere. */
const SUPPORT_SHARE = 0.45;
const SAME_SOURCE_SHARE = 0.6;
const OTHER_SOURCE_SHARE = 0.8;
/** Rows of one table quoted at most. */
const MAX_TABLE_ROWS = 6;
/** How far after the lead (in lines) the value a value question asks for is looked for. */
const NEIGHBOR_LINES = 3;
const NUMBER = /\d/;
/** An endpoint or a path a where question asks for: `GET /api/version`, `/v1/events/bulk`. */
const ENDPOINT = /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/|(?:^|\s)\/[\w{}.:-]+\/[\w{}./:-]*/;
/** A path a sentence names, one segment enough ("scraping the /metrics endpoint"); not "and/or" (a space comes first). */
const PATH_IN_SENTENCE = /(?:^|\s)\/[a-z][\w{}.:-]*(?:\/[\w{}./:-]*)?(?=[\s,.;:)]|$)/;

/** What the composer knows when it chooses: the sections, the sources holding the deciding terms, what is asked. */
export interface ChoiceContext {
  sections: readonly ComposerSection[];
  deciding: ReadonlySet<number>;
  intent: QuestionIntent;
  asksDefinition: boolean;
  /** The question's terms. */
  questionTerms: ReadonlySet<string>;
}

/**
 * The units an answer quotes, the lead first (`chooseUnits`), each table row with the other matching rows of its
 * table (`withTableRows`), and the neighbours the lead needs (`withNeighbors`).
 */
export function chooseAnswerUnits(scored: readonly ScoredUnit[], context: ChoiceContext): ScoredUnit[] {
  return withNeighbors(withTableRows(chooseUnits(scored, context), withComparedRows(scored, context)), context);
}

/**
 * For a comparison, the scored units with the rows of the scored tables that name a compared term only where it is
 * also their section's title ("prorate" under *Proration*: the title frames it, so the row scores nothing of its own).
 */
function withComparedRows(
  scored: readonly ScoredUnit[],
  { sections, intent, questionTerms }: ChoiceContext,
): readonly ScoredUnit[] {
  if (intent !== 'comparison') return scored;
  const extra: ScoredUnit[] = [];
  const taken = new Set(scored.map(({ unit }) => unit));
  const tables = new Set<readonly string[]>();
  for (const row of scored) {
    if (row.unit.kind !== 'row' || tables.has(row.unit.header)) continue;
    const header = row.unit.header;
    tables.add(header);
    for (const unit of answerUnitsOf((sections[row.section] as ComposerSection).text)) {
      if (unit.kind !== 'row' || unit.header !== header || taken.has(unit)) continue;
      if (![...unit.terms].some((term) => questionTerms.has(term))) continue;
      taken.add(unit);
      extra.push({ ...row, unit, score: 0, coverage: 0 });
    }
  }
  return [...scored, ...extra];
}

/**
 * The lead — the best unit of the highest-ranked source whose best unit scores at least `LEAD_SOURCE_SHARE` of the
 * best of all (the ranking knows the page; the composer knows the sentence), or for a "what is" question the best
 * definition that strong, unless it points back at its context and its section has another strong one — then the
 * units quoted beside it. A line of a list stands for the sentence introducing the list, quoted with all its items.
 */
function chooseUnits(
  scored: readonly ScoredUnit[],
  { deciding, sections, asksDefinition }: ChoiceContext,
): ScoredUnit[] {
  const top = (scored[0] as ScoredUnit).score;
  const strong = scored.filter((candidate) => candidate.score >= top * LEAD_SOURCE_SHARE);
  const leadRank = Math.min(...strong.map((candidate) => candidate.rank));
  const definition = asksDefinition
    ? strong.find(({ unit }) => unit.kind === 'sentence' && unit.sentence.definition)
    : undefined;
  const best = definition ?? (scored.find((candidate) => candidate.rank === leadRank) as ScoredUnit);
  const lead = asList(
    isAnaphoric(best.unit)
      ? (scored.find(
          (candidate) =>
            candidate.section === best.section && !isAnaphoric(candidate.unit) && candidate.score >= best.score * 0.8,
        ) ?? best)
      : best,
    sections,
  );
  const chosen = [lead];
  let fromOthers = 0;
  for (const scoredCandidate of scored) {
    if (chosen.length >= MAX_UNITS || scoredCandidate.score < lead.score * SUPPORT_SHARE) break;
    const candidate = asList(scoredCandidate, sections);
    if (
      chosen.some((other) => other.unit === candidate.unit || isNearDuplicate(candidate.unit.terms, other.unit.terms))
    )
      continue;
    if (
      candidate.section === lead.section ||
      (candidate.source === lead.source && candidate.score >= lead.score * SAME_SOURCE_SHARE)
    )
      chosen.push(candidate);
    else if (
      fromOthers < MAX_OTHER_SOURCE_UNITS &&
      deciding.has(candidate.source) &&
      candidate.score >= lead.score * OTHER_SOURCE_SHARE
    ) {
      chosen.push(candidate);
      fromOthers += 1;
    }
  }
  // What follows the lead in its section reads on from it; what stands before it comes after, as context.
  const leadUnits = answerUnitsOf((sections[lead.section] as ComposerSection).text);
  const followsLead = (unit: ScoredUnit): boolean =>
    unit.section === lead.section && leadUnits.indexOf(unit.unit) > leadUnits.indexOf(lead.unit);
  const rest = chosen
    .slice(1)
    .sort(
      (a, b) =>
        Number(b.section === lead.section) - Number(a.section === lead.section) ||
        Number(followsLead(b)) - Number(followsLead(a)) ||
        a.rank - b.rank ||
        a.section - b.section ||
        a.unit.line - b.unit.line,
    );
  return [lead, ...rest];
}

/** A list line as the sentence introducing its list with all the list's items, when its section has one; any other unit as it is. */
function asList(candidate: ScoredUnit, sections: readonly ComposerSection[]): ScoredUnit {
  const { unit } = candidate;
  if (unit.kind !== 'line' || unit.introLine < 0) return candidate;
  const list = answerUnitsOf((sections[candidate.section] as ComposerSection).text).find(
    (other) => other.kind === 'sentence' && other.line === unit.introLine && other.sentence.items.includes(unit.text),
  );
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
    const rows = [
      unit,
      ...scored.filter(
        (other) =>
          other !== unit && other.section === unit.section && other.unit.kind === 'row' && other.unit.header === header,
      ),
    ].slice(0, MAX_TABLE_ROWS);
    result.push(...rows.sort((a, b) => a.unit.line - b.unit.line).filter((row) => !result.includes(row)));
  }
  return result;
}

/**
 * The lead's neighbours a reader needs: for a value question, the next unit of its section holding a number when
 * no quoted unit of the section does ("… requires minimal resources." then "A basic VPS with 1 vCPU, 2GB RAM…"), else
 * the closest one before it ("… within 30 days of the transaction date." before "… not allowed post that.");
 * for a where question, the endpoint or path line of its source ("GET /api/version"), its own section's first, when
 * no quoted unit of the source names one, else the first sentence of its section naming a path ("… the /metrics
 * endpoint"); for a lead that points back ("This is the default port…"), the line
 * before it that it points at.
 */
function withNeighbors(chosen: readonly ScoredUnit[], { sections, intent }: ChoiceContext): ScoredUnit[] {
  const lead = chosen[0] as ScoredUnit;
  const units = answerUnitsOf((sections[lead.section] as ComposerSection).text).filter(
    (unit): unit is Exclude<AnswerUnit, { kind: 'code' }> => unit.kind !== 'code',
  );
  const neighbor = (unit: AnswerUnit): ScoredUnit => ({
    unit,
    section: lead.section,
    source: lead.source,
    rank: lead.rank,
    score: 0,
    coverage: 0,
  });
  const quoted = (unit: AnswerUnit): boolean =>
    chosen.some(
      (other) =>
        other.unit === unit || (other.section === lead.section && isNearDuplicate(other.unit.terms, unit.terms)),
    );
  const inSection = chosen.filter((unit) => unit.section === lead.section).map((unit) => quotedText(unit.unit));
  const result = [...chosen];
  const after = units
    .slice(units.findIndex((unit) => unit === lead.unit) + 1)
    .filter((unit) => unit.line <= lead.unit.line + NEIGHBOR_LINES);
  if (intent === 'value' && !inSection.some((text) => NUMBER.test(text))) {
    const leadAt = units.findIndex((unit) => unit === lead.unit);
    const before = units
      .slice(0, Math.max(0, leadAt))
      .filter((unit) => unit.line >= lead.unit.line - NEIGHBOR_LINES)
      .reverse();
    const next = after.find((unit) => NUMBER.test(quotedText(unit)));
    const previous = before.find((unit) => NUMBER.test(quotedText(unit)));
    if (next && !quoted(next)) result.splice(1, 0, neighbor(next));
    else if (!next && previous && !quoted(previous)) result.unshift(neighbor(previous));
  }
  if (
    intent === 'where' &&
    !chosen.some((unit) => unit.source === lead.source && ENDPOINT.test(quotedText(unit.unit)))
  ) {
    const path = sections
      .map((section, index) => ({ section, index }))
      .filter(({ section }) => section.source === lead.source)
      .sort((a, b) => Number(b.index === lead.section) - Number(a.index === lead.section))
      .flatMap(({ section, index }) => answerUnitsOf(section.text).map((unit) => ({ unit, index })))
      .find(({ unit }) => unit.kind === 'line' && ENDPOINT.test(unit.text));
    const sentence = units.find((unit) => unit.kind === 'sentence' && PATH_IN_SENTENCE.test(unit.sentence.sentence));
    if (path && !quoted(path.unit)) result.unshift({ ...neighbor(path.unit), section: path.index });
    else if (!path && sentence && !quoted(sentence)) result.unshift(neighbor(sentence));
  }
  if (isAnaphoric(lead.unit)) {
    const before = units.filter((unit) => unit.line === lead.unit.line - 1 && unit.kind === 'line').at(-1);
    if (before && !quoted(before)) result.unshift(neighbor(before));
  }
  return result;
}

/** The text a sentence or line unit quotes ('' for rows and code). */
export function unitText(unit: AnswerUnit): string {
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
