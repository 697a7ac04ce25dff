import { distance } from 'fastest-levenshtein';
import type { LoadedSpec, LoadedSpecs, SpecOperation } from './load-openapi-specs.ts';
import { normaliseSpecPath } from './collect-spec-references.ts';

const REFERENCE = /^(?:(\S+)\s+)?(get|put|post|delete|options|head|patch|trace|webhook)\s+(\S+)$/i;

/** A reference resolved to its operation, or the reason it could not be. */
export type OperationResolution =
  | { ok: true; spec: LoadedSpec; operation: SpecOperation }
  | { ok: false; message: string; hint?: string };

/**
 * Resolves `METHOD /path`, `spec-file METHOD /path` or `webhook NAME` against the spec in scope (or the
 * named spec: with or without leading `/`, and without extension when unambiguous). With no spec in scope,
 * every loaded spec is searched. Failures name the closest existing paths.
 */
export function resolveOperationReference(specs: LoadedSpecs, reference: string, specInScope?: string): OperationResolution {
  const match = REFERENCE.exec(reference.trim());
  if (!match) return { ok: false, message: `Unexpected operation reference \`${reference}\`, expected \`METHOD /path\`` };
  const [, specName, methodText = '', pathText = ''] = match;
  const method = methodText.toUpperCase();
  let candidates: LoadedSpec[];
  if (specName) {
    const spec = findSpec(specs, specName);
    if (!spec) return { ok: false, message: `Cannot find the spec \`${specName}\` named in \`${reference}\``, hint: `Loaded specs: ${[...specs.keys()].join(', ') || 'none'}.` };
    candidates = [spec];
  } else if (specInScope && specs.has(specInScope)) {
    candidates = [specs.get(specInScope) as LoadedSpec];
  } else {
    candidates = [...specs.values()];
  }
  if (candidates.length === 0) return { ok: false, message: `Cannot resolve \`${reference}\`: no OpenAPI spec is in scope`, hint: 'Set `openapi` on this element or on `api.openapi` in docs.json.' };
  const webhook = method === 'WEBHOOK';
  const wanted = normalisePath(pathText);
  for (const spec of candidates) {
    const operation = spec.operations.find((candidate) =>
      webhook ? candidate.webhook && candidate.path === pathText : !candidate.webhook && candidate.method === method && normalisePath(candidate.path) === wanted,
    );
    if (operation) return { ok: true, spec, operation };
  }
  const known = candidates.flatMap((spec) => spec.operations.map((operation) => `${operation.webhook ? 'webhook' : operation.method} ${operation.path}`));
  const closest = known
    .map((name) => ({ name, score: distance(`${method} ${pathText}`.toLowerCase(), name.toLowerCase()) }))
    .sort((a, b) => a.score - b.score)
    .slice(0, 3)
    .map((entry) => `\`${entry.name}\``);
  return {
    ok: false,
    message: `Cannot find the operation \`${method} ${pathText}\` in ${candidates.map((spec) => `\`${spec.file}\``).join(', ')}`,
    ...(closest.length > 0 ? { hint: `Closest operations: ${closest.join(', ')}.` } : {}),
  };
}

/** Finds a loaded spec by the name a reference gives it: exact, without leading slash, or without extension. */
export function findSpec(specs: LoadedSpecs, name: string): LoadedSpec | undefined {
  const normalised = normaliseSpecPath(name);
  const exact = specs.get(normalised);
  if (exact) return exact;
  const withoutExtension = [...specs.values()].filter((spec) => spec.file.replace(/\.(json|ya?ml)$/i, '') === normalised);
  return withoutExtension.length === 1 ? withoutExtension[0] : undefined;
}

function normalisePath(path: string): string {
  return path.replace(/\/+$/, '').toLowerCase() || '/';
}
