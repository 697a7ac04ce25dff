import { distance } from 'fastest-levenshtein';
import type { LoadedSpec, LoadedSpecs, SpecOperation } from './loaded-spec.ts';
import { isRemoteSpec, normalizeSpecPath } from '../site-model/collect-spec-references.ts';
import { withoutOrigin } from './without-origin.ts';
import { OPERATION_REFERENCE } from '../site-model/operation-reference.ts';

/**
 * A reference resolved to its operation, or the reason it could not be; `specNotLoaded` when a spec it may be
 * in did not load (that spec's own diagnostic — `remote-spec-skipped`, `missing-spec`… — already says why).
 */
export type OperationResolution =
  | { ok: true; spec: LoadedSpec; operation: SpecOperation }
  | { ok: false; message: string; hint?: string; specNotLoaded?: true };

/**
 * Resolves `METHOD /path`, `spec-file METHOD /path`, `webhook NAME` or a legacy `METHOD https://host/base/path`
 * against the spec(s) in scope, or the named spec (with or without leading `/`, without extension when
 * unambiguous). Methods are case-insensitive; trailing slashes and path-parameter names are tolerated.
 * With no spec in scope, every loaded spec is searched; with specs in scope of which none loaded, nothing is.
 * Failures name the closest existing operations. `unloadedSpecs` are the site's specs that did not load: an
 * operation searched among all specs and not found may be in one of them.
 */
export function resolveOperationReference(
  specs: LoadedSpecs,
  reference: string,
  specsInScope: readonly string[] = [],
  unloadedSpecs: readonly string[] = [],
): OperationResolution {
  const match = OPERATION_REFERENCE.exec(reference.trim());
  if (!match)
    return { ok: false, message: `Unexpected operation reference \`${reference}\`, expected \`METHOD /path\`` };
  const [, specName, methodText = '', pathText = ''] = match;
  const method = methodText.toUpperCase();
  const inScope = specsInScope.flatMap((file) => specs.get(file) ?? []);
  let candidates: LoadedSpec[];
  if (specName) {
    const spec = findSpec(specs, specName);
    if (!spec)
      return {
        ok: false,
        message: `Cannot find the spec \`${specName}\` named in \`${reference}\``,
        hint: loadedSpecsHint(specName, [...specs.keys()]),
      };
    candidates = [spec];
  } else if (specsInScope.length > 0 && inScope.length === 0) {
    const remote = specsInScope.some(isRemoteSpec);
    return {
      ok: false,
      message: `Cannot resolve \`${reference.trim()}\`: the spec in scope (${specsInScope.map((file) => `\`${file}\``).join(', ')}) was not loaded`,
      ...(remote ? { hint: 'Pass --allow-network to fetch remote specs at build time.' } : {}),
      specNotLoaded: true,
    };
  } else {
    candidates = inScope.length > 0 ? inScope : [...specs.values()];
  }
  if (candidates.length === 0)
    return {
      ok: false,
      message: `Cannot resolve \`${reference}\`: no OpenAPI spec is in scope`,
      hint: 'Set `openapi` on this element or on `api.openapi` in docs.json.',
      ...(unloadedSpecs.length > 0 ? { specNotLoaded: true as const } : {}),
    };
  for (const spec of candidates) {
    const operation = findOperation(spec, method, pathText);
    if (operation) return { ok: true, spec, operation };
  }
  // Several specs in scope often share operations (copies of one spec, a common `/health`): each is suggested once.
  const known = [
    ...new Set(
      candidates.flatMap((spec) =>
        spec.operations.map((operation) => `${operation.webhook ? 'webhook' : operation.method} ${operation.path}`),
      ),
    ),
  ];
  const wanted = `${method} ${pathText}`.toLowerCase();
  const closest = known
    .map((name) => ({ name, score: distance(wanted, name.toLowerCase()) }))
    .sort((left, right) => left.score - right.score || left.name.localeCompare(right.name))
    .slice(0, 3)
    .map((entry) => `\`${entry.name}\``);
  return {
    ok: false,
    message: `Cannot find the operation \`${method} ${pathText}\` in ${candidates.map((spec) => `\`${spec.file}\``).join(', ')}`,
    ...(closest.length > 0 ? { hint: `Closest operations: ${closest.join(', ')}.` } : {}),
    ...(!specName && inScope.length === 0 && unloadedSpecs.length > 0 ? { specNotLoaded: true as const } : {}),
  };
}

/**
 * Finds a loaded spec by the name a reference gives it: exact, without leading slash, without extension, or
 * (when only one spec fits) a spec in a sub-folder whose path ends with the name.
 */
export function findSpec(specs: LoadedSpecs, name: string): LoadedSpec | undefined {
  const normalized = normalizeSpecPath(name);
  const exact = specs.get(normalized);
  if (exact) return exact;
  const withoutExtension = [...specs.values()].filter(
    (spec) => spec.file.replace(/\.(json|ya?ml)$/i, '') === normalized,
  );
  if (withoutExtension.length === 1) return withoutExtension[0];
  const inFolder = [...specs.values()].filter(
    (spec) =>
      spec.file.endsWith(`/${normalized}`) || spec.file.replace(/\.(json|ya?ml)$/i, '').endsWith(`/${normalized}`),
  );
  return inFolder.length === 1 ? inFolder[0] : undefined;
}

/** The operation of `spec` for `METHOD path` (method upper-case; `WEBHOOK name` for a webhook), if it has one. */
export function findOperation(spec: LoadedSpec, method: string, pathText: string): SpecOperation | undefined {
  return method === 'WEBHOOK'
    ? spec.operations.find((candidate) => candidate.webhook && candidate.path === pathText)
    : findHttpOperation(spec, method, pathText);
}

/** The operation for `METHOD path`: exact path first, then with the server base path removed, then ignoring parameter names. */
function findHttpOperation(spec: LoadedSpec, method: string, pathText: string): SpecOperation | undefined {
  const path = withoutOrigin(pathText) || '/';
  const candidates = [
    path,
    ...spec.serverPaths.filter((prefix) => path.startsWith(`${prefix}/`)).map((prefix) => path.slice(prefix.length)),
  ];
  const operations = spec.operations.filter((operation) => !operation.webhook && operation.method === method);
  for (const candidate of candidates) {
    const wanted = normalizePath(candidate);
    const exact = operations.find((operation) => normalizePath(operation.path) === wanted);
    if (exact) return exact;
    const shaped = operations.filter(
      (operation) => withoutParameterNames(normalizePath(operation.path)) === withoutParameterNames(wanted),
    );
    if (shaped.length === 1) return shaped[0];
  }
  return undefined;
}

function normalizePath(path: string): string {
  return path.replace(/\/+$/, '').toLowerCase() || '/';
}

function withoutParameterNames(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

/** How many loaded specs a hint names: the closest to the name written, then how many more there are. */
const MAX_SPECS_NAMED = 5;

/** "Loaded specs: a.json, b.yaml." — at most `MAX_SPECS_NAMED`, the closest to `specName` first, and "and N more". */
export function loadedSpecsHint(specName: string, loaded: string[]): string {
  if (loaded.length === 0) return 'Loaded specs: none.';
  const closest =
    loaded.length <= MAX_SPECS_NAMED
      ? loaded
      : [...loaded]
          .sort((left, right) => distance(specName, left) - distance(specName, right) || left.localeCompare(right))
          .slice(0, MAX_SPECS_NAMED);
  const more = loaded.length - closest.length;
  return `Loaded specs: ${closest.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
}
