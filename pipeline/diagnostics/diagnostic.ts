import type { RuleId } from './rule-catalog.ts';

/** How serious a problem in user content is: errors fail the build, warnings do not (unless --strict). */
export type Severity = 'error' | 'warning';

/**
 * One problem found in user content, shaped like a remark-lint message:
 * where it is (file:line:col, plus the JSON pointer for JSON/YAML sources), a rule id,
 * a plain-language reason ("Unexpected X, expected Y") and, where one helps, a hint.
 */
export interface Diagnostic {
  /** POSIX path relative to the site root, e.g. `docs.json` or `guides/intro.mdx`. */
  file: string;
  /** 1-based line of the offending value; 0 when the problem has no position (e.g. a missing file). */
  line: number;
  /** 1-based column of the offending value; 0 when unknown. */
  column: number;
  /** JSON pointer of the offending value for JSON/YAML sources (`/navigation/tabs/0/tab`). */
  pointer?: string;
  severity: Severity;
  /** Stable kebab-case rule id of the catalogue (`rule-catalog.ts`), e.g. `unknown-key`, `missing-page`. */
  ruleId: RuleId;
  /** Plain-language reason, e.g. "Unexpected theme `foo`, expected one of mint, maple, …". */
  message: string;
  /** A suggestion that helps fix it, e.g. "Did you mean `navigation`?". */
  hint?: string;
}
