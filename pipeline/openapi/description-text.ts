import { parsePage } from '../content/parse-page.ts';

/** Markdown syntax worth parsing for: emphasis, code, links and images, HTML, headings, lists, quotes, tables, escapes. */
const MARKDOWN_SYNTAX = /[*_`[\]<>#|\\]|^\s*(?:[-+]|\d+[.)])\s|\n\s*\n/m;
/** Descriptions already converted (specs repeat them across operations); cleared when full. */
const converted = new Map<string, string[]>();
const MAX_CONVERTED = 20_000;

/**
 * The text of a spec description, which OpenAPI defines as CommonMark: its lines as the page pipeline reads Markdown
 * (emphasis and code marks dropped, a link's text kept, one line per paragraph, list item or table row, code blocks
 * fenced), whitespace collapsed. Text without Markdown syntax is only collapsed. Not a string: no lines.
 */
export function descriptionLines(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  if (!MARKDOWN_SYNTAX.test(value)) {
    const line = value.replace(/\s+/g, ' ').trim();
    return line === '' ? [] : [line];
  }
  let lines = converted.get(value);
  if (lines === undefined) {
    const page = parsePage({ file: 'description.md', text: `---\ntitle: description\n---\n${value}\n` });
    lines = page.sections.flatMap((section) => [...(section.headingPath.length > 0 ? [section.headingPath.at(-1) as string] : []), ...section.text.split('\n')]).map((line) => line.trim()).filter(Boolean);
    if (page.diagnostics.length > 0 && lines.length === 0) lines = [value.replace(/\s+/g, ' ').trim()];
    if (converted.size === MAX_CONVERTED) converted.clear();
    converted.set(value, lines);
  }
  return lines;
}

/** A spec description as one line of text (for a field, a parameter or a response status). */
export function descriptionText(value: unknown): string {
  return descriptionLines(value).join(' ');
}
