import type { LoadedSpecs, SpecOperation } from '../openapi/loaded-spec.ts';
import type { SpecInScope } from './navigation-page-entry.ts';

/** The group of operations a spec leaves untagged. */
const UNTAGGED_GROUP = 'API Reference';

/**
 * The operations of an element's own specs that get a page, grouped by their first tag (`UNTAGGED_GROUP` for none),
 * groups in the order their first operation comes and operations in spec order, as the platform's CLI generates them;
 * specs that did not load give none.
 */
export function operationsByTag(
  ownSpecs: SpecInScope,
  specs: LoadedSpecs,
): Map<string, { operation: SpecOperation; specFile: string }[]> {
  const byTag = new Map<string, { operation: SpecOperation; specFile: string }[]>();
  for (const reference of ownSpecs) {
    const loaded = specs.get(reference.file);
    if (!loaded) continue;
    for (const operation of loaded.operations) {
      if (operation.excluded) continue;
      const tag = operation.tags[0] ?? UNTAGGED_GROUP;
      byTag.set(tag, [...(byTag.get(tag) ?? []), { operation, specFile: loaded.file }]);
    }
  }
  return byTag;
}
