import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalogue.ts';
import type { SiteSource } from '../site/site-source.ts';
import { parseYamlValue } from '../site/parse-yaml-value.ts';
import { unreadableFileReason } from '../site/unreadable-file-reason.ts';
import { isRemoteSpec, type SpecReference } from './collect-spec-references.ts';
import { withoutOrigin } from './without-origin.ts';

/** HTTP methods an OpenAPI path item may hold, in the order endpoint pages are generated. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One operation of a spec, or one webhook. */
export interface SpecOperation {
  method: string;
  /** The path template (`/users/{id}`), or the webhook name. */
  path: string;
  /** The dereferenced operation object. */
  operation: Record<string, unknown>;
  /** Parameters of the path item and the operation, merged. */
  parameters: Record<string, unknown>[];
  tags: string[];
  summary?: string;
  description?: string;
  /** `x-hidden`: generated but kept out of navigation and search. */
  hidden: boolean;
  /** `x-excluded`: no endpoint page at all. */
  excluded: boolean;
  webhook: boolean;
}

/** A loaded specification: its site-relative file (or URL), its server path prefixes and operations in document order. */
export interface LoadedSpec {
  file: string;
  /** Path parts of the spec's server URLs (`https://api.x.com/v1` → `/v1`), for legacy `api: "GET https://…"` references. */
  serverPaths: string[];
  operations: SpecOperation[];
}

/** Every spec of the site, by site-relative file (no leading slash) or URL. */
export type LoadedSpecs = Map<string, LoadedSpec>;

/** Input of `loadOpenApiSpecs`. */
export interface LoadSpecsInput {
  /** The specs docs.json names (`SiteConfig.specReferences`); default none. */
  specReferences?: readonly SpecReference[];
  source: SiteSource;
  /** Spec files detected in the site, loaded even when docs.json names none (for frontmatter references); default none. */
  specFiles?: string[];
  /** Spec files that pages or navigation entries name (`es/openapi.json GET /x`): loaded, and their problems reported at the file; default none. */
  referencedSpecFiles?: string[];
  /** Fetch remote spec URLs (default false: they are skipped with a `remote-spec-skipped` warning). */
  allowNetwork?: boolean;
  /** How remote specs are fetched (default: the global fetch with a 15 s timeout). */
  fetchText?: (url: string) => Promise<string>;
  /** Position of a docs.json pointer, for diagnostics about named specs (default: `docs.json` 0:0). */
  locate?: (pointer: string) => { file: string; line: number; column: number };
}

/** Made-up origin under which site files are handed to swagger-parser, so relative `$ref`s resolve inside the site. */
const SITE_ORIGIN = 'https://site.docsmith.invalid/';
const REFERENCE_ERRORS = new Set(['MissingPointerError', 'ResolverError', 'ParserError', 'InvalidPointerError', 'UnmatchedResolverError', 'UnmatchedParserError']);

/**
 * Loads every OpenAPI 3.0/3.1 or Swagger 2 spec the site names (api.openapi, `openapi` on navigation elements)
 * or holds, parses JSON or YAML from memory and dereferences it with swagger-parser; `$ref`s to other files
 * of the site are read from the SiteSource, never from disk. Broken specs become diagnostics, never throws.
 */
export async function loadOpenApiSpecs(input: LoadSpecsInput): Promise<{ specs: LoadedSpecs; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const specs: LoadedSpecs = new Map();
  const locate = input.locate ?? (() => ({ file: 'docs.json', line: 0, column: 0 }));
  const named = new Map<string, SpecReference>();
  for (const reference of input.specReferences ?? []) if (!named.has(reference.file)) named.set(reference.file, reference);
  const referenced = new Set(input.referencedSpecFiles ?? []);
  const targets = [...new Set([...named.keys(), ...referenced, ...(input.specFiles ?? [])])];
  for (const target of targets) {
    const reference = named.get(target);
    const report = (severity: Diagnostic['severity'], ruleId: RuleId, message: string, hint?: string): void => {
      const position = reference?.pointer ? { ...locate(reference.pointer), pointer: reference.pointer } : { file: target, line: 0, column: 0 };
      diagnostics.push({ ...position, severity, ruleId, message, ...(hint ? { hint } : {}) });
    };
    let text: string | undefined;
    if (isRemoteSpec(target)) {
      if (!input.allowNetwork) {
        report('warning', 'remote-spec-skipped', `Remote spec \`${target}\` was not fetched`, 'Pass --allow-network to fetch remote specs at build time.');
        continue;
      }
      try {
        text = await (input.fetchText ?? fetchText)(target);
      } catch (error) {
        report('error', 'spec-unreachable', `Cannot fetch spec \`${target}\`: ${firstLine(error)}`);
        continue;
      }
    } else {
      const unreadable = unreadableFileReason(input.source, target);
      if (unreadable !== undefined) {
        if (reference || referenced.has(target)) report('error', 'unreadable-file', `Unexpected ${unreadable} as OpenAPI spec \`${target}\`, expected a JSON or YAML text file`, 'Split the spec, or point to a smaller text copy of it.');
        continue;
      }
      text = input.source.files.get(target);
      if (text === undefined) {
        report('error', 'missing-spec', `Cannot find the OpenAPI spec \`${target}\``, 'Fix the path (relative to the site root) or add the file.');
        continue;
      }
    }
    const isNamed = reference !== undefined || referenced.has(target);
    try {
      const loaded = await loadSpec(target, text, input.source, diagnostics, isNamed);
      if (loaded) specs.set(target, loaded);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      diagnostics.push({ file: target, line: 1, column: 1, severity: isNamed ? 'error' : 'warning', ruleId: 'invalid-spec', message: 'Unexpected spec nested too deep to read, expected a JSON or YAML document of ordinary depth' });
    }
  }
  return { specs, diagnostics };
}

