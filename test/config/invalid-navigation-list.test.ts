import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const base = { theme: 'mint', name: 'Lists', colors: { primary: '#16A34A' } };
/** mint.json-style anchors: `name` and `url`, no `anchor`; the platform's schema rejects them as docs.json anchors. */
const mintAnchors = [{ name: 'Blog', icon: 'newspaper', url: 'https://example.com/blog' }];

function site(navigation: unknown) {
  return siteSourceFromObject({
    'docs.json': JSON.stringify({ ...base, navigation }),
    'index.mdx': '---\ntitle: Introduction\n---\n\nHello.\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\nSteps.\n',
  });
}

function rules(result: ReturnType<typeof validateConfig>): string[] {
  return result.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.ruleId} ${diagnostic.pointer}`);
}

// Each navigation below was checked with the platform's validator (`@mintlify/validation` 0.1.878, `validateDocsConfig`).
describe('navigation lists the platform passes over or never reads', () => {
  it('passes over an invalid first list for a valid later one, with one warning, and builds its pages', async () => {
    const source = site({ anchors: mintAnchors, groups: [{ group: 'Start', pages: ['index'] }] });
    const result = validateConfig(source);
    expect(result.valid).toBe(true);
    expect(result.config?.navigation).toEqual({ groups: [{ group: 'Start', pages: ['index'] }] });
    expect(rules(result)).toEqual(['warning invalid-navigation-list /navigation/anchors']);
    expect(result.diagnostics[0]?.hint).toMatch(/^docs\.json:1:\d+: Missing required field `anchor`/);
    const build = await buildSite(source, { domain: 'lists' });
    expect(build.stats.errors).toBe(0);
    expect(build.manifest?.pages.map((page) => page.path)).toEqual(['index']);
  });

  it('reads a nested element first, so that its parent list becomes valid', () => {
    const result = validateConfig(
      site({
        tabs: [{ tab: 'Docs', anchors: mintAnchors, groups: [{ group: 'G', pages: ['guide'] }] }],
        pages: ['index'],
      }),
    );
    expect(result.valid).toBe(true);
    expect(result.config?.navigation).toEqual({
      tabs: [{ tab: 'Docs', groups: [{ group: 'G', pages: ['guide'] }] }],
      pages: ['index'],
    });
    expect(rules(result)).toEqual([
      'warning mixed-navigation-children /navigation',
      'warning invalid-navigation-list /navigation/tabs/0/anchors',
    ]);
  });

  it('fails nothing for an error in a list after the kept one, or under a link', () => {
    const after = validateConfig(site({ groups: [{ group: 'Start', pages: ['index'] }], pages: [42] }));
    expect(after.valid).toBe(true);
    expect(rules(after)).toEqual(['warning mixed-navigation-children /navigation']);
    const link = validateConfig(
      site({
        tabs: [
          { tab: 'Site', href: 'https://example.com', pages: [42] },
          { tab: 'Docs', pages: ['index'] },
        ],
      }),
    );
    expect(link.valid).toBe(true);
    expect(rules(link)).toEqual(['warning mixed-navigation-children /navigation/tabs/0']);
  });

  it('keeps a nested element none of whose lists is valid, without them, as the bare element the platform reads', async () => {
    // A group written among a language's tabs (a real site's docs.json): the platform drops the language's tabs.
    const source = site({
      languages: [
        { language: 'en', tabs: [{ tab: 'Docs', groups: [{ group: 'G', pages: ['index'] }] }] },
        {
          language: 'es',
          tabs: [
            { tab: 'Guía', pages: ['guide'] },
            { group: 'Changelog', pages: ['guide'] },
          ],
        },
      ],
    });
    const result = validateConfig(source);
    expect(result.valid).toBe(true);
    expect(result.config?.navigation).toEqual({
      languages: [
        { language: 'en', tabs: [{ tab: 'Docs', groups: [{ group: 'G', pages: ['index'] }] }] },
        { language: 'es' },
      ],
    });
    expect(rules(result)).toEqual(['warning invalid-navigation-list /navigation/languages/1/tabs']);
    expect(result.diagnostics[0]?.message).toContain('it drops it and keeps the element without it');
    expect(result.diagnostics[0]?.hint).toMatch(/Missing required field `tab`/);
    const build = await buildSite(source, { domain: 'lists' });
    expect(build.stats.errors).toBe(0);
    expect(build.manifest?.pages.map((page) => page.path)).toEqual(['index']);
  });

  it("drops a link that does not parse, an element's list that holds an invalid element, and a group's invalid spec", () => {
    const link = validateConfig(
      site({
        tabs: [
          { tab: 'Docs', pages: ['index'] },
          { tab: 'Site', href: 42 },
        ],
      }),
    );
    expect(link.valid).toBe(true);
    expect(link.config?.navigation).toEqual({ tabs: [{ tab: 'Docs', pages: ['index'] }, { tab: 'Site' }] });
    expect(rules(link)).toEqual(['warning invalid-navigation-list /navigation/tabs/1/href']);
    const unnamed = validateConfig(
      site({
        tabs: [
          { tab: 'Docs', pages: ['index'] },
          { tab: 'More', menu: [{ pages: ['guide'] }] },
        ],
      }),
    );
    expect(unnamed.valid).toBe(true);
    expect(unnamed.config?.navigation).toEqual({ tabs: [{ tab: 'Docs', pages: ['index'] }, { tab: 'More' }] });
    expect(rules(unnamed)).toEqual(['warning invalid-navigation-list /navigation/tabs/1/menu']);
    const spec = validateConfig(
      site({ groups: [{ group: 'API', openapi: 'ftp://example.com/openapi.json', pages: ['index'] }] }),
    );
    expect(spec.valid).toBe(true);
    expect(spec.config?.navigation).toEqual({ groups: [{ group: 'API', pages: ['index'] }] });
    expect(rules(spec)).toEqual(['warning invalid-navigation-list /navigation/groups/0/openapi']);
    expect(spec.diagnostics[0]?.message).toContain('expected a spec source');
  });

  it('reads an empty `menu`, `dropdowns` or `products` as a list, as the platform does', () => {
    const result = validateConfig(
      site({
        tabs: [
          { tab: 'Docs', pages: ['index'] },
          { tab: 'More', menu: [] },
        ],
      }),
    );
    expect(result.valid).toBe(true);
    expect(rules(result)).toEqual([]);
  });

  it('keeps the errors of an element whose own field is invalid at the top of the navigation', () => {
    const result = validateConfig(site({ tabs: [{ tab: '', pages: ['index'] }] }));
    expect(result.valid).toBe(false);
    expect(rules(result).filter((rule) => rule.startsWith('error'))).toContain(
      'error empty-value /navigation/tabs/0/tab',
    );
  });

  it('keeps the errors when no list of the top-level navigation is valid, as the platform rejects the site', () => {
    const result = validateConfig(site({ anchors: mintAnchors, groups: [{ group: 'Start', pages: ['index', 42] }] }));
    expect(result.valid).toBe(false);
    expect(rules(result).filter((rule) => rule.startsWith('error'))).toEqual([
      'error empty-navigation /navigation',
      'error missing-field /navigation/anchors/0/anchor',
      'error invalid-type /navigation/groups/0/pages/1',
    ]);
    expect(rules(result).some((rule) => rule.includes('invalid-navigation-list'))).toBe(false);
  });
});
