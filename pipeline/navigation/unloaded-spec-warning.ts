import { isRemoteSpec } from '../site-model/collect-spec-references.ts';
import type { NavigationElementVisit } from '../site-model/visit-navigation.ts';
import type { Level } from './navigation-scope.ts';

/** What a `spec-not-loaded` warning says of an element: the specs that did not load, what was left out, a hint. */
export interface UnloadedSpecWarning {
  message: string;
  hint: string;
}

/**
 * The `spec-not-loaded` warning of an element that lost its operation entries (`level.unloadedEntries`), or all its
 * generated pages (`wholeSpec`), to specs that did not load (`isLoaded` false), and was itself left out when `dropped`.
 */
export function unloadedSpecWarning(
  { kind, label }: NavigationElementVisit,
  level: Level,
  wholeSpec: boolean,
  dropped: boolean,
  isLoaded: (specFile: string) => boolean,
): UnloadedSpecWarning {
  const unloaded = (wholeSpec ? level.ownSpecs : level.scope.specs)
    .filter((spec) => !isLoaded(spec.file))
    .map((spec) => spec.file);
  const specs = unloaded.length > 0 ? unloaded.map((file) => `\`${file}\``).join(', ') : 'a spec that did not load';
  const element = kind === 'navigation' ? 'the top-level navigation' : `${kind} \`${label ?? '?'}\``;
  const count = level.unloadedEntries;
  const message = wholeSpec
    ? `Unexpected ${element} generated from ${specs}, expected a loaded spec: it has no endpoint page${dropped ? ' and is left out' : ''}`
    : `Unexpected ${count} operation ${count === 1 ? 'entry' : 'entries'} of ${specs} in ${element}, expected a loaded spec: ${count === 1 ? 'it is' : 'they are'} left out${dropped ? `, and so is the ${kind}, left empty` : ''}`;
  const hint = unloaded.some(isRemoteSpec)
    ? 'Pass --allow-network to fetch remote specs at build time.'
    : 'The spec is reported where it is named.';
  return { message, hint };
}
