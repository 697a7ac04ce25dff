import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SiteSource } from '../site/site-source.ts';
import { collectSpecReferences } from './collect-spec-references.ts';

/** HTTP methods an OpenAPI path item may hold, in the order endpoint pages are generated. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One operation of a spec, or one webhook. */
export interface SpecOperation {
  method: string;
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

/** A loaded specification: its site-relative file (or URL) and operations in document order. */
export interface LoadedSpec {
  file: string;
  operations: SpecOperation[];
}

/** Every spec of the site, by site-relative file (no leading slash) or URL. */
export type LoadedSpecs = Map<string, LoadedSpec>;

/** Input of `loadOpenApiSpecs`. */
export interface LoadSpecsInput {
  config: Record<string, unknown>;
  source: SiteSource;
  /** Spec files detected in the site (loaded even when docs.json names none, for frontmatter references). */
  specFiles?: string[];
  /** Fetch remote spec URLs (default false: they are skipped with a warning). */
  allowNetwork?: boolean;
  /** How remote specs are fetched (default: global fetch). */
  fetchText?: (url: string) => Promise<string>;
}

/**
 * Loads every OpenAPI/Swagger spec the site names (api.openapi, `openapi` on navigation elements) or holds,
 * parses JSON or YAML from memory and dereferences it with swagger-parser. Broken specs become diagnostics.
 */
export async function loadOpenApiSpecs(input: LoadSpecsInput): Promise<{ specs: LoadedSpecs; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const specs: LoadedSpecs = new Map();
  const references = collectSpecReferences(input.config);
  const targets = [...new Set([...references.map((reference) => reference.file), ...(input.specFiles ?? [])])];
  for (const target of targets) {
    const remote = /^https?:\/\//i.test(target);
    let text: string | undefined;
    if (remote) {
      if (!input.allowNetwork) {
        diagnostics.push({ file: 'docs.json', line: 0, column: 0, severity: 'warning', ruleId: 'remote-spec-skipped', message: `Remote spec \`${target}\` was not fetched`, hint: 'Pass --allow-network to fetch remote specs at build time.' });
        continue;
      }
      try {
        text = await (input.fetchText ?? fetchText)(target);
      } catch (error) {
        diagnostics.push({ file: 'docs.json', line: 0, column: 0, severity: 'error', ruleId: 'spec-unreachable', message: `Cannot fetch spec \`${target}\`: ${(error as Error).message}` });
        continue;
      }
    } else {
      text = input.source.files.get(target);
      if (text === undefined) {
        diagnostics.push({ file: 'docs.json', line: 0, column: 0, severity: 'error', ruleId: 'missing-spec', message: `Cannot find the OpenAPI spec \`${target}\`` });
        continue;
      }
    }
    const loaded = await loadSpec(target, text, diagnostics);
    if (loaded) specs.set(target, loaded);
  }
  return { specs, diagnostics };
}

async function loadSpec(file: string, text: string, diagnostics: Diagnostic[]): Promise<LoadedSpec | undefined> {
  let document: unknown;
  try {
    document = /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 1000 });
  } catch (error) {
    diagnostics.push({ file, line: 1, column: 1, severity: 'error', ruleId: 'spec-parse', message: `Cannot parse the spec: ${(error as Error).message.split('\n')[0]}` });
    return undefined;
  }
  if (!document || typeof document !== 'object' || !('openapi' in document || 'swagger' in document)) {
    return undefined;
  }
  let dereferenced: Record<string, unknown>;
  try {
    dereferenced = (await SwaggerParser.dereference(structuredClone(document) as never, { resolve: { external: false } } as never)) as unknown as Record<string, unknown>;
  } catch (error) {
    diagnostics.push({ file, line: 1, column: 1, severity: 'warning', ruleId: 'spec-reference', message: `Some $ref of the spec cannot be resolved (${(error as Error).message.split('\n')[0]}); it is used without them` });
    dereferenced = document as Record<string, unknown>;
  }
  return { file, operations: listOperations(dereferenced) };
}

function listOperations(document: Record<string, unknown>): SpecOperation[] {
  const operations: SpecOperation[] = [];
  const collect = (items: unknown, webhook: boolean): void => {
    if (!items || typeof items !== 'object') return;
    for (const [path, item] of Object.entries(items as Record<string, Record<string, unknown>>)) {
      if (!item || typeof item !== 'object') continue;
      const shared = Array.isArray(item.parameters) ? (item.parameters as Record<string, unknown>[]) : [];
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (!operation || typeof operation !== 'object') continue;
        const own = Array.isArray(operation.parameters) ? (operation.parameters as Record<string, unknown>[]) : [];
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

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}
