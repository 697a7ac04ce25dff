import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/**
 * How deep arrays and objects may nest in any JSON or YAML input (docs.json and its `$ref` files, OpenAPI specs,
 * page frontmatter): far above what real documents use (the deepest of 5,192 JSON and YAML files and frontmatter blocks
 * of sixteen real sites nests 26 levels), far below what the parsers and walkers that read them survive (a JSON spec
 * nested 1,500 deep makes swagger-parser abort the process).
 * Documented in docs/reference/limits.mdx.
 */
export const MAX_NESTING_DEPTH = 128;

/** Where a text first nests deeper than the limit: 1-based line and column of the opening that goes past it. */
export interface DeepNesting {
  line: number;
  column: number;
}

const NEWLINE = 10;
const SPACE = 32;
const TAB = 9;
const QUOTE = 34;
const APOSTROPHE = 39;
const BACKSLASH = 92;
const HASH = 35;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const COMMA = 44;
const COLON = 58;
const DASH = 45;
const QUESTION = 63;
/** A block scalar header ending a line (`key: |`, `- >-`, `|2+`), before any comment. */
const BLOCK_SCALAR_HEADER = /(?:^[ \t]*|[:?-][ \t]+)[|>][1-9+-]{0,2}[ \t]*(?:#.*)?\r?$/;

/**
 * Where JSON text first nests arrays and objects deeper than `limit` (default `MAX_NESTING_DEPTH`), or undefined.
 * One pass over the characters, no recursion: safe to run on any text before a parser or walker recurses into it.
 */
export function findDeepJsonNesting(text: string, limit = MAX_NESTING_DEPTH): DeepNesting | undefined {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      for (index += 1; index < text.length; index += 1) {
        const inner = text.charCodeAt(index);
        if (inner === BACKSLASH) index += 1;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return positionOf(text, index);
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return undefined;
}

/**
 * Where YAML text first nests collections deeper than `limit` (default `MAX_NESTING_DEPTH`), or undefined. One pass,
 * no recursion: block collections are counted by indentation (a line indented deeper than the open ones opens one
 * more; `- ` and `? ` indicators on the line open one each), flow collections by their brackets outside quotes and
 * comments; block scalars (`|`, `>`) are skipped. An estimate within a level or two of the true depth, which is
 * all a limit far from both real documents and the parsers' breaking point needs.
 */
export function findDeepYamlNesting(text: string, limit = MAX_NESTING_DEPTH): DeepNesting | undefined {
  const indents: number[] = [];
  let flowDepth = 0;
  let quote = 0;
  let blockScalarIndent = -1;
  for (let lineStart = 0; lineStart < text.length;) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let index = lineStart;
    while (index < lineEnd && text.charCodeAt(index) === SPACE) index += 1;
    const indent = index - lineStart;
    const blank =
      index === lineEnd || text.charCodeAt(index) === HASH || (index + 1 === lineEnd && text.charCodeAt(index) === 13);
    if (blockScalarIndent >= 0 && (blank || indent > blockScalarIndent)) {
      lineStart = lineEnd + 1;
      continue;
    }
    blockScalarIndent = -1;
    if (blank && quote === 0) {
      lineStart = lineEnd + 1;
      continue;
    }
    if (quote === 0 && flowDepth === 0) {
      while (indents.length > 0 && (indents.at(-1) as number) >= indent) indents.pop();
      indents.push(indent);
      // Compact collections: `- - x`, `- key: value`, `? - x` open one level per indicator.
      while (
        index < lineEnd &&
        (text.charCodeAt(index) === DASH || text.charCodeAt(index) === QUESTION) &&
        isSeparator(text.charCodeAt(index + 1), index + 1 >= lineEnd)
      ) {
        index += 1;
        while (index < lineEnd && text.charCodeAt(index) === SPACE) index += 1;
        indents.push(index - lineStart);
      }
      if (indents.length > limit) return positionOf(text, index);
    }
    let scalarStart = true;
    for (; index < lineEnd; index += 1) {
      const code = text.charCodeAt(index);
      if (quote !== 0) {
        if (quote === QUOTE && code === BACKSLASH) index += 1;
        else if (code === quote) {
          if (quote === APOSTROPHE && text.charCodeAt(index + 1) === APOSTROPHE) index += 1;
          else quote = 0;
        }
        continue;
      }
      if (code === HASH && (index === lineStart || isSeparator(text.charCodeAt(index - 1), false))) break;
      if (scalarStart && (code === QUOTE || code === APOSTROPHE)) {
        quote = code;
      } else if ((scalarStart || flowDepth > 0) && (code === OPEN_BRACKET || code === OPEN_BRACE)) {
        flowDepth += 1;
        if (indents.length + flowDepth > limit) return positionOf(text, index);
      } else if (flowDepth > 0 && (code === CLOSE_BRACKET || code === CLOSE_BRACE)) {
        flowDepth -= 1;
      }
      scalarStart =
        code === SPACE ||
        code === TAB ||
        ((code === COMMA || code === OPEN_BRACKET || code === OPEN_BRACE) && flowDepth > 0) ||
        (code === COLON && isSeparator(text.charCodeAt(index + 1), index + 1 >= lineEnd));
    }
    if (quote === 0 && flowDepth === 0 && endsWithBlockScalarHeader(text, lineStart, lineEnd))
      blockScalarIndent = indent;
    lineStart = lineEnd + 1;
  }
  return undefined;
}

/** Whether a line's value is a block scalar header (`key: |`, `- >-`, `|2+`): a cheap test for `|` or `>` first. */
function endsWithBlockScalarHeader(text: string, lineStart: number, lineEnd: number): boolean {
  const line = text.slice(lineStart, lineEnd);
  return (line.includes('|') || line.includes('>')) && BLOCK_SCALAR_HEADER.test(line);
}

function isSeparator(code: number, atEnd: boolean): boolean {
  return atEnd || code === SPACE || code === TAB || code === NEWLINE || code === 13;
}

function positionOf(text: string, offset: number): DeepNesting {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The `nesting-too-deep` diagnostic of a file, at the opening that goes past `MAX_NESTING_DEPTH`. */
export function nestingTooDeep(file: string, position: DeepNesting, severity: Diagnostic['severity']): Diagnostic {
  return {
    file,
    ...position,
    severity,
    ruleId: 'nesting-too-deep',
    message: `Unexpected list or object nested more than ${MAX_NESTING_DEPTH} levels deep, expected at most ${MAX_NESTING_DEPTH} levels`,
    hint: 'Flatten the structure; no real configuration, spec or frontmatter nests this deep.',
  };
}
