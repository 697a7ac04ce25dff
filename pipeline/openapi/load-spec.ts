import SwaggerParser from '@apidevtools/swagger-parser';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import { nestingTooDeep } from '../site/find-deep-nesting.ts';
import type { SiteSource } from '../site/site-source.ts';
import { isRemoteSpec } from '../site-model/collect-spec-references.ts';
import type { FetchRemoteText } from './fetch-remote-text.ts';
import { firstLine } from './first-line.ts';
import { listSpecOperations } from './list-spec-operations.ts';
import type { LoadedSpec, SpecOperation } from './loaded-spec.ts';
import { findDeepSpecNesting, parseSpecText } from './parse-spec-text.ts';
import {
  resolveSpecReferences,
  SITE_ORIGIN,
  UNRESOLVED_MARKER,
  type UnresolvedReference,
} from './resolve-spec-references.ts';
import { specServerPaths } from './spec-server-paths.ts';
import { specShapeProblem } from './spec-shape-problem.ts';

const REFERENCE_ERRORS = new Set([
  'MissingPointerError',
  'ResolverError',
  'ParserError',
  'InvalidPointerError',
  'UnmatchedResolverError',
  'UnmatchedParserError',
]);
/** Operations a `spec-reference` warning names before `and N more`. */
const NAMED_OPERATIONS = 5;

/** What `loadSpec` needs besides the spec's text. */
export interface LoadSpecContext {
  source: SiteSource;
  /** Collects the spec's diagnostics. */
  diagnostics: Diagnostic[];
  /** Whether docs.json, a page or a navigation entry names the spec: problems of a spec found only by discovery are warnings. */
  named: boolean;
  /** Fetches remote `$ref` documents (default: none is fetched). */
  fetchRemote?: FetchRemoteText;
}

/**
 * Parses and dereferences one spec. Every document its `$ref`s reach is read first (`resolveSpecReferences`: site files
 * from memory, remote ones through `fetchRemote`); a `$ref` that cannot be resolved is one `spec-reference` warning
 * naming it and the operations built without that schema, and the rest of the spec is dereferenced as usual.
 */
export async function loadSpec(file: string, text: string, context: LoadSpecContext): Promise<LoadedSpec | undefined> {
  const { diagnostics, named } = context;
  const report = (
    severity: Diagnostic['severity'],
    ruleId: RuleId,
    message: string,
    line = 1,
    column = 1,
    hint?: string,
  ): void => {
    diagnostics.push({
      file,
      line,
      column,
      severity: named ? severity : 'warning',
      ruleId,
      message,
      ...(hint ? { hint } : {}),
    });
  };
  const deep = findDeepSpecNesting(file, text);
  if (deep) {
    diagnostics.push(nestingTooDeep(file, deep, named ? 'error' : 'warning'));
    return undefined;
  }
  let document: unknown;
  try {
    document = parseSpecText(file, text, (problem) =>
      report(
        'warning',
        'spec-read-as-yaml',
        `Unexpected JSON syntax (${problem.message}), expected valid JSON: the spec is read as YAML, as the platform reads it`,
        problem.line,
        problem.column,
      ),
    );
  } catch (error) {
    const position = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    report(
      'error',
      'spec-parse',
      `Cannot parse the spec: ${firstLine(error)}`,
      position?.line ?? 1,
      position?.col ?? 1,
    );
    return undefined;
  }
  const swagger = swaggerVersion(document);
  if (swagger !== undefined) {
    // The platform lists only documents with an `openapi` key as specs (prebuild `categorizeFilePaths`) and rejects
    // 2.0 ("OpenAPI versions prior to 3.0 not supported"): no page gets this spec's operations.
    report(
      'error',
      'swagger-spec',
      `Unexpected Swagger ${swagger} spec, expected OpenAPI 3.0 or 3.1: it is not loaded, as the platform does not load it`,
      1,
      1,
      'Convert it to OpenAPI 3 (e.g. `npx swagger2openapi spec.json -o openapi.json`) and point docs.json or the pages at the result.',
    );
    return undefined;
  }
  const problem = specShapeProblem(document);
  if (problem) {
    if (named) report('error', 'invalid-spec', problem);
    return undefined;
  }
  const specUrl = isRemoteSpec(file) ? file : new URL(file, SITE_ORIGIN).href;
  const prepared = prepareForParser(document as Record<string, unknown>);
  const { documents, unresolved } = await resolveSpecReferences(specUrl, prepared, {
    source: context.source,
    ...(context.fetchRemote ? { fetchRemote: context.fetchRemote } : {}),
  });
  let dereferenced: Record<string, unknown>;
  try {
    dereferenced = (await SwaggerParser.dereference(
      specUrl,
      prepared as never,
      memoryResolverOptions(documents) as never,
    )) as unknown as Record<string, unknown>;
  } catch (error) {
    if (!REFERENCE_ERRORS.has((error as Error).name)) {
      report('error', 'invalid-spec', `Unexpected spec content: ${firstLine(error)}`);
      return undefined;
    }
    report(
      'warning',
      'spec-reference',
      `Some $ref of the spec cannot be resolved (${firstLine(error).replaceAll(SITE_ORIGIN, '')}); it is used without them`,
    );
    dereferenced = prepared;
  }
  const operations = listSpecOperations(dereferenced);
  if (unresolved.length > 0) {
    const withoutSchema = operationsReachingMarkers(operations);
    for (const failure of unresolved) {
      const position = referencePosition(
        failure.file === file ? text : (context.source.files.get(failure.file) ?? ''),
        failure.reference,
      );
      diagnostics.push({
        file: failure.file,
        ...position,
        severity: 'warning',
        ruleId: 'spec-reference',
        message: unresolvedMessage(failure, withoutSchema.get(failure.marker) ?? []),
      });
    }
  }
  return { file, serverPaths: specServerPaths(dereferenced), operations, schemas: componentSchemas(dereferenced) };
}

