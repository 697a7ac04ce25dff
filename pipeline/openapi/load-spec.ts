import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalogue.ts';
import type { SiteSource } from '../site/site-source.ts';
import { parseYamlValue } from '../site/parse-yaml-value.ts';
import { isRemoteSpec } from './collect-spec-references.ts';
import { firstLine } from './first-line.ts';
import { listSpecOperations } from './list-spec-operations.ts';
import type { LoadedSpec } from './loaded-spec.ts';
import { specServerPaths } from './spec-server-paths.ts';
import { specShapeProblem } from './spec-shape-problem.ts';

/** Made-up origin under which site files are handed to swagger-parser, so relative `$ref`s resolve inside the site. */
const SITE_ORIGIN = 'https://site.docsmith.invalid/';
const REFERENCE_ERRORS = new Set(['MissingPointerError', 'ResolverError', 'ParserError', 'InvalidPointerError', 'UnmatchedResolverError', 'UnmatchedParserError']);

/** Parses and dereferences one spec; problems of a spec nothing names (found by discovery) are warnings, not errors. */
export async function loadSpec(file: string, text: string, source: SiteSource, diagnostics: Diagnostic[], named: boolean): Promise<LoadedSpec | undefined> {
  const report = (severity: Diagnostic['severity'], ruleId: RuleId, message: string, line = 1, column = 1): void => {
    diagnostics.push({ file, line, column, severity: named ? severity : 'warning', ruleId, message });
  };
  let document: unknown;
  try {
    document = /\.json$/i.test(file) ? JSON.parse(text) : (parseYamlValue(text) ?? { value: parseYaml(text, { maxAliasCount: 1000 }) }).value;
  } catch (error) {
    const position = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    report('error', 'spec-parse', `Cannot parse the spec: ${firstLine(error)}`, position?.line ?? 1, position?.col ?? 1);
    return undefined;
  }
  const problem = specShapeProblem(document);
  if (problem) {
    if (named) report('error', 'invalid-spec', problem);
    return undefined;
  }
  const prepared = prepareForParser(document as Record<string, unknown>);
  let dereferenced: Record<string, unknown>;
  try {
    dereferenced = (await SwaggerParser.dereference(siteUrlOf(file), prepared as never, siteResolverOptions(source) as never)) as unknown as Record<string, unknown>;
  } catch (error) {
    if (!REFERENCE_ERRORS.has((error as Error).name)) {
      report('error', 'invalid-spec', `Unexpected spec content: ${firstLine(error)}`);
      return undefined;
    }
    const message = firstLine(error).replaceAll(SITE_ORIGIN, '');
    const position = referencePosition(text, message);
    report('warning', 'spec-reference', `Some $ref of the spec cannot be resolved (${message}); it is used without them`, position.line, position.column);
    dereferenced = document as Record<string, unknown>;
  }
  return { file, serverPaths: specServerPaths(dereferenced), operations: listSpecOperations(dereferenced) };
}

/**
 * Where the first `$ref` to what a reference error names (`Missing $ref pointer "#/…"`, `Error reading file
 * "schemas/x.yaml"`) is written in the spec text; 1:1 when it cannot be found.
 */
function referencePosition(text: string, message: string): { line: number; column: number } {
  const target = /(?:\$ref pointer|file) "([^"]+)"/.exec(message)?.[1]?.replace(/#$/, '');
  const escaped = target?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const offset = escaped ? text.search(new RegExp(`['"]?\\$ref['"]?\\s*:\\s*['"]?[^'"\\s,}]*?${escaped}(?![\\w/.-])`)) : -1;
  if (offset === -1) return { line: 1, column: 1 };
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** A copy swagger-parser accepts: version strings it knows (3.0.4 → 3.0.3 family is fine; numbers → strings). */
function prepareForParser(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document);
  if (copy.openapi !== undefined) copy.openapi = String(copy.openapi).startsWith('3.1') ? '3.1.0' : '3.0.3';
  if (copy.swagger !== undefined) copy.swagger = '2.0';
  const info = copy.info as Record<string, unknown> | undefined;
  if (info && typeof info === 'object' && typeof info.version === 'number') info.version = String(info.version);
  return copy;
}

function siteUrlOf(file: string): string {
  return isRemoteSpec(file) ? file : `${SITE_ORIGIN}${file}`;
}

/** swagger-parser options that read sibling files from the SiteSource and nothing from disk or network. */
function siteResolverOptions(source: SiteSource): Record<string, unknown> {
  return {
    resolve: {
      file: false,
      http: false,
      site: {
        order: 1,
        canRead: (info: { url: string }) => info.url.startsWith(SITE_ORIGIN),
        read: (info: { url: string }) => {
          const relative = path.posix.normalize(decodeURIComponent(info.url.slice(SITE_ORIGIN.length).split('#')[0] ?? ''));
          const text = relative.startsWith('..') ? undefined : source.files.get(relative);
          if (text === undefined) throw new Error(`cannot find \`${relative}\` in the site`);
          return text;
        },
      },
    },
    dereference: { circular: true },
  };
}
