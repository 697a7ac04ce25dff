import { isOperationReference } from './is-operation-reference.ts';
import type { SiteConfig } from './site-config.ts';
import { specNameOfReference } from './operation-reference.ts';
import { pageRoute } from './page-route.ts';
import { visitNavigation } from './visit-navigation.ts';

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
export function collectNavigationReferences(navigation: SiteConfig['navigation'] | undefined): NavigationReferences {
  const routes = new Set<string>();
  const specNames = new Set<string>();
  visitNavigation(
    navigation,
    {
      page: ({ entry }) => {
        if (!isOperationReference(entry)) {
          routes.add(pageRoute(entry));
          return;
        }
        const specName = specNameOfReference(entry);
        if (specName) specNames.add(specName);
      },
    },
    undefined,
  );
  return { routes, specNames };
}
