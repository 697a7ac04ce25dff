import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

const base = testSiteFiles();
const config = (extra: Record<string, unknown>): string =>
  JSON.stringify({ ...(JSON.parse(base['docs.json'] ?? '{}') as Record<string, unknown>), ...extra });

/** Builds a site and checks that validate reports the same; resolves to the build. */
async function build(files: Record<string, string>) {
  const source = siteSourceFromObject(files);
  const result = await buildSite(source, { domain: 'deploys' });
  expect(await validateSite(source)).toEqual(result.diagnostics);
  return result;
}

/** `kind label` of every node of a navigation tree, depth first, indented by depth. */
function outline(nodes: readonly ManifestNavigationNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.kind} ${String(node.label ?? node.path ?? '')}`,
    ...outline(node.children ?? [], depth + 1),
  ]);
}

describe('what the platform deploys, docsmith builds (issue #30 item 11)', () => {
  it("builds a group without `pages` (the platform's validator defaults it to an empty list) with a warning, and shows no empty group", async () => {
    const navigation = {
      groups: [
        { group: 'Start', pages: ['quickstart'] },
        { group: 'Later' },
        { group: 'Nested', groups: [{ group: 'CLI', pages: ['cli/configure'] }] },
      ],
    };
    const text = config({ navigation });
    const result = await build({ ...base, 'docs.json': text });
    expect(result.stats.errors).toBe(0);
    const column = (group: string): number => text.indexOf(`{"group":"${group}"`) + 1;
    expect(
      result.diagnostics.map(
        ({ line, column, severity, ruleId, message }) => `${line}:${column} ${severity} ${ruleId} ${message}`,
      ),
    ).toEqual([
      `1:${column('Later')} warning group-without-pages Unexpected group \`Later\` without \`pages\`, expected a list of pages or an \`openapi\` spec`,
      `1:${column('Nested')} warning group-without-pages Unexpected group \`Nested\` holding \`groups\` but no \`pages\`, expected its subgroups in \`pages\``,
    ]);
    expect(outline(result.manifest?.navigation ?? [])).toEqual([
      'group Start',
      '  page quickstart',
      'group Nested',
      '  group CLI',
      '    page cli/configure',
    ]);
  });

  it("leaves out a group's lists that are not a group's keys, as the platform's schema strips them (`@mintlify/validation` 0.1.878: `{group: 'Start', pages: []}`)", async () => {
    const navigation = {
      groups: [
        { group: 'Start', tabs: [{ tab: 'CLI', pages: ['cli/configure'] }] },
        { group: 'Later', pages: ['quickstart'] },
      ],
    };
    const result = await build({ ...base, 'docs.json': config({ navigation }) });
    expect(result.stats.errors).toBe(0);
    expect(result.diagnostics.map(({ severity, ruleId, pointer }) => `${severity} ${ruleId} ${pointer}`)).toEqual([
      'warning group-without-pages /navigation/groups/0',
      'warning unknown-key /navigation/groups/0/tabs',
    ]);
    expect(outline(result.manifest?.navigation ?? [])).toEqual(['group Later', '  page quickstart']);
  });

  it("resolves a page entry's `.` and `..` segments from the site's root, as the platform's `normalizeRelativePath` does", async () => {
    const navigation = { groups: [{ group: 'Start', pages: ['cli/../quickstart', './cli//configure', '../billing'] }] };
    const result = await build({ ...base, 'docs.json': config({ navigation }) });
    expect(result.diagnostics).toEqual([]);
    expect(outline(result.manifest?.navigation ?? [])).toEqual([
      'group Start',
      '  page quickstart',
      '  page cli/configure',
      '  page billing',
    ]);
  });

  it('recognises a generated spec whose `openapi` key comes after 600 KB of components', async () => {
    const components = {
      schemas: Object.fromEntries(
        Array.from({ length: 6000 }, (_, index) => [
          `Model${index}`,
          {
            type: 'object',
            description: `Model number ${index} of the generated client, with enough words to take room.`,
          },
        ]),
      ),
    };
    const spec = JSON.stringify({
      components,
      info: { title: 'Generated', version: '1' },
      paths: { '/users': { get: { summary: 'List users', responses: { 200: { description: 'OK' } } } } },
      openapi: '3.0.3',
    });
    expect(spec.indexOf('"openapi"')).toBeGreaterThan(600_000);
    const yaml = `info:\n  title: Generated\n  version: "1"\ncomponents:\n${'  # padding\n'.repeat(1000)}paths:\n  /teams:\n    get:\n      summary: List teams\n      responses:\n        "200":\n          description: OK\nopenapi: 3.0.3\n`;
    const result = await build({
      ...base,
      'docs.json': config({
        navigation: { groups: [{ group: 'Start', pages: ['quickstart', 'api/users', 'api/teams'] }] },
      }),
      'specs/generated.json': spec,
      'specs/generated.yaml': yaml,
      'api/users.mdx': '---\nopenapi: specs/generated.json GET /users\n---\n',
      'api/teams.mdx': '---\nopenapi: specs/generated.yaml GET /teams\n---\n',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.manifest?.pages.filter((page) => page.path.startsWith('api/')).map((page) => page.title)).toEqual([
      'List users',
      'List teams',
    ]);
  });

  it('does not take a nested `openapi` key far into a JSON file for a spec', async () => {
    const data = JSON.stringify({
      items: Array.from({ length: 500 }, (_, index) => ({ name: `item ${index}`, note: 'padding padding padding' })),
      nested: { openapi: '3.0.3' },
    });
    const result = await build({ ...base, 'data/items.json': data });
    expect(result.diagnostics).toEqual([]);
  });

  it("refuses a navbar `href` that is not a URL and drops such a navigation `href`, as the platform's validator does", async () => {
    const result = await build({
      ...base,
      'docs.json': config({
        navbar: { links: [{ label: 'Status', href: 'https://status.example .com' }] },
        navigation: {
          anchors: [
            { anchor: 'Blog', href: 'https://blog.exa mple.com' },
            { anchor: 'Docs', groups: [{ group: 'Start', pages: ['quickstart'] }] },
          ],
        },
      }),
    });
    // The platform reads the anchor as one without a link (its schema's last variant) and rejects the navbar link.
    expect(
      result.diagnostics
        .filter((diagnostic) => diagnostic.pointer?.endsWith('/href'))
        .map(({ severity, pointer, ruleId }) => `${severity} ${pointer} ${ruleId}`),
    ).toEqual([
      'warning /navigation/anchors/0/href invalid-navigation-list',
      'error /navbar/links/0/href invalid-format',
    ]);
    expect(result.diagnostics.find((diagnostic) => diagnostic.ruleId === 'invalid-format')?.message).toBe(
      'Unexpected href `https://status.example .com`, expected a URL or a path',
    );
  });
});
