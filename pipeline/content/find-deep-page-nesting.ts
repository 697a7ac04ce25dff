import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { MAX_NESTING_DEPTH, type DeepNesting } from '../site/find-deep-nesting.ts';

/** Columns of indentation one nested list level takes at least (`- ` under `- `). */
const COLUMNS_PER_LEVEL = 2;
const TAB_COLUMNS = 4;
/** A line opening or closing a fenced code block: its fence characters. */
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/** The lines of a page's frontmatter block, which `readFrontmatter` checks on its own. */
const FRONTMATTER = /^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

/**
 * Where a page's text first nests deeper than `MAX_NESTING_DEPTH` levels, outside its frontmatter and fenced code: a line indented past
 * as many list levels, or quoted (`>`) that many times, or an expression opening its `{` inside that many others. One
 * pass over the lines, no recursion: the Markdown and MDX parsers take time that grows with the square of the depth
 * (a list 1,000 levels deep ran for over a minute, a 5,000-deep expression 45 s), so the check comes before them.
 */
export function findDeepPageNesting(text: string, limit = MAX_NESTING_DEPTH): DeepNesting | undefined {
  let fence: string | undefined;
  let braces = 0;
  const lines = text.split('\n');
  const frontmatter = FRONTMATTER.exec(text)?.[0];
  const first = frontmatter === undefined ? 0 : frontmatter.split('\n').length - (frontmatter.endsWith('\n') ? 1 : 0);
  for (const [index, line] of lines.entries()) {
    if (index < first) continue;
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark !== undefined && (fence === undefined || fenceMark.startsWith(fence))) {
      fence = fence === undefined ? fenceMark.slice(0, 3) : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    let columns = 0;
    let quotes = 0;
    let column = 0;
    for (; column < line.length; column += 1) {
      const character = line[column];
      if (character === ' ') columns += 1;
      else if (character === '\t') columns += TAB_COLUMNS;
      else if (character === '>') quotes += 1;
      else break;
      if (columns > limit * COLUMNS_PER_LEVEL || quotes > limit) return { line: index + 1, column: column + 1 };
    }
    for (; column < line.length; column += 1) {
      const character = line[column];
      if (character === '{') {
        braces += 1;
        if (braces > limit) return { line: index + 1, column: column + 1 };
      } else if (character === '}' && braces > 0) braces -= 1;
    }
  }
  return undefined;
}

/** The `nesting-too-deep` error of a page that nests past the limit, at the line and column that go past it. */
export function pageNestingTooDeep(file: string, position: DeepNesting): Diagnostic {
  return {
    file,
    ...position,
    severity: 'error',
    ruleId: 'nesting-too-deep',
    message: `Unexpected list, quote or expression nested more than ${MAX_NESTING_DEPTH} levels deep, expected at most ${MAX_NESTING_DEPTH} levels`,
    hint: 'Flatten the page; no real page nests this deep, and the page is not built until it does not.',
  };
}
