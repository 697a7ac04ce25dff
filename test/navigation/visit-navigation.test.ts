import { describe, expect, it } from 'vitest';
import { SKIP, visitNavigation } from '../../pipeline/site-model/visit-navigation.ts';
import type { DocsConfig } from '../../schemas/docs-config.ts';

/**
 * Holds entries the schema rejects (a number, null, a string among groups), as a configuration with schema errors may.
 * A group keeps its `groups` (resolved as subgroups, see `keptLists`) and its `pages`; its `tabs` and `versions` are not
 * keys of a group, and the walk passes them over as the platform's schema does.
 */
const container = {
  group: 'Docs',
  pages: ['home', { group: 'Inline', pages: ['inline/a'] }, 42, null],
  groups: [
    { group: 'Start', root: 'guides/index', pages: ['guides/start', 'GET /users'] },
    { group: 'Link', pages: ['skipped'] },
    'not an element',
  ],
  tabs: [
    { tab: 'Guides', groups: [{ group: 'Tabbed', pages: ['guides/tabbed'] }] },
    { tab: 'Link', href: 'https://example.com', groups: [{ group: 'Skipped', pages: ['skipped'] }] },
  ],
  versions: [{ version: 'v1', unknown: { pages: ['not navigation'] } }],
};
const navigation = {
  openapi: 'root.json',
  global: { anchors: [{ anchor: 'Blog', href: 'https://blog', pages: ['never'] }] },
  groups: [container],
} as unknown as DocsConfig['navigation'];

describe('visitNavigation', () => {
  it("visits a group's `root` only: the platform's schema drops it from a product, tab or anchor", () => {
    const pages: string[] = [];
    visitNavigation<undefined>(
      {
        products: [
          { product: 'API', root: 'api/welcome', pages: ['api/a'] },
          { product: 'Guides', groups: [{ group: 'Start', root: 'guides/index', pages: ['guides/a'] }] },
        ],
      } as unknown as DocsConfig['navigation'],
      { page: ({ entry, role }) => void pages.push(`${role} ${entry}`) },
      undefined,
    );
    expect(pages).toEqual(['page api/a', 'root guides/index', 'page guides/a']);
  });

  it("visits elements, roots and pages depth first in resolution order (lists in their fixed order, then pages), with pointers and each element's context", () => {
    const events: string[] = [];
    visitNavigation<string>(
      navigation,
      {
        enter: ({ kind, label, pointer }, parent) => {
          events.push(`enter ${kind} ${label ?? '-'} ${pointer} in ${parent}`);
          return label === 'Link' ? SKIP : (label ?? kind);
        },
        page: ({ entry, pointer, role }, context) => events.push(`${role} ${entry} ${pointer} in ${context}`),
        leave: ({ kind, label }) => events.push(`leave ${kind} ${label ?? '-'}`),
      },
      'start',
    );
    expect(events).toEqual([
      'enter navigation - /navigation in start',
      'enter group Docs /navigation/groups/0 in navigation',
      'enter group Start /navigation/groups/0/groups/0 in Docs',
      'root guides/index /navigation/groups/0/groups/0/root in Start',
      'page guides/start /navigation/groups/0/groups/0/pages/0 in Start',
      'page GET /users /navigation/groups/0/groups/0/pages/1 in Start',
      'leave group Start',
      'enter group Link /navigation/groups/0/groups/1 in Docs',
      'page home /navigation/groups/0/pages/0 in Docs',
      'enter group Inline /navigation/groups/0/pages/1 in Docs',
      'page inline/a /navigation/groups/0/pages/1/pages/0 in Inline',
      'leave group Inline',
      'leave group Docs',
      'leave navigation -',
    ]);
  });

  it('walks only the list of the top-level navigation the platform keeps: the first of products, languages, versions, tabs…', () => {
    const events: string[] = [];
    const lists = { pages: container.pages, tabs: container.tabs, versions: container.versions };
    visitNavigation(
      lists as unknown as DocsConfig['navigation'],
      { enter: ({ pointer }) => void events.push(pointer), page: ({ pointer }) => void events.push(pointer) },
      undefined,
    );
    expect(events).toEqual(['/navigation', '/navigation/versions/0']);
  });

  it('walks nothing when the navigation is not an object', () => {
    const events: string[] = [];
    visitNavigation(
      ['home'] as unknown as DocsConfig['navigation'],
      { enter: () => void events.push('enter'), page: () => void events.push('page') },
      undefined,
    );
    expect(events).toEqual([]);
  });
});
