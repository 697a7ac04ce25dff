import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import { isSourceReference } from '../site-model/source-references.ts';
import { heldLists, keptLists, NAVIGATION_LISTS, type NavigationElementKind } from '../site-model/navigation-lists.ts';
import type { ConfigPosition } from './config-position.ts';

/** The kind of the elements of each list (`tabs` → `tab`). */
const ELEMENT_KIND_OF_LIST = new Map<string, NavigationElementKind>(
  NAVIGATION_LISTS.map(([list, , kind]) => [list, kind]),
);

/** Keys from which a group gets pages without listing them. */
const GENERATED_PAGES = ['openapi', 'asyncapi', 'sdk', 'graphql'] as const;

/** Navigation keys from which the platform generates reference pages that docsmith does not generate. */
const REFERENCE_GENERATORS = [
  { key: 'graphql', pages: 'GraphQL reference pages from a schema' },
  { key: 'sdk', pages: 'SDK reference pages from TypeDoc, DocFX, Javadoc, Sphinx or phpDocumentor output' },
] as const;

/**
 * Checks what the schema cannot: a navigation that yields no page at all (error), elements mixing several
 * child kinds (warning: all are resolved, in a stable order), a group without `pages` (warning: the platform's validator
 * reads it as an empty list and deploys it), `graphql` and `sdk` elements whose generated
 * reference pages docsmith does not build (warning; they count as pages for the empty-navigation check, as the
 * platform generates them). Page files are checked by the navigation stage.
 */
export function checkNavigationConfig(navigation: unknown, locate: (pointer: string) => ConfigPosition): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let pageCount = 0;
  const report = (
    pointer: string,
    severity: Diagnostic['severity'],
    ruleId: RuleId,
    message: string,
    hint?: string,
  ): void => {
    diagnostics.push({ ...locate(pointer), pointer, severity, ruleId, message, ...(hint ? { hint } : {}) });
  };
  const visitPage = (entry: unknown, pointer: string): void => {
    if (typeof entry === 'string') {
      pageCount += 1;
    } else if (!isSourceReference(entry)) {
      visitElement(entry, pointer, 'group');
    }
  };
  const visitElement = (element: unknown, pointer: string, elementKind: NavigationElementKind): void => {
    if (!element || typeof element !== 'object' || Array.isArray(element)) return;
    const record = element as Record<string, unknown>;
    if (
      elementKind === 'group' &&
      !Array.isArray(record.pages) &&
      !GENERATED_PAGES.some((key) => record[key] !== undefined)
    )
      reportGroupWithoutPages(record, pointer);
    if (record.openapi !== undefined || record.asyncapi !== undefined) pageCount += 1;
    for (const generator of REFERENCE_GENERATORS) {
      if (record[generator.key] === undefined) continue;
      pageCount += 1;
      report(
        `${pointer}/${generator.key}`,
        'warning',
        'reference-not-generated',
        `Unexpected \`${generator.key}\` reference, expected pages docsmith can build: it does not generate ${generator.pages}`,
        "docsmith builds the element's own listed pages only: the generated pages are not in the manifest, the search index or the assistant's sources.",
      );
    }
    if (elementKind === 'group' && typeof record.root === 'string') visitPage(record.root, `${pointer}/root`);
    const kinds = heldLists(elementKind, record);
    const kept = keptLists(elementKind, record);
    const link = kept.length === 0 && kinds.length > 0 && elementKind !== 'navigation';
    if (kinds.length > 1 || link) {
      const mixed = link ? ['href', ...kinds] : kinds;
      report(
        pointer,
        'warning',
        'mixed-navigation-children',
        `Unexpected mix of ${mixed.map((kind) => `\`${kind}\``).join(' and ')} on one element, expected one kind of children`,
        elementKind === 'group'
          ? `All of them are kept, in this order: ${kinds.join(', ')}. Nest one inside the other to make the order explicit.`
          : link
            ? 'The platform shows the element as a link to its `href` and drops its lists; so does docsmith.'
            : `The platform keeps only \`${kept[0]}\` of this element and drops the rest; so does docsmith. Nest the others inside it to keep them.`,
      );
    }
    for (const kind of kinds.filter((candidate) => kept.includes(candidate))) {
      (record[kind] as unknown[]).forEach((child, index) =>
        kind === 'pages'
          ? visitPage(child, `${pointer}/${kind}/${index}`)
          : isSourceReference(child)
            ? undefined
            : visitElement(child, `${pointer}/${kind}/${index}`, ELEMENT_KIND_OF_LIST.get(kind) ?? 'group'),
      );
    }
  };
  const reportGroupWithoutPages = (group: Record<string, unknown>, pointer: string): void => {
    const name = typeof group.group === 'string' ? ` \`${group.group}\`` : '';
    if (Array.isArray(group.groups)) {
      report(
        pointer,
        'warning',
        'group-without-pages',
        `Unexpected group${name} holding \`groups\` but no \`pages\`, expected its subgroups in \`pages\``,
        'The platform ignores `groups` on a group and deploys it empty; docsmith resolves them as subgroups. Move them into `pages` for both to agree.',
      );
    } else {
      report(
        pointer,
        'warning',
        'group-without-pages',
        `Unexpected group${name} without \`pages\`, expected a list of pages or an \`openapi\` spec`,
        'The platform deploys it as an empty group; docsmith leaves it out of the navigation. Add its pages, or remove it.',
      );
    }
  };
  if (navigation && typeof navigation === 'object' && !Array.isArray(navigation)) {
    visitElement(navigation, '/navigation', 'navigation');
    if (pageCount === 0) {
      report(
        '/navigation',
        'error',
        'empty-navigation',
        'Unexpected navigation without any page, expected at least one page, group or OpenAPI spec',
        'Add "pages": ["index"] (or groups, tabs, …) to the navigation.',
      );
    }
  }
  return diagnostics;
}
