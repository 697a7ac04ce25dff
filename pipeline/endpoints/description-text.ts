import { withoutItemMark } from '../../contract/search/code-fences.ts';
import { parsePage } from '../content/parse-page.ts';

/** Markdown syntax at all: emphasis, code, links and images, HTML, headings, lists, quotes, tables, escapes. */
const MARKDOWN_SYNTAX = /[*_`[\]<>#|\\]|^\s*(?:[-+]|\d+[.)])\s|\n\s*\n/m;
/** Syntax that needs the Markdown parser: blocks (blank lines, headings, lists, quotes, tables, fences), HTML, escapes, reference links. */
const BLOCK_OR_RARE_SYNTAX = /\n\s*\n|^\s*(?:#{1,6}\s|[-+*]\s|\d+[.)]\s|>|\||```|~~~)|[<\\|]|\]\[|\]:/m;
/** Links and images of a one-paragraph description: replaced by their text. */
const LINK = /!?\[([^\]]*)\]\([^()\s]*(?:\([^()]*\)[^()\s]*)*(?:\s+"[^"]*")?\)/g;
/** Code spans: their code is kept as written. */
const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
/** Emphasis marks outside code: strong, then emphasis with `*` or `_` (not inside words for `_`). */
const EMPHASIS: [RegExp, string][] = [
  [/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2'],
  [/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?![\w*])/g, '$1$2'],
  [/(^|[^\w_])_(?=\S)([^_]*?\S)_(?![\w_])/g, '$1$2'],
];
/** Descriptions already converted (specs repeat them across operations); cleared when full. */
const converted = new Map<string, string[]>();
const MAX_CONVERTED = 20_000;

/**
 * The text of a spec description, which OpenAPI defines as CommonMark and the platform compiles as MDX: its lines as
 * the page pipeline reads MDX (emphasis and code marks dropped, a link's text kept, one line per paragraph, list item
 * or table row, code blocks fenced), whitespace collapsed; a description that is no valid MDX (`v1=<hex>`), as the
 * platform shows it then, its text as written on one line. Text without Markdown syntax is only collapsed, and one paragraph with only links, code
 * spans and emphasis has those marks dropped without the parser (what it would give for them). Not a string: no lines.
 */
export function descriptionLines(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  if (!MARKDOWN_SYNTAX.test(value)) {
    const line = value.replace(/\s+/g, ' ').trim();
    return line === '' ? [] : [line];
  }
  let lines = converted.get(value);
  if (lines === undefined && !BLOCK_OR_RARE_SYNTAX.test(value)) {
    // One paragraph with inline marks only (most spec descriptions): the marks are dropped without the parser.
    const line = withoutInlineMarks(value).replace(/\s+/g, ' ').trim();
    lines = line === '' ? [] : [line];
  }
  if (lines === undefined) {
    // Compiled as MDX, as the platform compiles it: one it cannot compile (`v1=<hex>`, an unclosed `<br>`) is shown
    // as the text it is.
    const page = parsePage({ file: 'description.mdx', text: `---\ntitle: description\n---\n${value}\n` });
    lines = page.sections
      .flatMap((section) => [
        ...(section.headingPath.length > 0 ? [section.headingPath.at(-1) as string] : []),
        ...section.text.split('\n'),
      ])
      .map((line) => line.trim())
      .filter(Boolean);
    if (page.diagnostics.length > 0 && lines.length === 0) lines = [value.replace(/\s+/g, ' ').trim()];
    if (converted.size === MAX_CONVERTED) converted.clear();
    converted.set(value, lines);
  }
  return lines;
}

/** A paragraph without its inline marks: links and images as their text, code spans as their code, emphasis marks dropped outside code. */
function withoutInlineMarks(paragraph: string): string {
  const linked = paragraph.replace(LINK, '$1');
  let text = '';
  let last = 0;
  for (const span of linked.matchAll(CODE_SPAN)) {
    text += withoutEmphasis(linked.slice(last, span.index)) + (span[2] ?? '');
    last = span.index + span[0].length;
  }
  return text + withoutEmphasis(linked.slice(last));
}

function withoutEmphasis(text: string): string {
  return EMPHASIS.reduce((result, [mark, replacement]) => result.replace(mark, replacement), text);
}

/** A spec description as one line of text (for a field, a parameter or a response status), list markers left out. */
export function descriptionText(value: unknown): string {
  return descriptionLines(value).map(withoutItemMark).join(' ');
}
