import { isMap, isScalar, parseDocument, type YAMLError } from 'yaml';
import { isRecord } from '../site-model/is-record.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { findDeepYamlNesting, nestingTooDeep } from '../site/find-deep-nesting.ts';
import { parseYamlValue } from '../site/parse-yaml-value.ts';
import { slugToTitle } from '../site-model/slug-to-title.ts';

/** Where a page's YAML frontmatter is: its text (without the `---` fences) and the 1-based line it starts on. */
export interface FrontmatterSource {
  /** Site-relative page file, for diagnostics and the title fallback. */
  file: string;
  /** The YAML between the `---` fences; undefined when the page has no frontmatter. */
  yaml: string | undefined;
  /** 1-based line of the first YAML line in the page (the line after the opening `---`). */
  line: number;
}

/** What a page's frontmatter gives the pipeline: all keys (flags included), the title and description. */
export interface PageFrontmatter {
  frontmatter: Record<string, unknown>;
  title: string;
  description?: string;
  diagnostics: Diagnostic[];
}

const YAML_POSITION_SUFFIX = /\s+at line \d+, column \d+:?\s*$/;
const LINE_BREAK = /\r?\n/;
/** How many alias expansions frontmatter may hold before it is refused as an alias bomb (`yaml`'s default is 100). */
const MAX_ALIAS_COUNT = 100;

/**
 * Reads YAML frontmatter into `frontmatter`, `title` and `description`. A page without a `title` key is titled from
 * its file name, silently, as the platform titles it (`getDecoratedNavPageAndSlug` of `@mintlify/common`: `slugToTitle`),
 * unless a key differs from `title` only in case (`Title:`, warning `missing-title`); a blank `title`, which the platform
 * shows as a page without a title, falls back to the `sidebarTitle`, else the file name (warning `missing-title`); a title or description that is not text is a warning
 * (`invalid-frontmatter`; numbers and booleans are kept as text); YAML that does not parse is an error
 * (`frontmatter-parse`) at its line and column, with an empty `frontmatter`, and so is YAML nested deeper than
 * `MAX_NESTING_DEPTH` (`nesting-too-deep`, found before the YAML is parsed). The common case — a text title and
 * an optional text description — is read with js-yaml; anything else takes the `yaml` path, whose nodes give positions.
 */
