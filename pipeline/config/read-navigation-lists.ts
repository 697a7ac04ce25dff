import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { isSourceReference } from '../site-model/source-references.ts';
import {
  CHILD_LIST_KEYS,
  listsInPlatformOrder,
  NAVIGATION_LISTS,
  type NavigationElementKind,
} from '../site-model/navigation-lists.ts';
import { isWithinPointer } from './is-within-pointer.ts';
import type { ConfigPosition } from './config-position.ts';

/** A list of a navigation element that the platform's schema rejects and passes over for a later one of the element. */
interface PassedOverList {
  /** JSON pointer of the rejected list (`/navigation/anchors`). */
  pointer: string;
  /** Its key (`anchors`). */
  list: string;
  /** The key of the list shown instead (`groups`); none when the element has no valid list and shows none. */
  kept?: string;
}

/** A group's keys naming a spec, which the platform's schema drops when they do not parse. */
const GROUP_SPEC_KEYS = ['openapi', 'asyncapi'] as const;

/** What a passed-over key holds, for the warning: `href` a link, `openapi` and `asyncapi` a spec, the others a list. */
function passedOverNoun(key: string): string {
  if (key === 'href') return 'a link';
  return (GROUP_SPEC_KEYS as readonly string[]).includes(key) ? 'a spec source' : 'a list';
}

/** The kind of the elements of each list (`tabs` → `tab`). */
const ELEMENT_KIND_OF_LIST = new Map<string, NavigationElementKind>(
  NAVIGATION_LISTS.map(([list, , kind]) => [list, kind]),
);

/**
 * The navigation as the platform's schema reads it, and the schema's diagnostics as they apply to it. Each element (a
 * group excepted) is a union of one list each, tried in the platform's order (`listsInPlatformOrder`); the first
 * variant whose whole subtree parses wins and the other lists are stripped unread (`@mintlify/validation`: zod's
 * union). So an element holding old mint.json-style `anchors` (no `anchor` name) beside valid `groups` is deployed with
 * its groups, and an error in a list after the kept one, or under an element with an `href` (a link), fails nothing.
 * An invalid list before the kept one is removed from the navigation and its diagnostics become one
 * `invalid-navigation-list` warning; when there is an error, the diagnostics of a list the platform never reads are
 * left out (the lists stay: `keptLists` skips them, and `mixed-navigation-children` says they are dropped). Below the
 * top level every element also has a variant with no list, so one none of whose lists is valid (nor its `href`) is
 * kept without them, each a warning; a group's `openapi` or `asyncapi` that does not parse is dropped the same way.
 * The top-level navigation none of whose lists is valid, and an element whose own fields are invalid (which makes
 * its parent's list invalid), keep their errors: the platform rejects them too.
 */
export function readNavigationLists(
  navigation: unknown,
  schemaDiagnostics: readonly Diagnostic[],
  locate: (pointer: string) => ConfigPosition,
): { navigation: unknown; diagnostics: Diagnostic[] } {
  const errors = schemaDiagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  // Without an error every list parses: the platform keeps the first, as `keptLists` does.
  if (errors.length === 0) return { navigation, diagnostics: [...schemaDiagnostics] };
  const read = passOverInvalidLists(
    navigation,
    errors.map((diagnostic) => diagnostic.pointer ?? ''),
  );
  const passedOverAt = (pointer: string | undefined): PassedOverList | undefined =>
    pointer === undefined ? undefined : read.passedOver.find((list) => isWithinPointer(pointer, list.pointer));
  const diagnostics = schemaDiagnostics.filter(
    (diagnostic) =>
      !passedOverAt(diagnostic.pointer) &&
      !read.unread.some((list) => diagnostic.pointer !== undefined && isWithinPointer(diagnostic.pointer, list)),
  );
  for (const list of read.passedOver) {
    const firstError = errors.find((diagnostic) => passedOverAt(diagnostic.pointer) === list);
    const where = firstError
      ? `${firstError.file}:${firstError.line}:${firstError.column}: ${firstError.message}. `
      : '';
    diagnostics.push({
      ...locate(list.pointer),
      pointer: list.pointer,
      severity: 'warning',
      ruleId: 'invalid-navigation-list',
      ...(list.kept === undefined
        ? {
            message: `Unexpected invalid \`${list.list}\`, expected ${passedOverNoun(list.list)} the platform's schema accepts: it drops it and keeps the element without it, and so does docsmith`,
            hint: `${where}Fix it or remove it: as it is, nothing it names is shown.`,
          }
        : {
            message: `Unexpected invalid \`${list.list}\`, expected a list the platform's schema accepts: it passes over this one and shows \`${list.kept}\`, and so does docsmith`,
            hint: `${where}Fix the list or remove it; once valid, it would be shown instead of \`${list.kept}\`, as an element shows one list.`,
          }),
    });
  }
  return { navigation: read.navigation, diagnostics };
}

