import { textLines } from '../../contract/search/code-fences.ts';
import { prepareText } from '../../contract/search/prepare-text.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';
import type { SearchResult } from '../search/search.ts';
import { MIN_STEPS } from './marked-list-items.ts';
import { memoizeByText } from './memoize-by-text.ts';
import { questionIntent } from './question-intent.ts';
import { askedForm } from './asked-form.ts';
import { stepRuns } from './step-heading.ts';

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
/**
 * For a command or code question, a sibling with a code block is given when the page's chosen sections have none and
 * it matches this share of the ranked one's match; for a steps question, likewise a sibling with a list of steps; for
 * a question naming a written form (`askedForm`: an environment variable, a flag, a size…), one holding that form.
 */
const FORM_SECTION_SHARE = 0.3;
/** A sibling replaces the ranked section as the page's first (its anchor is the source's link) when it matches this much better. */
const LEAD_SECTION_FACTOR = 1.3;
/** Characters of a page's numbered step sections given for a steps question, at most (whole steps, in order). */
const MAX_STEP_CHARACTERS = 8000;
/** Share of a section's match that comes from its best line (heading included): a line saying it all beats words scattered over a long section. */
const BEST_LINE_SHARE = 0.5;

/** The terms of a section's whole text, memoised by text. */
const textTermsOf = memoizeByText((text): ReadonlySet<string> => new Set(prepareText(text)));
/** The terms of each line of a section's text (a fenced code block is one line), memoised by text. */
const lineTermsOf = memoizeByText((text): readonly ReadonlySet<string>[] => {
  const lines: string[] = [];
  for (const line of textLines(text)) {
    if (!line.code) lines.push(line.text);
    else if (line.fence === 'open') lines.push('');
    else if (line.fence === undefined) lines[lines.length - 1] += `\n${line.text}`;
  }
  return lines.map((line) => new Set(prepareText(line))).filter((set) => set.size > 0);
});
/** The terms of headings (a section's heading path, or its page title with it), memoised by their text. */
const headingTermsOf = memoizeByText((heading): ReadonlySet<string> => new Set(prepareText(heading)));
/** Whether a section holds a term, in its headings or its text. */
const holds = (section: { headingPath: readonly string[]; text: string }, term: string): boolean =>
  headingTermsOf(section.headingPath.join('\n')).has(term) || textTermsOf(section.text).has(term);
/** Whether a section's text holds a fenced code block. */
const hasCode = (text: string): boolean => textLines(text).some((line) => line.fence === 'open');
/** Whether a section's text holds a list of steps: `MIN_STEPS` marked items or more. */
const hasSteps = (text: string): boolean => textLines(text).filter((line) => line.item === 'start').length >= MIN_STEPS;

/**
 * The sections of each result's page an answer is composed from: the ranked section, and up to three other sections
 * of the same page that match the question at least half as well (6,000 characters of them at most) — a page found
 * for its words can hold the answer under another heading than the one ranked ("how many requests does the server
 * queue" can rank the FAQ's *proxy* answer, a neighbour of the *concurrent requests* one). A section matches by the
 * question terms it holds (its headings' too, not the page title every section of the page shares), weighted by how
 * rare each is among the sections of the results' pages, half over the whole section and half over its best line. A
 * sibling matching a third better comes first, so the source links to it. The rarest question term none of the
 * chosen sections holds brings one more sibling that matches that well and holds it (the *EVM* table holding the
 * "Stable" chain the question names, fifth by match). For a command or code question, a sibling with a code block
 * is given too when none of the chosen sections has one, for a steps question one with a list of steps, and for a
 * question naming a written form one holding it ("minimum machine size" and "4 GB RAM", `FORM_SECTION_SHARE`). For a steps question, a page's numbered step sections ("1. Clone", "2. Configure"…,
 * `stepRuns`) that hold the ranked section or match half as well come first, whole and in order, then the other
 * sections chosen.
 */
