import { isRecord } from './is-record.ts';
import { escapePointer } from './json-pointer.ts';

/** A navigation entry that stands for another repository's navigation in a multi-repository deployment. */
export interface SourceReference {
  /** The repository, `owner/repo`. */
  sourceRef: string;
}

/**
 * Whether a navigation entry is `{"sourceRef": "owner/repo"}`: the platform's multi-repository deployments replace it
 * with the referenced repository's anchors, tabs, groups, pages, products or menu items. docsmith builds one
 * repository, so the walkers leave such an entry out.
 */
export function isSourceReference(entry: unknown): entry is SourceReference {
  return isRecord(entry) && typeof entry.sourceRef === 'string';
}

/** Every `sourceRef` entry in the arrays of `navigation` (at any depth, `global` included): its JSON pointer and repository. */
export function findSourceReferences(
  navigation: unknown,
  pointer = '/navigation',
): { pointer: string; repository: string }[] {
  if (Array.isArray(navigation)) {
    return navigation.flatMap((entry: unknown, index) =>
      isSourceReference(entry)
        ? [{ pointer: `${pointer}/${index}`, repository: entry.sourceRef }]
        : findSourceReferences(entry, `${pointer}/${index}`),
    );
  }
  if (!isRecord(navigation)) return [];
  return Object.entries(navigation).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? findSourceReferences(value, `${pointer}/${escapePointer(key)}`) : [],
  );
}
