import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { isSourceReference } from '../site-model/source-references.ts';
import {
  CHILD_LIST_KEYS,
  listsInPlatformOrder,
  NAVIGATION_LISTS,
  type NavigationElementKind,
} from '../site-model/navigation-lists.ts';
import { isWithinPointer } from './is-within-pointer.ts';
import type { ConfigPosition } from './validate-config.ts';

/** A list of a navigation element that the platform's schema rejects and passes over for a later one of the element. */
interface PassedOverList {
  /** JSON pointer of the rejected list (`/navigation/anchors`). */
  pointer: string;
  /** Its key (`anchors`). */
  list: string;
  /** The key of the list shown instead (`groups`). */
  kept: string;
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
 * left out (the lists stay: `keptLists` skips them, and `mixed-navigation-children` says they are dropped). An
 * element none of whose lists is valid is left as written, with its errors: the platform rejects the site too.
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
    diagnostics.push({
      ...locate(list.pointer),
      pointer: list.pointer,
      severity: 'warning',
      ruleId: 'invalid-navigation-list',
      message: `Unexpected invalid \`${list.list}\`, expected a list the platform's schema accepts: it passes over this one and shows \`${list.kept}\`, and so does docsmith`,
      hint: `${firstError ? `${firstError.file}:${firstError.line}:${firstError.column}: ${firstError.message}. ` : ''}Fix the list or remove it; once valid, it would be shown instead of \`${list.kept}\`, as an element shows one list.`,
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
  const holdsError = (pointer: string): boolean =>
    errorPointers.some(
      (error) =>
        isWithinPointer(error, pointer) &&
        !passedOver.some((list) => isWithinPointer(error, list.pointer)) &&
        !unread.some((list) => isWithinPointer(error, list)),
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
    if (kind === 'group') return resolved;
    const lists = listsInPlatformOrder(kind, record);
    const kept = lists.find((list) => !holdsError(`${pointer}/${list}`));
    if (lists.length > 0 && kept === undefined) return resolved;
    const invalid = kept === undefined ? [] : lists.slice(0, lists.indexOf(kept));
    for (const list of invalid) {
      passedOver.push({ pointer: `${pointer}/${list}`, list, kept: kept as string });
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
