import type { ManifestPage } from '../../schemas/manifest.ts';
import { pageMarkdownFile } from '../../schemas/page-markdown-file.ts';
import type { PageSection } from '../content/parsed-page.ts';

/** The files a site may write itself at its root: each replaces the generated file of its name, as on the platform. */
export const CUSTOM_LLMS_FILES = ['llms.txt', 'llms-full.txt'] as const;

/** What `buildLlmsFiles` needs from a build. */
export interface LlmsInput {
  siteName: string;
  description?: string;
  /** Public base URL (no trailing slash); '' makes links relative to llms.txt itself (`guides/setup.md`), right wherever it is served. */
  siteUrl: string;
  pages: readonly ManifestPage[];
  /**
   * The sections of each indexed page by route, as parsed (`PageSection.markdown` kept): pages that share their
   * sections (copies across versions and languages), title and description get one Markdown text, made once.
   */
  pageSections: ReadonlyMap<string, readonly PageSection[]>;
  /** The site's own `llms.txt` and `llms-full.txt` (its root files, by name; default none), served instead of the generated ones. */
  customFiles?: ReadonlyMap<string, string>;
}

/**
 * The files docs tools expect (llmstxt.org): `llms.txt` (the site's title, description and a link list of its
 * pages, grouped by navigation group, then its OpenAPI specs), `llms-full.txt` (every distinct page Markdown, once) and one Markdown file per page
 * (`pages/<path>.md`: title, description, then each section under its heading); a site's own `llms.txt` or
 * `llms-full.txt` replaces the generated one (`customFiles`). Only indexed pages are listed
 * (hidden, noindex and unsearchable pages stay out). Deterministic: the same build gives the same bytes.
 */
export function buildLlmsFiles(input: LlmsInput): Map<string, string> {
  const pages = input.pages.filter((page) => page.indexed);
  const files = new Map<string, string>();
  const markdowns: string[] = [];
  /** llms-full.txt holds each distinct page Markdown once: copies across versions and languages read the same. */
  const inFull = new Set<string>();
  const markdownsBySections = new Map<
    readonly PageSection[],
    { title: string; description: string | undefined; markdown: string }[]
  >();
  for (const page of pages) {
    const sections = input.pageSections.get(page.path) ?? [];
    const candidates = markdownsBySections.get(sections) ?? [];
    let markdown = candidates.find(
      (candidate) => candidate.title === page.title && candidate.description === page.description,
    )?.markdown;
    if (markdown === undefined) {
      markdown = pageMarkdown(page, sections);
      markdownsBySections.set(sections, [
        ...candidates,
        { title: page.title, description: page.description, markdown },
      ]);
      // A Markdown text reused from `markdownsBySections` is in llms-full.txt since it was made.
      if (!inFull.has(markdown)) {
        inFull.add(markdown);
        markdowns.push(markdown);
      }
    }
    files.set(pageMarkdownFile(page.path), markdown);
  }
  const groups = groupByKey(pages, (page) => page.context.groups[0] ?? page.context.tab ?? 'Pages');
  const index = [
    `# ${input.siteName || 'Documentation'}`,
    ...(input.description ? ['', `> ${oneLine(input.description)}`] : []),
  ];
  const linkDescriptions = new Map<string, string>();
  for (const [group, members] of groups) {
    index.push('', `## ${group}`, '');
    for (const page of members) {
      let linkDescription = page.description ? linkDescriptions.get(page.description) : '';
      if (linkDescription === undefined && page.description) {
        linkDescription = `: ${oneLine(page.description)}`;
        linkDescriptions.set(page.description, linkDescription);
      }
      index.push(`- [${page.title}](${input.siteUrl ? `${input.siteUrl}/` : ''}${page.path}.md)${linkDescription}`);
    }
  }
  const specs = openApiSpecLinks(input.pages, input.siteUrl);
  if (specs.length > 0) index.push('', '## OpenAPI Specs', '', ...specs);
  files.set('llms.txt', input.customFiles?.get('llms.txt') ?? `${index.join('\n')}\n`);
  files.set('llms-full.txt', input.customFiles?.get('llms-full.txt') ?? markdowns.join('\n---\n\n'));
  // Names sorted by UTF-16 code units: the default order of `sort()`.
  return new Map([...files.keys()].sort().map((name) => [name, files.get(name) as string]));
}

/**
 * A page as Markdown: `# title`, the description as a quote, then each section's Markdown (else its text) under
 * its heading.
 */
export function pageMarkdown(
  page: Pick<ManifestPage, 'title' | 'description'>,
  sections: readonly PageSection[],
): string {
  const lines = [`# ${page.title}`];
  if (page.description) lines.push('', `> ${oneLine(page.description)}`);
  for (const section of sections) {
    const heading = section.markdownHeading ?? section.headingPath.at(-1);
    if (heading) lines.push('', `${'#'.repeat(Math.min(section.headingPath.length + 1, 6))} ${heading}`);
    const text = (section.markdown ?? section.text).trim();
    if (text) lines.push('', text);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The OpenAPI files the site's endpoint pages come from, as llms.txt links named by file (the platform's "OpenAPI
 * Specs" section): a remote spec at its URL, the site's own at its path under `siteUrl`, where the docs site serves
 * it; without `siteUrl` no site spec is listed, as the runtime serves none (docs/decisions/0297).
 */
function openApiSpecLinks(pages: readonly ManifestPage[], siteUrl: string): string[] {
  const urls = new Set<string>();
  for (const page of pages) {
    const spec = page.operation?.specFile;
    if (!spec) continue;
    if (/^https?:\/\//i.test(spec)) urls.add(spec);
    else if (siteUrl) urls.add(`${siteUrl}/${spec.replace(/^\/+/, '')}`);
  }
  return [...urls].map((url) => {
    const name = (url.split(/[?#]/)[0] ?? url).replace(/\/+$/, '').split('/').at(-1) ?? url;
    return `- [${name.replace(/\.(json|ya?ml)$/i, '')}](${url})`;
  });
}

/** Items by a key, each list in input order, keys in first-seen order. */
function groupByKey<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const members = groups.get(key);
    if (members) members.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