/**
 * Reads each element as the platform's union does, given the JSON pointers of the configuration's errors (a list
 * holding one, besides those in lists its own elements pass over or never read, is invalid): the navigation without
 * the invalid lists before each element's kept one (`passedOver`), and the pointers of the lists never read (`unread`).
 */
function passOverInvalidLists(
  navigation: unknown,
  errorPointers: readonly string[],
): { navigation: unknown; passedOver: PassedOverList[]; unread: string[] } {
  const passedOver: PassedOverList[] = [];
  const unread: string[] = [];
  // Whether an error lies at `pointer` outside the lists passed over or never read, and outside `besides`.
  const holdsError = (pointer: string, besides: readonly string[] = []): boolean =>
    errorPointers.some(
      (error) =>
        isWithinPointer(error, pointer) &&
        !passedOver.some((list) => isWithinPointer(error, list.pointer)) &&
        !unread.some((list) => isWithinPointer(error, list)) &&
        !besides.some((list) => isWithinPointer(error, list)),
    );
  const resolveElement = (element: unknown, pointer: string, kind: NavigationElementKind): unknown => {
    if (!element || typeof element !== 'object' || Array.isArray(element) || isSourceReference(element)) return element;
    const record = element as Record<string, unknown>;
    const resolved: Record<string, unknown> = { ...record };
    for (const [key, value] of Object.entries(record)) {
      const childKind = key === 'pages' ? 'group' : ELEMENT_KIND_OF_LIST.get(key);
      if (!Array.isArray(value) || childKind === undefined) continue;
      resolved[key] = value.map((child: unknown, index) =>
        typeof child === 'object' ? resolveElement(child, `${pointer}/${key}/${index}`, childKind) : child,
      );
    }
    if (kind === 'group') {
      // A group's spec reference that does not parse is dropped (the schema's `.catch(undefined)`), the group kept.
      for (const key of GROUP_SPEC_KEYS)
        if (key in record && holdsError(`${pointer}/${key}`)) {
          passedOver.push({ pointer: `${pointer}/${key}`, list: key });
          delete resolved[key];
        }
      return resolved;
    }
    // A link whose `href` does not parse is read as the element without it (its lists, or the bare element).
    const invalidLink = kind !== 'navigation' && 'href' in record && holdsError(`${pointer}/href`);
    const lists = listsInPlatformOrder(kind, invalidLink ? { ...record, href: undefined } : record);
    const kept = lists.find((list) => !holdsError(`${pointer}/${list}`));
    const invalid = kept === undefined ? [...lists] : lists.slice(0, lists.indexOf(kept));
    // A list key holding no list at all (`"groups": 42`) is a variant that never parses.
    invalid.unshift(
      ...CHILD_LIST_KEYS.filter(
        (key) => key in record && !Array.isArray(record[key]) && holdsError(`${pointer}/${key}`),
      ),
    );
    if (invalidLink) invalid.unshift('href');
    if (kept === undefined && invalid.length > 0) {
      // The top-level navigation has no variant without a list, and an element whose own fields are invalid parses
      // as no variant: both are left as written, with their errors. Any other element parses as its bare variant.
      const ownError = holdsError(
        pointer,
        invalid.map((list) => `${pointer}/${list}`),
      );
      if (kind === 'navigation' || ownError) return resolved;
    }
    for (const list of invalid) {
      passedOver.push({ pointer: `${pointer}/${list}`, list, ...(kept === undefined ? {} : { kept }) });
      delete resolved[list];
    }
    for (const list of CHILD_LIST_KEYS.filter((key) => Array.isArray(record[key])))
      if (list !== kept && !invalid.includes(list)) unread.push(`${pointer}/${list}`);
    return resolved;
  };
  const resolved = resolveElement(navigation, '/navigation', 'navigation');
  // What lies in a list the platform never reads, or in one it passes over, passes over nothing itself.
  const outermost = passedOver.filter(
    (list) =>
      !unread.some((pointer) => isWithinPointer(list.pointer, pointer)) &&
      !passedOver.some((other) => other !== list && isWithinPointer(list.pointer, other.pointer)),
  );
  return { navigation: resolved, passedOver: outermost, unread };
}
