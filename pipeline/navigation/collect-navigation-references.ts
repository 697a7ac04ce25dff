import { isOperationReference } from '../config/is-operation-reference.ts';
import { specNameOfReference } from '../openapi/resolve-operation-reference.ts';
import { pageRoute } from './page-route.ts';

/** What the navigation of docs.json names: page routes, and spec files named inside operation references. */
export interface NavigationReferences {
  /** Routes of `pages` entries and `root` values (`guides/intro`, `index`). */
  routes: Set<string>;
  /** Spec names written in operation entries (`es/openapi.json GET /x` → `es/openapi.json`), as written. */
  specNames: Set<string>;
}

/**
 * Collects every page route and spec name the navigation names, at any depth, before it is resolved: the
 * build needs them to know which files are pages (a navigation-named README.mdx is one) and which specs to load.
 */
export function collectNavigationReferences(navigation: unknown): NavigationReferences {
  const routes = new Set<string>();
  const specNames = new Set<string>();
  const addEntry = (entry: string): void => {
    if (isOperationReference(entry)) {
      const specName = specNameOfReference(entry);
      if (specName) specNames.add(specName);
    } else {
      routes.add(pageRoute(entry));
    }
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'pages' && Array.isArray(value)) {
        for (const entry of value) {
          if (typeof entry === 'string') addEntry(entry);
          else visit(entry);
        }
      } else if (key === 'root' && typeof value === 'string') {
        addEntry(value);
      } else {
        visit(value);
      }
    }
  };
  visit(navigation);
  return { routes, specNames };
}