/** Parses and dereferences one spec; problems of a spec nothing names (found by discovery) are warnings, not errors. */
async function loadSpec(file: string, text: string, source: SiteSource, diagnostics: Diagnostic[], named: boolean): Promise<LoadedSpec | undefined> {
  const report = (severity: Diagnostic["severity"], ruleId: RuleId, message: string, line = 1, column = 1): void => {
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
    report('warning', 'spec-reference', `Some $ref of the spec cannot be resolved (${firstLine(error).replaceAll(SITE_ORIGIN, '')}); it is used without them`);
    dereferenced = document as Record<string, unknown>;
  }
  return { file, serverPaths: serverPathsOf(dereferenced), operations: listOperations(dereferenced) };
}

/** Why a parsed document is not a usable OpenAPI 3.0/3.1 or Swagger 2.0 spec, or undefined when it is. */
function specShapeProblem(document: unknown): string | undefined {
  if (!document || typeof document !== 'object' || Array.isArray(document)) return 'Unexpected spec content, expected an OpenAPI or Swagger object';
  const record = document as Record<string, unknown>;
  if (record.swagger !== undefined) {
    if (String(record.swagger) !== '2.0') return `Unexpected Swagger version \`${String(record.swagger)}\`, expected \`2.0\``;
  } else if (record.openapi !== undefined) {
    if (!/^3\.[01](\.\d+)?$/.test(String(record.openapi))) return `Unexpected OpenAPI version \`${String(record.openapi)}\`, expected 3.0.x or 3.1.x`;
  } else {
    return 'Unexpected spec without `openapi` or `swagger` version, expected an OpenAPI 3 or Swagger 2 document';
  }
  const hasPaths = record.paths !== undefined && typeof record.paths === 'object' && record.paths !== null && !Array.isArray(record.paths);
  const hasWebhooks = record.webhooks !== undefined && typeof record.webhooks === 'object' && record.webhooks !== null;
  if (!hasPaths && !hasWebhooks) return 'Unexpected spec without `paths`, expected a `paths` object';
  return undefined;
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

function serverPathsOf(document: Record<string, unknown>): string[] {
  const paths = new Set<string>();
  if (Array.isArray(document.servers)) {
    for (const server of document.servers as Record<string, unknown>[]) {
      if (typeof server?.url !== 'string') continue;
      const serverPath = withoutOrigin(server.url).replace(/\/+$/, '');
      if (serverPath.startsWith('/')) paths.add(serverPath);
    }
  }
  if (typeof document.basePath === 'string' && document.basePath.replace(/\/+$/, '')) paths.add(document.basePath.replace(/\/+$/, ''));
  return [...paths];
}

function listOperations(document: Record<string, unknown>): SpecOperation[] {
  const operations: SpecOperation[] = [];
  const collect = (items: unknown, webhook: boolean): void => {
    if (!items || typeof items !== 'object') return;
    for (const [path, item] of Object.entries(items as Record<string, Record<string, unknown>>)) {
      if (!item || typeof item !== 'object') continue;
      const shared = objectsOf(item.parameters);
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (!operation || typeof operation !== 'object') continue;
        const own = objectsOf(operation.parameters);
        const parameters = [...shared.filter((parameter) => !own.some((candidate) => candidate.name === parameter.name && candidate.in === parameter.in)), ...own];
        operations.push({
          method: method.toUpperCase(),
          path,
          operation,
          parameters,
          tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [],
          ...(typeof operation.summary === 'string' && operation.summary.trim() ? { summary: operation.summary.trim() } : {}),
          ...(typeof operation.description === 'string' ? { description: operation.description } : {}),
          hidden: operation['x-hidden'] === true,
          excluded: operation['x-excluded'] === true,
          webhook,
        });
      }
    }
  };
  collect(document.paths, false);
  collect(document.webhooks, true);
  return operations;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/** The object entries of a list from a spec (a malformed spec may hold null, strings or numbers there). */
function objectsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && !Array.isArray(entry)) : [];
}
