import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, ManifestNavigationNode } from '../../schemas/manifest.ts';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite, type BuildResult } from '../../pipeline/assemble/build-site.ts';
import { validateManifest } from '../../pipeline/manifest/validate-manifest.ts';

const acmeDir = path.resolve(import.meta.dirname, '../../sites/acme');

describe('the example site sites/acme', () => {
  let result: BuildResult;
  let manifest: Manifest;
  const page = (route: string) => manifest.pages.find((candidate) => candidate.path === route);
  beforeAll(async () => {
    result = await buildSite(await readSiteSource(acmeDir), { domain: 'acme', siteUrl: 'https://docs.acme.example' });
    manifest = result.manifest as Manifest;
  });

  it('builds with no error and only the deliberate warning (a frontmatter `Title` for `title`)', () => {
    expect(
      result.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.file} ${diagnostic.ruleId}`),
    ).toEqual(['warning install/docker.mdx missing-title']);
    expect(validateManifest(manifest)).toEqual([]);
    expect(manifest.site.url).toBe('https://docs.acme.example');
  });

  it('gives every page its language, version, tab, menu item, dropdown, anchor and group path', () => {
    expect(page('install/cli')?.context).toEqual({
      language: 'en',
      version: 'v2',
      tab: 'Guides',
      groups: ['Get started', 'Installation'],
    });
    expect(page('sdks/python')?.context).toEqual({
      language: 'en',
      version: 'v2',
      tab: 'SDKs',
      menu: 'Python',
      groups: [],
    });
    expect(page('integrations/slack')?.context).toEqual({
      language: 'en',
      version: 'v2',
      tab: 'Resources',
      dropdown: 'Integrations',
      groups: [],
    });
    expect(page('help/faq')?.context).toEqual({
      language: 'en',
      version: 'v2',
      tab: 'Help',
      anchor: 'Support',
      groups: [],
    });
    expect(page('v1/webhooks')?.context).toEqual({ language: 'en', version: 'v1', groups: ['Relay v1 (legacy)'] });
    expect(page('fr/signatures')?.context).toEqual({ language: 'fr', groups: ['Démarrer'] });
    expect(page('operate/overview')?.context.groups).toEqual(['Operate']);
  });

  it('resolves operation references against the inherited spec, an override and an explicit spec', () => {
    expect(page('api-reference/endpoints/list-endpoints')?.operation).toEqual({
      specFile: 'openapi/relay.yaml',
      method: 'GET',
      path: '/endpoints',
    });
    expect(page('api-reference/endpoints/get-an-endpoint')?.operation?.method).toBe('GET');
    expect(page('api-reference/admin/get-usage')?.operation).toEqual({
      specFile: 'openapi/admin.json',
      method: 'GET',
      path: '/admin/usage',
    });
    expect(page('api-reference/admin/list-audit-log-entries')?.operation?.specFile).toBe('openapi/admin.json');
    expect(page('api/send-message')).toMatchObject({ kind: 'mdx', operation: { method: 'POST', path: '/messages' } });
  });

  it('generates every operation of a whole-spec element, grouped by tag, honouring x-hidden and x-excluded', () => {
    const generated = manifest.pages.filter((candidate) => candidate.path.startsWith('reference/'));
    expect(generated.map((candidate) => candidate.path)).toEqual([
      'reference/endpoints/list-endpoints',
      'reference/endpoints/create-an-endpoint',
      'reference/endpoints/get-an-endpoint',
      'reference/endpoints/delete-an-endpoint',
      'reference/messages/send-a-message',
      'reference/deliveries/list-deliveries',
      'reference/deliveries/retry-a-delivery',
    ]);
    expect(page('reference/deliveries/retry-a-delivery')).toMatchObject({ hidden: true, indexed: false });
    const resources = manifest.navigation[0]?.children?.[0]?.children?.find((tab) => tab.label === 'Resources');
    const fullReference = resources?.children?.find(
      (dropdown: ManifestNavigationNode) => dropdown.label === 'Full API reference',
    );
    expect(fullReference?.children?.map((group) => group.label)).toEqual(['Endpoints', 'Messages', 'Deliveries']);
  });

  it('keeps hidden pages out of the index, indexes noindex pages, and drops snippets and README', () => {
    expect(page('internal/runbook')).toMatchObject({ hidden: true, indexed: false });
    expect(page('operate/preview')).toMatchObject({ hidden: true, indexed: false });
    expect(page('operate/limits')).toMatchObject({ noindex: true, indexed: true });
    expect(manifest.pages.map((candidate) => candidate.path)).not.toContain('README');
    expect(manifest.pages.map((candidate) => candidate.path).some((route) => route.startsWith('snippets/'))).toBe(
      false,
    );
    expect(result.sectionRecords.some((record) => record.text.includes('Acme Relay receives events'))).toBe(true);
  });

  it('carries redirects with their defaults and the site settings', () => {
    expect(manifest.redirects).toEqual([
      { source: '/start', destination: '/quickstart', permanent: true },
      { source: '/old-docs/:slug*', destination: '/concepts/:slug*', permanent: true },
      { source: '/legacy-api', destination: '/api/overview', permanent: false },
    ]);
    expect(manifest.site).toMatchObject({
      name: 'Acme Relay',
      theme: 'mint',
      defaultLanguage: 'en',
      defaultVersion: 'v2',
      search: { prompt: 'Search Acme Relay docs…' },
    });
  });
});
