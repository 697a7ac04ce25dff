/** Top-level blocks per parse of a large page: micromark keeps ~15 KB of state per block until a parse ends. */
export const BLOCKS_PER_PARSE = 1000;

/** A slice of a page text that parses on its own: it starts at a top-level block, at `line` (1-based) and `offset`. */
export interface PageSlice {
  text: string;
  line: number;
  offset: number;
}

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,}|\${2,})/;
/** A line that cannot start a top-level block on its own after a blank line: a list item, a quote, a table row or anything indented. */
const CONTINUES_OR_INDENTED = /^(?:[ \t]|[-*+>|]|\d{1,9}[.)])/;
const TAG = /<\/?[A-Za-z][\w.:-]*|\/>/g;

/**
 * Splits a page text into slices of about `blocksPerParse` top-level blocks, cut only where a blank line is followed
 * by a line at column 0 that starts a block of its own, outside frontmatter, fenced code or math, HTML comments, JSX
 * elements and `{…}` expressions (tracked by counting; wherever the count is unsure, no further cut is made). A text
 * with fewer blocks is one slice. Parsing slice by slice bounds the parser's memory by the slice, not the page.
 */
export function splitPageBlocks(text: string, blocksPerParse = BLOCKS_PER_PARSE): PageSlice[] {
  if (countBlankLines(text, blocksPerParse * 2) < blocksPerParse * 2) return [{ text, line: 1, offset: 0 }];
  const slices: PageSlice[] = [];
  let sliceStart = 0;
  let sliceLine = 1;
  let blocks = 0;
  let fence: string | undefined;
  let frontmatter = text.startsWith('---');
  let comment = false;
  let jsxDepth = 0;
  let braceDepth = 0;
  let unsure = false;
  let previousBlank = false;
  let line = 1;
  for (let start = 0; start < text.length; line += 1) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const content = text.slice(start, end).replace(/\r$/, '');
    const blank = content.trim() === '';
    if (frontmatter) {
      if (line > 1 && content.trim() === '---') frontmatter = false;
    } else if (fence !== undefined) {
      const marker = FENCE.exec(content)?.[1];
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && content.trim() === marker)
        fence = undefined;
    } else {
      const opening = FENCE.exec(content)?.[1];
      const settled = !comment && jsxDepth === 0 && braceDepth === 0 && !unsure;
      if (opening === undefined && !blank && previousBlank && settled && !CONTINUES_OR_INDENTED.test(content)) {
        blocks += 1;
        if (blocks > blocksPerParse) {
          slices.push({ text: text.slice(sliceStart, start), line: sliceLine, offset: sliceStart });
          sliceStart = start;
          sliceLine = line;
          blocks = 1;
        }
      }
      if (opening !== undefined && !comment) {
        fence = opening;
      } else {
        ({ comment, jsxDepth, braceDepth, unsure } = trackConstructs(content, {
          comment,
          jsxDepth,
          braceDepth,
          unsure,
        }));
      }
    }
    previousBlank = blank;
    start = end + 1;
  }
  slices.push({ text: text.slice(sliceStart), line: sliceLine, offset: sliceStart });
  return slices;
}

interface OpenConstructs {
  comment: boolean;
  jsxDepth: number;
  braceDepth: number;
  /** A count went below zero: the text is not what the counting expects, so no more cuts. */
  unsure: boolean;
}

/** The constructs still open after a line: an HTML comment, JSX elements (tags opened minus closed), `{` expressions. */
function trackConstructs(content: string, open: OpenConstructs): OpenConstructs {
  let { comment, jsxDepth, braceDepth, unsure } = open;
  let rest = content;
  if (comment) {
    const close = rest.indexOf('-->');
    if (close === -1) return open;
    comment = false;
    rest = rest.slice(close + 3);
  }
  const commentStart = rest.indexOf('<!--');
  if (commentStart !== -1 && rest.indexOf('-->', commentStart + 4) === -1) {
    comment = true;
    rest = rest.slice(0, commentStart);
  }
  if (rest.includes('<') || rest.includes('/>')) {
    for (const tag of rest.match(TAG) ?? []) jsxDepth += tag === '/>' || tag.startsWith('</') ? -1 : 1;
  }
  if (rest.includes('{') || rest.includes('}')) {
    for (const character of rest)
      if (character === '{') braceDepth += 1;
      else if (character === '}') braceDepth -= 1;
  }
  if (jsxDepth < 0 || braceDepth < 0) unsure = true;
  return { comment, jsxDepth, braceDepth, unsure };
}

/** Blank lines of a text, counted up to `enough`. */
function countBlankLines(text: string, enough: number): number {
  let count = 0;
  for (let index = text.indexOf('\n\n'); index !== -1 && count < enough; index = text.indexOf('\n\n', index + 1))
    count += 1;
  return count;
}