export function selectSourceSections(
  question: string,
  results: readonly SearchResult[],
  sectionsOfPage: (path: string) => readonly SectionRecord[],
): SelectedSection[][] {
  const questionTerms = [...new Set(prepareText(question))];
  const intent = questionIntent(question);
  const form = askedForm(question);
  const holdsAsked =
    intent === 'command' || intent === 'code'
      ? hasCode
      : intent === 'steps'
        ? hasSteps
        : form && ((text: string): boolean => form.test(text));
  const pages = results.map((result) => sectionsOfPage(result.path));
  const pool = pages.flat();
  if (questionTerms.length === 0 || pool.length === 0) return results.map((result) => [sectionOf(result)]);
  const headingOf = (section: { title: string; headingPath: readonly string[] }): ReadonlySet<string> =>
    headingTermsOf([section.title, ...section.headingPath].join('\n'));
  const held = pool.map((section) => [headingOf(section), textTermsOf(section.text)]);
  const weights = questionTerms.map((term) => {
    const holders = held.filter(([heading, text]) => heading?.has(term) || text?.has(term)).length;
    return Math.log(1 + pool.length / (holders + 0.5));
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const weightOf = (isHeld: (term: string) => boolean): number =>
    questionTerms.reduce((sum, term, index) => sum + (isHeld(term) ? (weights[index] as number) : 0), 0);
  /**
   * Half the weight the section holds, plus half the weight its best line holds, over the question's; 0 when the
   * section holds less than `atLeast` of it (its lines are not read then: it cannot match better).
   */
  const match = (section: { headingPath: readonly string[]; text: string }, atLeast = 0): number => {
    const heading = headingTermsOf(section.headingPath.join('\n'));
    const whole = weightOf((term) => holds(section, term));
    if (whole === 0 || whole / total < atLeast) return 0;
    let bestLine = weightOf((term) => heading.has(term));
    for (const line of lineTermsOf(section.text))
      bestLine = Math.max(
        bestLine,
        weightOf((term) => heading.has(term) || line.has(term)),
      );
    return ((1 - BEST_LINE_SHARE) * whole + BEST_LINE_SHARE * bestLine) / total;
  };
  /** For a steps question, the numbered step sections of the page (`stepRuns`) that match it best, when they match at least half as well as the ranked section or hold it. */
  const stepsFor = (
    page: readonly SectionRecord[],
    anchor: string,
    rankedMatch: number,
  ): SectionRecord[] | undefined => {
    let best: { run: SectionRecord[]; score: number } | undefined;
    for (const positions of stepRuns(page.map((section) => section.headingPath))) {
      const run = positions.map((position) => page[position] as SectionRecord);
      const parent = run[0]?.headingPath.slice(0, -1) ?? [];
      const score = match({
        headingPath: [...parent, ...run.map((section) => section.headingPath.at(-1) ?? '')],
        text: run.map((section) => section.text).join('\n'),
      });
      const holdsRanked = run.some((section) => section.anchor === anchor);
      if ((holdsRanked || score >= rankedMatch * EXTRA_SECTION_SHARE) && (!best || score > best.score))
        best = { run, score };
    }
    if (!best) return undefined;
    let characters = 0;
    return best.run.filter((section) => (characters += section.text.length) <= MAX_STEP_CHARACTERS);
  };
  return results.map((result, rank) => {
    const ranked = sectionOf(result);
    const rankedMatch = match(ranked);
    const siblings = (pages[rank] as readonly SectionRecord[])
      .filter((section) => section.anchor !== result.anchor)
      .map((section) => ({ section, score: match(section, rankedMatch * EXTRA_SECTION_SHARE) }))
      .filter((candidate) => candidate.score > 0 && candidate.score >= rankedMatch * EXTRA_SECTION_SHARE)
      .sort((a, b) => b.score - a.score);
    const top = siblings.slice(0, MAX_EXTRA_SECTIONS);
    // The rarest question term none of the chosen sections holds brings the best sibling that holds it.
    const missing = questionTerms
      .map((term, position) => ({ term, weight: weights[position] as number }))
      .filter(({ term }) => ![ranked, ...top.map(({ section }) => section)].some((section) => holds(section, term)))
      .sort((a, b) => b.weight - a.weight)[0];
    const cover = missing && siblings.slice(MAX_EXTRA_SECTIONS).find(({ section }) => holds(section, missing.term));
    if (cover) top.push(cover);
    let characters = 0;
    const extras = top.filter(({ section }) => {
      if (characters + section.text.length > MAX_EXTRA_CHARACTERS) return false;
      characters += section.text.length;
      return true;
    });
    if (holdsAsked && !holdsAsked(ranked.text) && !extras.some(({ section }) => holdsAsked(section.text))) {
      const formSection = (pages[rank] as readonly SectionRecord[])
        .filter((section) => section.anchor !== result.anchor && holdsAsked(section.text))
        .map((section) => ({ section, score: match(section, rankedMatch * FORM_SECTION_SHARE) }))
        .filter(
          (candidate) =>
            candidate.score >= rankedMatch * FORM_SECTION_SHARE &&
            characters + candidate.section.text.length <= MAX_EXTRA_CHARACTERS,
        )
        .sort((a, b) => b.score - a.score)[0];
      if (formSection) extras.push(formSection);
    }
    const steps =
      intent === 'steps' ? stepsFor(pages[rank] as readonly SectionRecord[], result.anchor, rankedMatch) : undefined;
    if (steps && steps.length >= 2) {
      const inRun = new Set(steps.map((section) => section.anchor));
      const others = extras
        .filter(({ section }) => !inRun.has(section.anchor))
        .map(({ section }) => sectionOf(section));
      return [...(inRun.has(result.anchor) ? [] : [ranked]), ...steps.map(sectionOf), ...others];
    }
    if (extras.length === 0) return [ranked];
    const chosen = extras.map(({ section }) => sectionOf(section));
    return (extras[0] as { score: number }).score >= rankedMatch * LEAD_SECTION_FACTOR
      ? [chosen[0] as SelectedSection, ranked, ...chosen.slice(1)]
      : [ranked, ...chosen];
  });
}

function sectionOf(section: { anchor: string; headingPath: readonly string[]; text: string }): SelectedSection {
  return { anchor: section.anchor, headingPath: section.headingPath, text: section.text };
}
