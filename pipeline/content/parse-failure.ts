import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** The rules of a page (or snippet) the parser rejects. */
const PARSE_FAILURE_RULES: ReadonlySet<string> = new Set(['mdx-parse', 'markdown-parse']);

/** The `(line:column-line:column)` a parser reason ends with when the error itself carries no position. */
const PARSER_POSITION_SUFFIX = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/;

/** The error diagnostic of a page (or snippet) the parser rejects, at the parser's line and column; the parser's reason as message. */
export function parseFailure(file: string, error: unknown, kind: 'md' | 'mdx'): Diagnostic {
  const failure = error as { line?: number; column?: number; reason?: string; message?: string };
  const fullReason = failure.reason ?? failure.message ?? String(error);
  const reason = fullReason.split('\n')[0] ?? fullReason;
  const place = failure.line === undefined ? PARSER_POSITION_SUFFIX.exec(reason) : null;
  return {
    file,
    line: failure.line ?? Number(place?.[1] ?? 1),
    column: failure.column ?? Number(place?.[2] ?? 1),
    severity: 'error',
    ruleId: kind === 'mdx' ? 'mdx-parse' : 'markdown-parse',
    message: place ? reason.slice(0, place.index) : reason,
    ...(kind === 'mdx'
      ? { hint: 'In MDX, write `{` as `\\{` and `<` as `&lt;` in prose, and close every component tag.' }
      : {}),
  };
}

/** The warning of a `.md` page the platform would parse as MDX and cannot: docsmith reads it as plain Markdown. */
export function markdownNotMdx(file: string, error: unknown): Diagnostic {
  const failure = parseFailure(file, error, 'mdx');
  return {
    ...failure,
    severity: 'warning',
    ruleId: 'markdown-not-mdx',
    message: `${failure.message}: the platform parses \`.md\` pages as MDX, docsmith read this one as plain Markdown`,
  };
}

/** Whether a diagnostic says that a page or snippet could not be parsed (`mdx-parse`, `markdown-parse`). */
export function isParseFailure(diagnostic: Pick<Diagnostic, 'ruleId'>): boolean {
  return PARSE_FAILURE_RULES.has(diagnostic.ruleId);
}
