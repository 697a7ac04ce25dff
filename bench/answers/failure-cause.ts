import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnswerQuestion } from './answer-question-set.ts';
import type { BuiltSite } from './built-site-cache.ts';
import {
  answersQuestion,
  citedSources,
  normalizeForFacts,
  type AnswerScore,
  type ComposedAnswer,
} from './score-answer.ts';

/** Why an answer missed, in the order they are checked (the first that holds is the cause). */
export const FAILURE_CAUSES = [
  'retrieval miss (no gold page among the sources)',
  'refused with a gold page among the sources',
  'facts there, but only other pages cited',
  'fact in another section of a gold page',
  'fact in a table row',
  'fact in a code block',
  'fact in a heading or the page title',
  'fact in a callout',
  'fact in a field (ParamField, ResponseField)',
  'fact in frontmatter',
  'fact in a list item or "Label: value" line',
  'off-topic sentences from other sources',
  'neighbouring sentence instead of the fact',
  'fact not on any gold page',
] as const;
export type FailureCause = (typeof FAILURE_CAUSES)[number];

/** Where a fact stands on a page: the kind of line holding it. */
type Place = 'prose' | 'table' | 'code' | 'heading' | 'callout' | 'field' | 'frontmatter' | 'list';

const PLACE_CAUSE: Record<Exclude<Place, 'prose'>, FailureCause> = {
  table: 'fact in a table row',
  code: 'fact in a code block',
  heading: 'fact in a heading or the page title',
  callout: 'fact in a callout',
  field: 'fact in a field (ParamField, ResponseField)',
  frontmatter: 'fact in frontmatter',
  list: 'fact in a list item or "Label: value" line',
};
/** When a fact stands in several places, the first of these names the cause (prose first: a composer could have quoted it there). */
const PLACE_ORDER: Place[] = ['prose', 'table', 'code', 'heading', 'callout', 'field', 'list', 'frontmatter'];
const CALLOUT = /^<(Note|Tip|Warning|Info|Check|Danger|Callout|Caution|Important)\b/;
const FIELD = /^<(ParamField|ResponseField|Field|Property)\b/;

/**
 * Why an answer that does not score missed: retrieval, a refusal, citations, a fact only in a section of a gold
 * page that is not among the sources, or — for a fact the sources hold but the text lacks — where that fact stands on the gold page (the source file as written, else the page's built Markdown): a table row,
 * a code block, a heading, a callout, a field component, frontmatter, a list or label line, or prose (then: the
 * answer quoted other sources, or a neighbouring sentence of the right one).
 */
export function failureCause(
  question: AnswerQuestion,
  answer: ComposedAnswer & { sourceTexts: readonly string[] },
  score: AnswerScore,
  site: BuiltSite,
): FailureCause {
  if (!score.goldAmongSources) return 'retrieval miss (no gold page among the sources)';
  if (score.notFound) return 'refused with a gold page among the sources';
  if (score.facts) return 'facts there, but only other pages cited';
  const evidence = normalizeForFacts(answer.sourceTexts.join('\n'));
  const goldPages = site.pages.filter((page) => answersQuestion(question, page.path));
  const places = new Set<Place>();
  for (const fact of score.missingFacts)
    for (const page of goldPages) for (const place of placesOf(fact, pageLines(site, page))) places.add(place);
  for (const page of goldPages)
    if (
      score.missingFacts.some((fact) =>
        fact.some((spelling) => normalizeForFacts(page.title).includes(normalizeForFacts(spelling))),
      )
    )
      places.add('heading');
  const place = PLACE_ORDER.find((candidate) => places.has(candidate));
  if (place === undefined) return 'fact not on any gold page';
  if (!score.missingFacts.every((fact) => fact.some((spelling) => evidence.includes(normalizeForFacts(spelling)))))
    return 'fact in another section of a gold page';
  if (place !== 'prose') return PLACE_CAUSE[place];
  const cited = [...citedSources(answer.text)].map((number) => answer.sources[number - 1] ?? '');
  return cited.some((source) => answersQuestion(question, source))
    ? 'neighbouring sentence instead of the fact'
    : 'off-topic sentences from other sources';
}

/** The lines of a gold page as written: its source file (snippets not inlined), then its built Markdown (snippets and endpoint pages included). */
function pageLines(site: BuiltSite, page: BuiltSite['pages'][number]): string[] {
  let source = '';
  if (page.file) {
    try {
      source = readFileSync(path.join(site.directory, page.file), 'utf8');
    } catch {
      source = '';
    }
  }
  return `${source}\n${page.markdown}`.split('\n');
}

/** The kinds of line a fact (any of its spellings) stands in. */
function placesOf(fact: string[], lines: string[]): Set<Place> {
  const places = new Set<Place>();
  const spellings = fact.map(normalizeForFacts);
  let fence: string | undefined;
  let frontmatter = lines[0]?.trim() === '---';
  let callouts = 0;
  let field = false;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (frontmatter && index > 0 && trimmed === '---') {
      frontmatter = false;
      return;
    }
    const fenceMark = /^(`{3,}|~{3,})/.exec(trimmed)?.[1];
    if (
      fenceMark &&
      (fence === undefined || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length && trimmed === fenceMark))
    ) {
      fence = fence === undefined ? fenceMark : undefined;
      return;
    }
    if (CALLOUT.test(trimmed)) callouts += 1;
    if (FIELD.test(trimmed)) field = true;
    const text = normalizeForFacts(line);
    if (spellings.some((spelling) => text.includes(spelling)))
      places.add(
        placeOf(trimmed, {
          frontmatter: frontmatter && index > 0,
          code: fence !== undefined,
          callout: callouts > 0,
          field,
        }),
      );
    if (
      /^<\/(Note|Tip|Warning|Info|Check|Danger|Callout|Caution|Important)>/.test(trimmed) ||
      /<\/(Note|Tip|Warning|Info|Check|Danger|Callout|Caution|Important)>$/.test(trimmed)
    )
      callouts = Math.max(0, callouts - 1);
    if (/<\/(ParamField|ResponseField|Field|Property)>|\/>$/.test(trimmed) && field) field = false;
  });
  return places;
}

function placeOf(
  line: string,
  state: { frontmatter: boolean; code: boolean; callout: boolean; field: boolean },
): Place {
  if (state.frontmatter) return 'frontmatter';
  if (state.code) return 'code';
  if (/^#{1,6}\s/.test(line) || /^<(Step|Tab|Accordion|Card|Update)\b[^>]*title=/.test(line)) return 'heading';
  if (/^\|/.test(line) || /\S\s\|\s\S/.test(line)) return 'table';
  if (state.field || FIELD.test(line)) return 'field';
  if (state.callout || CALLOUT.test(line)) return 'callout';
  if (/^(?:[-*+]|\d+[.)])\s/.test(line) || /^[^.:]{1,40}:\s+\S[^.]*$/.test(line) || /:$/.test(line)) return 'list';
  return 'prose';
}
