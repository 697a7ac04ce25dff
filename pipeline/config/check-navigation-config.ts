import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalogue.ts';
import type { ConfigPosition } from './validate-config.ts';

/** The child lists a navigation element may hold; more than one on the same element is allowed but warned. */
const CHILD_KINDS = ['languages', 'versions', 'products', 'tabs', 'menu', 'dropdowns', 'anchors', 'groups', 'pages'] as const;

/** Navigation keys from which the platform generates reference pages that docsmith does not generate. */
const REFERENCE_GENERATORS = [
  { key: 'graphql', pages: 'GraphQL reference pages from a schema' },
  { key: 'sdk', pages: 'SDK reference pages from TypeDoc, DocFX, Javadoc, Sphinx or phpDocumentor output' },
] as const;

/**
 * Checks what the schema cannot: a navigation that yields no page at all (error), elements mixing several
 * child kinds (warning: all are resolved, in a stable order), `graphql` and `sdk` elements whose generated
 * reference pages docsmith does not build (warning; they count as pages for the empty-navigation check, as the
 * platform generates them). Page files are checked by the navigation stage.
 */
export function checkNavigationConfig(navigation: unknown, locate: (pointer: string) => ConfigPosition): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let pageCount = 0;
  const report = (pointer: string, severity: Diagnostic['severity'], ruleId: RuleId, message: string, hint?: string): void => {
    diagnostics.push({ ...locate(pointer), pointer, severity, ruleId, message, ...(hint ? { hint } : {}) });
  };
  const visitPage = (entry: unknown, pointer: string): void => {
    if (typeof entry === 'string') {
      pageCount += 1;
    } else {
      visitElement(entry, pointer);
    }
  };
  const visitElement = (element: unknown, pointer: string): void => {
    if (!element || typeof element !== 'object' || Array.isArray(element)) return;
    const record = element as Record<string, unknown>;
    if (record.openapi !== undefined || record.asyncapi !== undefined) pageCount += 1;
    for (const generator of REFERENCE_GENERATORS) {
      if (record[generator.key] === undefined) continue;
      pageCount += 1;
      report(`${pointer}/${generator.key}`, 'warning', 'reference-not-generated', `Unexpected \`${generator.key}\` reference, expected pages docsmith can build: it does not generate ${generator.pages}`,
        "docsmith builds the element's own listed pages only: the generated pages are not in the manifest, the search index or the assistant's sources.");
    }
    if (typeof record.root === 'string') visitPage(record.root, `${pointer}/root`);
    const kinds = CHILD_KINDS.filter((kind) => Array.isArray(record[kind]));
    if (kinds.length > 1) {
      report(pointer || '/', 'warning', 'mixed-navigation-children', `Unexpected mix of ${kinds.map((kind) => `\`${kind}\``).join(' and ')} on one element, expected one kind of children`,
        `All of them are kept, in this order: ${kinds.join(', ')}. Nest one inside the other to make the order explicit.`);
    }
    for (const kind of kinds) {
      (record[kind] as unknown[]).forEach((child, index) => (kind === 'pages' ? visitPage(child, `${pointer}/${kind}/${index}`) : visitElement(child, `${pointer}/${kind}/${index}`)));
    }
  };
  if (navigation && typeof navigation === 'object' && !Array.isArray(navigation)) {
    visitElement(navigation, '/navigation');
    if (pageCount === 0) {
      report('/navigation', 'error', 'empty-navigation', 'Unexpected navigation without any page, expected at least one page, group or OpenAPI spec',
        'Add "pages": ["index"] (or groups, tabs, …) to the navigation.');
    }
  }
  return diagnostics;
}
