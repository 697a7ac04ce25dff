import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import { isSourceReference } from '../site-model/source-references.ts';
import { keptTopLevelList } from '../site-model/navigation-lists.ts';
import type { ConfigPosition } from './validate-config.ts';

/** The child lists a navigation element may hold; more than one on the same element is allowed but warned. */
const CHILD_KINDS = [
  'languages',
  'versions',
  'products',
  'tabs',
  'menu',
  'dropdowns',
  'anchors',
  'groups',
  'pages',
] as const;

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
      visitElement(entry, pointer, true);
    }
  };
  const visitElement = (element: unknown, pointer: string, isGroup = false): void => {
    if (!element || typeof element !== 'object' || Array.isArray(element)) return;
    const record = element as Record<string, unknown>;
    if (isGroup && !Array.isArray(record.pages) && !GENERATED_PAGES.some((key) => record[key] !== undefined))
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
    if (typeof record.root === 'string') visitPage(record.root, `${pointer}/root`);
    const kinds = CHILD_KINDS.filter((kind) => Array.isArray(record[kind]));
    const kept = pointer === '/navigation' ? keptTopLevelList(record) : undefined;
    if (kinds.length > 1) {
      report(
        pointer || '/',
        'warning',
        'mixed-navigation-children',
        `Unexpected mix of ${kinds.map((kind) => `\`${kind}\``).join(' and ')} on one element, expected one kind of children`,
        kept === undefined
          ? `All of them are kept, in this order: ${kinds.join(', ')}. Nest one inside the other to make the order explicit.`
          : `The platform keeps only \`${kept}\` of the top-level navigation and drops the rest; so does docsmith. Nest the others inside it to keep them.`,
      );
    }
    for (const kind of kinds.filter((candidate) => kept === undefined || candidate === kept)) {
      (record[kind] as unknown[]).forEach((child, index) =>
        kind === 'pages'
          ? visitPage(child, `${pointer}/${kind}/${index}`)
          : visitElement(child, `${pointer}/${kind}/${index}`, kind === 'groups' && !isSourceReference(child)),
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
    visitElement(navigation, '/navigation');
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
