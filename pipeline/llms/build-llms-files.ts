import type { ManifestPage } from '../../schemas/manifest.ts';
import { pageMarkdownFile } from '../../schemas/page-markdown-file.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';

/** What `buildLlmsFiles` needs from a build. */
export interface LlmsInput {
  siteName: string;
  description?: string;
  /** Public base URL (no trailing slash); '' keeps links root-relative. */
  siteUrl: string;
  pages: readonly ManifestPage[];
  /** The indexed sections, in page order. */
  sectionRecords: readonly SectionRecord[];
}

/**
 * The files docs tools expect (llmstxt.org): `llms.txt` (the site's title, description and a link list of its
 * pages, grouped by navigation group), `llms-full.txt` (every page's Markdown) and one Markdown file per page
 * (`pages/<path>.md`: title, description, then each section under its heading). Only indexed pages are listed
 * (hidden, noindex and unsearchable pages stay out). Deterministic: the same build gives the same bytes.
 */
export function buildLlmsFiles(input: LlmsInput): Map<string, string> {
  const sectionsByPath = new Map<string, SectionRecord[]>();
  for (const record of input.sectionRecords) sectionsByPath.set(record.path, [...(sectionsByPath.get(record.path) ?? []), record]);
  const pages = input.pages.filter((page) => page.indexed);
  const files = new Map<string, string>();
  const markdowns: string[] = [];
  for (const page of pages) {
    const markdown = pageMarkdown(page, sectionsByPath.get(page.path) ?? []);
    files.set(pageMarkdownFile(page.path), markdown);
    markdowns.push(markdown);
  }
  const groups = new Map<string, ManifestPage[]>();
  for (const page of pages) {
    const group = page.context.groups[0] ?? page.context.tab ?? 'Pages';
    groups.set(group, [...(groups.get(group) ?? []), page]);
  }
  const index = [`# ${input.siteName || 'Documentation'}`, ...(input.description ? ['', `> ${oneLine(input.description)}`] : [])];
  for (const [group, members] of groups) {
    index.push('', `## ${group}`, '');
    for (const page of members) index.push(`- [${page.title}](${input.siteUrl}/${page.path}.md)${page.description ? `: ${oneLine(page.description)}` : ''}`);
  }
  files.set('llms.txt', `${index.join('\n')}\n`);
  files.set('llms-full.txt', markdowns.join('\n---\n\n'));
  return new Map([...files].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}

/** A page as Markdown: `# title`, the description as a quote, then each section under its heading. */
export function pageMarkdown(page: Pick<ManifestPage, 'title' | 'description'>, sections: readonly SectionRecord[]): string {
  const lines = [`# ${page.title}`];
  if (page.description) lines.push('', `> ${oneLine(page.description)}`);
  for (const section of sections) {
    const heading = section.headingPath.at(-1);
    if (heading) lines.push('', `${'#'.repeat(Math.min(section.headingPath.length + 1, 6))} ${heading}`);
    const text = section.anchor === '' && page.description ? stripLeading(section.text, page.description.trim()) : section.text;
    if (text.trim()) lines.push('', text.trim());
  }
  return `${lines.join('\n')}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The intro section's text starts with the page description (see toSectionRecords); it is already the quote. */
function stripLeading(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}
