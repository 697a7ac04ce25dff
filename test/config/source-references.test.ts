import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** A base repository of a multi-repository deployment: `sourceRef` entries where the platform mounts other repositories' navigation. */
const docsJson = {
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#16A34A' },
  navigation: {
    global: { anchors: [{ sourceRef: 'acme/blog' }] },
    anchors: [
      { anchor: 'Guides', pages: ['index', { sourceRef: 'acme/recipes' }] },
      { sourceRef: 'acme/api-docs' },
      {
        anchor: 'SDKs',
        tabs: [{ tab: 'Node', menu: [{ item: 'Start', pages: ['sdks/node'] }, { sourceRef: 'acme/python-sdk' }] }],
      },
    ],
  },
};
const files = {
  'docs.json': JSON.stringify(docsJson, null, 2),
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
  'sdks/node.mdx': '---\ntitle: Node\n---\n\nInstall it.\n',
};

describe('sourceRef entries (multi-repository deployments)', () => {
  it('are one warning each, at the entry, and no schema error', () => {
    const result = validateConfig(siteSourceFromObject(files));
    expect(result.valid).toBe(true);
    expect(result.diagnostics[1]?.message).toBe(
      'Unexpected `sourceRef` to `acme/recipes`, expected pages of this site: docsmith builds one repository, so this entry is left out',
    );
    expect(
      result.diagnostics.map(({ severity, ruleId, pointer, line }) => `${severity} ${ruleId} ${pointer} ${line}`),
    ).toEqual([
      'warning source-ref-not-built /navigation/global/anchors/0 10',
      'warning source-ref-not-built /navigation/anchors/0/pages/1 20',
      'warning source-ref-not-built /navigation/anchors/1 25',
      'warning source-ref-not-built /navigation/anchors/2/tabs/0/menu/1 40',
    ]);
  });

  it('are left out of the navigation, and the site builds', async () => {
    const result = await buildSite(siteSourceFromObject(files), { domain: 'acme' });
    expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(result.manifest?.pages.map((page) => page.path).sort()).toEqual(['index', 'sdks/node']);
    expect(JSON.stringify(result.manifest?.navigation)).not.toContain('sourceRef');
  });
});
