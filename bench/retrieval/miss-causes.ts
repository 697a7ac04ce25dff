import { distance } from 'fastest-levenshtein';
import { prepareText } from '../../contract/search/prepare-text.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';
import type { SearchIndex, SearchResult } from '../../runtime/search/index.ts';
import { isHubPage } from '../../runtime/search/page-index.ts';
import { pageSections } from '../../runtime/search/page-sections.ts';

/** Why the gold page of a question is not ranked first, in the order the causes are tried. */
export const MISS_CAUSES = ['typo', 'identifier', 'twin', 'hub', 'sibling', 'section', 'paraphrase', 'other'] as const;

/** One cause of a miss at rank 1 (see `missCause`). */
export type MissCause = (typeof MISS_CAUSES)[number];

/** A question word written like code: `context.call`, `created_at`, `row_number()`, `--group`, `waitForToken`. */
const IDENTIFIER = /\w[.:]\w|\w_\w|\w\(\)|(?:^|\s)--?[a-z]|[a-z][A-Z]/;
/** A gold page holding this share of the question's words the first page holds (each weighed by its rarity) is on the same words: else it says the question in other words. */
const SAME_WORDS_SHARE = 0.9;
/** A gold page that holds this share of the question's terms as a whole… */
const SECTION_PAGE_COVERAGE = 0.75;
/** …but no section holding this share: the answer is spread over sections (or buried in a badly split one). */
const SECTION_COVERAGE = 0.5;

/** What `missCause` reads about one question: its text, its gold pages and docsmith's ranking. */
export interface MissInput {
  question: string;
  /** The gold pages' paths. */
  gold: string[];
  /** Whether a page path is a gold page of the question (other versions of a gold page included). */
  isGold: (path: string) => boolean;
  ranked: SearchResult[];
}

/**
 * Why docsmith's first page is not a gold page, classified automatically, first rule that holds:
 * - `typo`: a question word the site does not hold is a misspelling of a word of a gold page (same first letter, one
 *   edit, two from eight letters);
 * - `identifier`: the question holds a code-like word (`context.call`, `created_at`, `--group`, `row_number()`);
 * - `twin`: the first page has a gold page's title, or its path differs from a gold page's in one segment
 *   (`sdks/php/upsert` for `sdks/python/upsert`);
 * - `hub`: the first page is a hub (mostly links, `isHubPage`);
 * - `section`: a gold page is in the top 10 and holds most of the question's words, but no section of it does;
 * - `sibling`: a gold page is in the top 10 and shares the first page's navigation group or parent folder, or holds
 *   as much of the question's words as the first page (each word weighed by its rarity in the site);
 * - `paraphrase`: the gold pages hold less of the question's words than the first page (or none is in the index);
 * - `other`: anything else (a gold page beyond the top 10 that holds the question's words).
 */
export function missCause(index: SearchIndex, input: MissInput): MissCause {
  const goldPaths = input.gold.filter((path) => pageSections(index, path).length > 0);
  const goldSections = goldPaths.flatMap((path) => pageSections(index, path));
  const language = goldSections[0]?.context.language ?? index.defaults.language;
  const terms = [...new Set(prepareText(input.question, language))];
  const top = input.ranked[0];
  if (goldSections.length === 0 || terms.length === 0 || !top) return 'paraphrase';
  const goldTerms = new Set(goldSections.flatMap((section) => sectionTerms(section, language)));
  const unknown = terms.filter((term) => index.engine?.documentFrequency(term) === 0);
  if (unknown.some((term) => term.length >= 4 && [...goldTerms].some((candidate) => isMisspelling(term, candidate))))
    return 'typo';
  if (IDENTIFIER.test(input.question)) return 'identifier';
  const topTitle = top.title.trim().toLowerCase();
  if (
    goldPaths.some(
      (path) =>
        pageSections(index, path)[0]?.title.trim().toLowerCase() === topTitle || differsInOneSegment(path, top.path),
    )
  )
    return 'twin';
  const topPage = index.pages?.pageOfPath.get(top.path);
  if (index.pages && topPage !== undefined && isHubPage(index.pages, topPage)) return 'hub';
  const goldRanked = input.ranked.slice(0, 10).find((result) => input.isGold(result.path));
  const coverage = (held: Set<string>): number => terms.filter((term) => held.has(term)).length / terms.length;
  if (
    goldRanked &&
    coverage(goldTerms) >= SECTION_PAGE_COVERAGE &&
    goldSections.every((section) => coverage(new Set(sectionTerms(section, language))) < SECTION_COVERAGE)
  )
    return 'section';
  // Each question term weighs its inverse document frequency: the rare words say what the question is about.
  const weightOf = (term: string): number =>
    Math.log(1 + index.sections.length / Math.max(1, index.engine?.documentFrequency(term) ?? 1));
  const weighted = (held: Set<string>): number =>
    terms.reduce((sum, term) => sum + (held.has(term) ? weightOf(term) : 0), 0);
  const topTerms = new Set(pageSections(index, top.path).flatMap((section) => sectionTerms(section, language)));
  const sharesWords = weighted(goldTerms) >= SAME_WORDS_SHARE * weighted(topTerms);
  if (goldRanked && (sharesWords || sameGroup(goldRanked, top) || parentOf(goldRanked.path) === parentOf(top.path)))
    return 'sibling';
  if (!sharesWords) return 'paraphrase';
  return 'other';
}

function sectionTerms(section: SectionRecord, language: string | undefined): string[] {
  return prepareText(
    [section.title, ...section.headingPath, section.description ?? '', section.text].join('\n'),
    language,
  );
}

function isMisspelling(term: string, candidate: string): boolean {
  const allowed = term.length >= 8 ? 2 : 1;
  return (
    term[0] === candidate[0] &&
    Math.abs(candidate.length - term.length) <= allowed &&
    distance(candidate, term) <= allowed
  );
}

function differsInOneSegment(first: string, second: string): boolean {
  const a = first.split('/');
  const b = second.split('/');
  return (
    a.length === b.length &&
    a.length > 1 &&
    a.filter((segment, position) => segment !== b[position]).length === 1 &&
    a.at(-1) === b.at(-1)
  );
}

function sameGroup(first: SearchResult, second: SearchResult): boolean {
  const group = first.metadata.groups.at(-1);
  return group !== undefined && group === second.metadata.groups.at(-1);
}

function parentOf(path: string): string {
  return path.split('/').slice(0, -1).join('/');
}