/** `Cannot resolve $ref x and 2 more to y.json: why; GET /users and POST /users are built without them`. */
function unresolvedMessage(failure: UnresolvedReference, operations: readonly string[]): string {
  const more =
    failure.count === 1
      ? ''
      : failure.document === undefined
        ? ` (written ${failure.count} times)`
        : ` and ${failure.count - 1} more to \`${failure.document}\``;
  const named = operations.slice(0, NAMED_OPERATIONS).map((operation) => `\`${operation}\``);
  if (operations.length > NAMED_OPERATIONS) named.push(`${operations.length - NAMED_OPERATIONS} more`);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}` : (named[0] ?? '');
  const consequence =
    operations.length === 0
      ? 'no operation uses it'
      : `${list} ${operations.length === 1 ? 'is' : 'are'} built without ${failure.count > 1 ? 'them' : 'it'}`;
  return `Cannot resolve \`$ref\` \`${failure.reference}\`${more}: ${failure.reason}; ${consequence}`;
}

/**
 * For each unresolved marker, the operations (`GET /users`) whose dereferenced objects reach it; the markers found
 * are removed, leaving empty schemas. Walked without recursion, each object once per operation (schemas are shared and may be circular).
 */
function operationsReachingMarkers(operations: readonly SpecOperation[]): Map<string, string[]> {
  const reaching = new Map<string, string[]>();
  const markers = new Set<Record<string, unknown>>();
  for (const operation of operations) {
    const label = `${operation.webhook ? 'webhook' : operation.method} ${operation.path}`;
    const seen = new Set<object>();
    const stack: unknown[] = [operation.operation, operation.parameters];
    while (stack.length > 0) {
      const current = stack.pop();
      if (!current || typeof current !== 'object' || seen.has(current)) continue;
      seen.add(current);
      const marker = (current as Record<string, unknown>)[UNRESOLVED_MARKER];
      if (typeof marker === 'string') {
        markers.add(current as Record<string, unknown>);
        const labels = reaching.get(marker) ?? [];
        if (labels.at(-1) !== label) labels.push(label);
        reaching.set(marker, labels);
      }
      stack.push(...(Array.isArray(current) ? current : Object.values(current)));
    }
  }
  for (const marker of markers) delete marker[UNRESOLVED_MARKER];
  return reaching;
}

/** Where the first `$ref` to `reference` is written in a spec text; 1:1 when it cannot be found. */
function referencePosition(text: string, reference: string): { line: number; column: number } {
  const escaped = reference.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const offset = text.search(new RegExp(`['"]?\\$ref['"]?\\s*:\\s*['"]?${escaped}(?![\\w/.-])`));
  if (offset === -1) return { line: 1, column: 1 };
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** A copy swagger-parser accepts: version strings it knows (3.0.4 → 3.0.3 family is fine; numbers → strings). */
function prepareForParser(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document);
  if (copy.openapi !== undefined) copy.openapi = String(copy.openapi).startsWith('3.1') ? '3.1.0' : '3.0.3';
  const info = copy.info as Record<string, unknown> | undefined;
  if (info && typeof info === 'object' && typeof info.version === 'number') info.version = String(info.version);
  return copy;
}

/** swagger-parser options that read every document from `documents` (already parsed) and nothing from disk or network. */
function memoryResolverOptions(documents: ReadonlyMap<string, unknown>): Record<string, unknown> {
  return {
    resolve: {
      file: false,
      http: false,
      memory: {
        order: 1,
        canRead: (info: { url: string }) => documents.has(withoutFragment(info.url)),
        read: (info: { url: string }) => documents.get(withoutFragment(info.url)),
      },
    },
    dereference: { circular: true },
  };
}

function withoutFragment(url: string): string {
  const parsed = new URL(url);
  return parsed.href.slice(0, parsed.href.length - parsed.hash.length);
}

/** The object members of a dereferenced spec's `components.schemas`. */
function componentSchemas(spec: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const components = spec.components as Record<string, unknown> | undefined;
  const schemas = components && typeof components === 'object' ? components.schemas : undefined;
  if (!schemas || typeof schemas !== 'object') return {};
  return Object.fromEntries(
    Object.entries(schemas as Record<string, unknown>).filter(
      (entry): entry is [string, Record<string, unknown>] =>
        entry[1] !== null && typeof entry[1] === 'object' && !Array.isArray(entry[1]),
    ),
  );
}

/** The `swagger` version of a document that has one and no `openapi` key (a Swagger 2.0 spec), else undefined. */
function swaggerVersion(document: unknown): string | undefined {
  if (!document || typeof document !== 'object' || Array.isArray(document)) return undefined;
  const record = document as Record<string, unknown>;
  return record.swagger !== undefined && record.openapi === undefined ? String(record.swagger) : undefined;
}
