import { describe, expect, it } from 'vitest';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

const base = testSiteFiles();

/** The `duplicate-page` warnings of a site whose navigation is `navigation`, as pointers. */
async function duplicates(navigation: Record<string, unknown>): Promise<string[]> {
  const config = JSON.stringify({ ...(JSON.parse(base['docs.json'] ?? '{}') as Record<string, unknown>), navigation });
  const diagnostics = await validateSite(siteSourceFromObject({ ...base, 'docs.json': config }));
  return diagnostics
    .filter((diagnostic) => diagnostic.ruleId === 'duplicate-page')
    .map((diagnostic) => diagnostic.pointer ?? '');
}

describe('cross-listed pages (issue #30 item 5)', () => {
  it('are no duplicates when listed under several products, tabs, versions, languages, menu items, dropdowns or anchors', async () => {
    const groups = [{ group: 'Start', pages: ['quickstart', 'billing'] }];
    for (const [list, name] of [
      ['products', 'product'],
      ['tabs', 'tab'],
      ['versions', 'version'],
      ['languages', 'language'],
      ['dropdowns', 'dropdown'],
      ['anchors', 'anchor'],
    ] as const) {
      expect(
        await duplicates({
          [list]: [
            { [name]: 'en', groups },
            { [name]: 'fr', groups },
          ],
        }),
        list,
      ).toEqual([]);
    }
    expect(
      await duplicates({
        tabs: [
          {
            tab: 'Guides',
            menu: [
              { item: 'One', groups },
              { item: 'Two', groups },
            ],
          },
        ],
      }),
    ).toEqual([]);
  });

  it('are duplicates when listed twice where one reader sees both: in two groups of one tab, or twice in one group', async () => {
    const navigation = {
      tabs: [
        {
          tab: 'Guides',
          groups: [
            { group: 'Start', pages: ['quickstart', 'billing'] },
            { group: 'Again', pages: ['billing', { group: 'Nested', pages: ['quickstart'] }] },
          ],
        },
        { tab: 'Reference', groups: [{ group: 'All', pages: ['quickstart', 'billing', 'quickstart'] }] },
      ],
    };
    expect(await duplicates(navigation)).toEqual([
      '/navigation/tabs/0/groups/1/pages/0',
      '/navigation/tabs/0/groups/1/pages/1/pages/0',
      '/navigation/tabs/1/groups/0/pages/2',
    ]);
  });
});
