import path from 'node:path/posix';
import type { LoadedSpec, LoadedSpecs, SpecOperation } from './loaded-spec.ts';
import { normalizeSpecPath } from '../site-model/collect-spec-references.ts';
import { OPERATION_REFERENCE } from '../site-model/operation-reference.ts';
import {
  findOperation,
  findSpec,
  resolveOperationReference,
  type OperationResolution,
} from './resolve-operation-reference.ts';

/**
 * A page's operation resolved, or why not. `fallbackFor` is set when the spec the reference names does not hold the
 * operation (or does not exist) and the page renders it from `spec`, another loaded spec that holds it.
 */
export type PageOperationResolution =
  OperationResolution | { ok: true; spec: LoadedSpec; operation: SpecOperation; fallbackFor: string };

/**
 * Resolves a page's frontmatter `openapi` reference. Without a spec name, or when no loaded spec holds the operation,
 * this is `resolveOperationReference`. With one, the spec is picked among the loaded specs holding the operation in
 * the order of the platform's `getMatchingOpenApiFile` (docs/decisions/0269-frontmatter-spec-falls-back-to-a-holder.md):
 * the spec the name means (`findSpec`), else one whose path contains the name; else the holder whose folder shares
 * most with the named one (then the first loaded), reported by `fallbackFor`.
 */
export function resolvePageOperationReference(
  specs: LoadedSpecs,
  reference: string,
  unloadedSpecs: readonly string[] = [],
): PageOperationResolution {
  const match = OPERATION_REFERENCE.exec(reference.trim());
  const [, specName, methodText = '', pathText = ''] = match ?? [];
  if (!specName) return resolveOperationReference(specs, reference, [], unloadedSpecs);
  const method = methodText.toUpperCase();
  const holders = [...specs.values()].flatMap((spec) => {
    const operation = findOperation(spec, method, pathText);
    return operation ? [{ spec, operation }] : [];
  });
  if (holders.length === 0) return resolveOperationReference(specs, reference, [], unloadedSpecs);
  const name = normalizeSpecPath(specName);
  const named = findSpec(specs, specName);
  // The platform then tries file names (without extension) equal to or containing the name: a path contains those too.
  const picked = holders.find(({ spec }) => spec === named) ?? holders.find(({ spec }) => spec.file.includes(name));
  if (picked) return { ok: true, ...picked };
  // The first holder among those whose folder shares most with the named spec's (ties keep the loading order).
  const { spec, operation } = holders.reduce((nearest, holder) =>
    sharedFolders(holder.spec.file, name) > sharedFolders(nearest.spec.file, name) ? holder : nearest,
  );
  return { ok: true, spec, operation, fallbackFor: specName };
}

/** How many leading folders two site paths share (`ar/openapi/a.yml`, `ar/openapi/b.yml` → 2). */
function sharedFolders(left: string, right: string): number {
  const leftFolders = path.dirname(left).split('/');
  const rightFolders = path.dirname(right).split('/');
  let shared = 0;
  while (shared < leftFolders.length && leftFolders[shared] === rightFolders[shared] && leftFolders[shared] !== '.')
    shared += 1;
  return shared;
}
