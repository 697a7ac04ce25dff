import { describe, expect, it } from 'vitest';
import { SKIP, visitNavigation } from '../../pipeline/site-model/visit-navigation.ts';
import type { DocsConfig } from '../../schemas/docs-config.ts';

/** Holds entries the schema rejects (a number, null, a string among groups), as a configuration with schema errors may. */
const navigation = {
  openapi: 'root.json',
  global: { anchors: [{ anchor: 'Blog', href: 'https://blog', pages: ['never'] }] },
  pages: ['home', { group: 'Inline', pages: ['inline/a'] }, 42, null],
  tabs: [
    {
      tab: 'Guides',
      root: 'guides/index',
      groups: [{ group: 'Start', pages: ['guides/start', 'GET /users'] }, 'not an element'],
    },
    { tab: 'Link', href: 'https://example.com', groups: [{ group: 'Skipped', pages: ['skipped'] }] },
  ],
  versions: [{ version: 'v1', unknown: { pages: ['not navigation'] } }],
} as unknown as DocsConfig['navigation'];

describe('visitNavigation', () => {
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
      'enter version v1 /navigation/versions/0 in navigation',
      'leave version v1',
      'enter tab Guides /navigation/tabs/0 in navigation',
      'root guides/index /navigation/tabs/0/root in Guides',
      'enter group Start /navigation/tabs/0/groups/0 in Guides',
      'page guides/start /navigation/tabs/0/groups/0/pages/0 in Start',
      'page GET /users /navigation/tabs/0/groups/0/pages/1 in Start',
      'leave group Start',
      'leave tab Guides',
      'enter tab Link /navigation/tabs/1 in navigation',
      'page home /navigation/pages/0 in navigation',
      'enter group Inline /navigation/pages/1 in navigation',
      'page inline/a /navigation/pages/1/pages/0 in Inline',
      'leave group Inline',
      'leave navigation -',
    ]);
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
