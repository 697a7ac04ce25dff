import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

const base = testSiteFiles();
const remote = 'https://api.example.com/openapi.json';

/** `kind label` of every node of a navigation tree, depth first, indented by depth. */
function outline(nodes: readonly ManifestNavigationNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.kind} ${String(node.label ?? node.path ?? '')}`,
    ...outline(node.children ?? [], depth + 1),
  ]);
}

describe('API groups of a spec that is not loaded (issue #30 item 4)', () => {
  it('warns at each group whose entries are left out, and keeps no empty group in the navigation', async () => {
    const navigation = {
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Start', pages: ['quickstart'] }] },
        {
          tab: 'API',
          openapi: remote,
          groups: [
            { group: 'Users', pages: ['GET /users', 'POST /users'] },
            { group: 'Billing', pages: ['billing', 'GET /invoices'] },
            { group: 'Everything', openapi: remote },
          ],
        },
      ],
    };
    const source = siteSourceFromObject({
      ...base,
      'docs.json': JSON.stringify({
        ...(JSON.parse(base['docs.json'] ?? '{}') as Record<string, unknown>),
        navigation,
      }),
    });
    const result = await buildSite(source, { domain: 'unloaded' });
    expect(await validateSite(source)).toEqual(result.diagnostics);
    expect(result.diagnostics.map(({ pointer, ruleId, message }) => `${pointer} ${ruleId} ${message}`)).toEqual([
      `/navigation/tabs/1/openapi remote-spec-skipped Remote spec \`${remote}\` was not fetched`,
      `/navigation/tabs/1/groups/0 spec-not-loaded Unexpected 2 operation entries of \`${remote}\` in group \`Users\`, expected a loaded spec: they are left out, and so is the group, left empty`,
      `/navigation/tabs/1/groups/1 spec-not-loaded Unexpected 1 operation entry of \`${remote}\` in group \`Billing\`, expected a loaded spec: it is left out`,
      `/navigation/tabs/1/groups/2 spec-not-loaded Unexpected group \`Everything\` generated from \`${remote}\`, expected a loaded spec: it has no endpoint page and is left out`,
    ]);
    expect(result.diagnostics[1]?.hint).toBe('Pass --allow-network to fetch remote specs at build time.');
    expect(outline(result.manifest?.navigation ?? [])).toEqual([
      'tab Guides',
      '  group Start',
      '    page quickstart',
      'tab API',
      '  group Billing',
      '    page billing',
    ]);
  });
});