export function readFrontmatter(source: FrontmatterSource): PageFrontmatter {
  const { file } = source;
  const diagnostics: Diagnostic[] = [];
  const fallbackTitle = slugToTitle(file);
  if (source.yaml === undefined) return { frontmatter: {}, title: fallbackTitle, diagnostics };

  const deep = findDeepYamlNesting(source.yaml);
  if (deep) {
    diagnostics.push(nestingTooDeep(file, { line: source.line + deep.line - 1, column: deep.column }, 'error'));
    return { frontmatter: {}, title: fallbackTitle, diagnostics };
  }
  const quick = parseYamlValue(source.yaml)?.value;
  if (
    isRecord(quick) &&
    typeof quick.title === 'string' &&
    quick.title.trim() !== '' &&
    (quick.description === undefined || quick.description === null || typeof quick.description === 'string')
  ) {
    return {
      frontmatter: quick,
      title: quick.title.trim(),
      ...(typeof quick.description === 'string' ? { description: quick.description } : {}),
      diagnostics,
    };
  }
  const document = parseDocument(source.yaml);
  const firstError = document.errors[0];
  if (firstError) {
    const position = firstError.linePos?.[0];
    diagnostics.push({
      file,
      line: source.line + (position?.line ?? 1) - 1,
      column: position?.col ?? 1,
      severity: 'error',
      ruleId: 'frontmatter-parse',
      message: (firstError.message.split(LINE_BREAK)[0] ?? firstError.message).replace(YAML_POSITION_SUFFIX, ''),
      hint: parseErrorHint(firstError),
    });
    return { frontmatter: {}, title: fallbackTitle, diagnostics };
  }

  const contents = document.contents;
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    diagnostics.push({
      file,
      line: source.line,
      column: 1,
      severity: 'error',
      ruleId: 'frontmatter-parse',
      message: `Unexpected frontmatter: ${(error as Error).message.split(LINE_BREAK)[0] ?? 'it cannot be read'}, expected plain \`key: value\` lines`,
      hint: 'Remove YAML anchors and aliases (&name, *name) from the frontmatter.',
    });
    return { frontmatter: {}, title: fallbackTitle, diagnostics };
  }
  if (value !== null && value !== undefined && !isMap(contents)) {
    diagnostics.push({
      file,
      line: source.line,
      column: 1,
      severity: 'warning',
      ruleId: 'invalid-frontmatter',
      message: 'Unexpected frontmatter that is not a mapping, expected `key: value` lines',
    });
  }
  const frontmatter = isMap(contents) ? (value as Record<string, unknown>) : {};
  /** Position of a top-level key, for warnings about its value. */
  const keyPosition = (name: string): { line: number; column: number } => {
    const pair = isMap(contents)
      ? contents.items.find((item) => isScalar(item.key) && item.key.value === name)
      : undefined;
    const offset = pair && isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
    const before = source.yaml?.slice(0, offset) ?? '';
    const lineStart = before.lastIndexOf('\n') + 1;
    return { line: source.line + before.split('\n').length - 1, column: offset - lineStart + 1 };
  };

  /** The text a scalar value was written as (`3.10` stays `3.10`, not the number's `3.1`). */
  const writtenAs = (name: string, value: number | boolean): string => {
    const pair = isMap(contents)
      ? contents.items.find((item) => isScalar(item.key) && item.key.value === name)
      : undefined;
    const source = pair && isScalar(pair.value) ? pair.value.source : undefined;
    return typeof source === 'string' && source.trim() !== '' ? source.trim() : String(value);
  };

  let title = fallbackTitle;
  const rawTitle = frontmatter.title;
  if (typeof rawTitle === 'string' && rawTitle.trim() !== '') {
    title = rawTitle.trim();
  } else if (typeof rawTitle === 'number' || typeof rawTitle === 'boolean') {
    title = writtenAs('title', rawTitle);
    diagnostics.push(notText(file, keyPosition('title'), 'title', typeof rawTitle));
  } else if (rawTitle === undefined) {
    const misspelt = Object.keys(frontmatter).find((key) => key.toLowerCase() === 'title');
    if (misspelt !== undefined)
      diagnostics.push({
        ...missingTitle(file, keyPosition(misspelt), fallbackTitle),
        hint: `Did you mean \`title\`? Frontmatter keys are case-sensitive (found \`${misspelt}\`).`,
      });
  } else if (rawTitle === null || typeof rawTitle === 'string') {
    const position = keyPosition('title');
    const sidebarTitle = typeof frontmatter.sidebarTitle === 'string' ? frontmatter.sidebarTitle.trim() : '';
    title = sidebarTitle === '' ? fallbackTitle : sidebarTitle;
    diagnostics.push({
      ...missingTitle(file, position, fallbackTitle),
      message: `Unexpected blank frontmatter \`title\`, using \`${title}\` from ${sidebarTitle === '' ? 'the file name' : '`sidebarTitle`'}`,
      hint: 'The platform shows this page without a title: write one, `title: …`.',
    });
  } else {
    diagnostics.push(notText(file, keyPosition('title'), 'title', Array.isArray(rawTitle) ? 'list' : 'mapping'));
  }

  let description: string | undefined;
  const rawDescription = frontmatter.description;
  if (typeof rawDescription === 'string') {
    description = rawDescription;
  } else if (typeof rawDescription === 'number' || typeof rawDescription === 'boolean') {
    description = writtenAs('description', rawDescription);
    diagnostics.push(notText(file, keyPosition('description'), 'description', typeof rawDescription));
  } else if (rawDescription !== undefined && rawDescription !== null) {
    diagnostics.push(
      notText(file, keyPosition('description'), 'description', Array.isArray(rawDescription) ? 'list' : 'mapping'),
    );
  }
  return { frontmatter, title, ...(description === undefined ? {} : { description }), diagnostics };
}

/** The fix of a YAML syntax error: close a quote left open, else quote a value holding a colon (the usual cause). */
function parseErrorHint(error: YAMLError): string {
  return error.code === 'MISSING_CHAR' && /closing \S*quote/.test(error.message)
    ? 'Close the quoted value on the line it opens, e.g. title: "Quickstart"; an unclosed quote runs to the end of the frontmatter.'
    : 'Quote values that contain a colon, e.g. title: "Step 1: install".';
}

/** `missing-title` at a frontmatter key: the page is titled `fallbackTitle` from its file name (message and hint for the caller to adjust). */
function missingTitle(file: string, position: { line: number; column: number }, fallbackTitle: string): Diagnostic {
  return {
    file,
    line: position.line,
    column: position.column,
    severity: 'warning',
    ruleId: 'missing-title',
    message: `Missing frontmatter \`title\`, using \`${fallbackTitle}\` from the file name`,
  };
}

function notText(file: string, position: { line: number; column: number }, key: string, found: string): Diagnostic {
  return {
    file,
    line: position.line,
    column: position.column,
    severity: 'warning',
    ruleId: 'invalid-frontmatter',
    message: `Unexpected ${found} as frontmatter \`${key}\`, expected a string`,
    hint: `Quote the value: ${key}: "…".`,
  };
}
