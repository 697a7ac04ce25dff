import { prepareText } from '../../contract/search/prepare-text.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';
import type { SearchResult } from '../search/search.ts';
import { memoiseByText } from './memoise-by-text.ts';

/** A section of a result's page chosen to answer from. */
export interface SelectedSection {
  anchor: string;
  headingPath: readonly string[];
  text: string;
}

/** Sections of one page given beside the ranked one, at most. */
const MAX_EXTRA_SECTIONS = 3;
/** Characters of a page's extra sections, at most: the prompt stays small enough for any model. */
const MAX_EXTRA_CHARACTERS = 6000;
/** A sibling section is given beside the ranked one when it matches at least this share of the ranked one's match. */
const EXTRA_SECTION_SHARE = 0.5;
/** A sibling replaces the ranked section as the page's first (its anchor is the source's link) when it matches this much better. */
const LEAD_SECTION_FACTOR = 1.3;
/** Share of a section's match that comes from its best line (heading included): a line saying it all beats words scattered over a long section. */
const BEST_LINE_SHARE = 0.5;

/** The prepared terms of each line of a section's text (a fenced code block is one line), memoised by text. */
const lineTermsOf = memoiseByText((text): readonly ReadonlySet<string>[] => {
  const lines: string[] = [];
  let fence: string | undefined;
  let block: string[] = [];
  for (const line of text.split('\n')) {
    const mark = /^(`{3,})/.exec(line)?.[1];
    if (fence === undefined && mark) {
      fence = mark;
      block = [];
    } else if (fence !== undefined && mark && line.trim().length === mark.length && mark.length >= fence.length) {
      fence = undefined;
      lines.push(block.join('\n'));
    } else if (fence !== undefined) block.push(line);
    else lines.push(line);
  }
  if (fence !== undefined) lines.push(block.join('\n'));
  return lines.map((line) => new Set(prepareText(line))).filter((terms) => terms.size > 0);
});

/**
 * The sections of each result's page an answer is composed from: the ranked section, and up to two other sections
 * of the same page that match the question about as well (80 % of its match or more) — a page found for its words can hold the answer under
 * another heading than the one ranked ("how many requests does the server queue" ranks the FAQ's *concurrent
 * requests* answer's neighbour). A section matches by the question terms it holds (its heading's too), weighted by
 * how rare each is among the sections of the results' pages, half over the whole section and half over its best
 * line. A sibling that matches clearly better comes first, so the source links to it.
 */
export function selectSourceSections(question: string, results: readonly SearchResult[], sectionsOfPage: (path: string) => readonly SectionRecord[]): SelectedSection[][] {
  const questionTerms = [...new Set(prepareText(question))];
  const pages = results.map((result) => sectionsOfPage(result.path));
  const pool = pages.flat();
  if (questionTerms.length === 0 || pool.length === 0) return results.map((result) => [sectionOf(result)]);
  const headingTerms = (section: { title: string; headingPath: readonly string[] }): ReadonlySet<string> => new Set(prepareText([section.title, ...section.headingPath].join('\n')));
  const holders = new Map(questionTerms.map((term) => [term, 0]));
  for (const section of pool) {
    const terms = new Set([...headingTerms(section), ...lineTermsOf(section.text).flatMap((line) => [...line])]);
    for (const term of questionTerms) if (terms.has(term)) holders.set(term, (holders.get(term) as number) + 1);
  }
  const weights = new Map(questionTerms.map((term) => [term, Math.log(1 + pool.length / ((holders.get(term) as number) + 0.5))]));
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const match = (section: { title: string; headingPath: readonly string[]; text: string }): number => {
    const heading = headingTerms(section);
    const lines = lineTermsOf(section.text);
    const weightOf = (holds: (term: string) => boolean): number => questionTerms.reduce((sum, term) => sum + (holds(term) ? (weights.get(term) as number) : 0), 0);
    const whole = weightOf((term) => heading.has(term) || lines.some((line) => line.has(term)));
    const bestLine = Math.max(weightOf((term) => heading.has(term)), ...lines.map((line) => weightOf((term) => heading.has(term) || line.has(term))));
    return ((1 - BEST_LINE_SHARE) * whole + BEST_LINE_SHARE * bestLine) / total;
  };
  return results.map((result, rank) => {
    const ranked = sectionOf(result);
    const rankedMatch = match({ ...ranked, title: result.title });
    const siblings = (pages[rank] as readonly SectionRecord[])
      .filter((section) => section.anchor !== result.anchor)
      .map((section) => ({ section, score: match(section) }))
      .filter((candidate) => candidate.score > 0 && candidate.score >= rankedMatch * EXTRA_SECTION_SHARE)
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_EXTRA_SECTIONS);
    let characters = 0;
    const extras = siblings.filter(({ section }) => (characters += section.text.length) <= MAX_EXTRA_CHARACTERS);
    if (extras.length === 0) return [ranked];
    const chosen = extras.map(({ section }) => sectionOf(section));
    return (extras[0] as { score: number }).score >= rankedMatch * LEAD_SECTION_FACTOR ? [chosen[0] as SelectedSection, ranked, ...chosen.slice(1)] : [ranked, ...chosen];
  });
}

function sectionOf(section: { anchor: string; headingPath: readonly string[]; text: string }): SelectedSection {
  return { anchor: section.anchor, headingPath: section.headingPath, text: section.text };
}
