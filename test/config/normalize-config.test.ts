import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const base = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#112233' } };

describe('validateConfig returns a normalised, frozen SiteConfig', () => {
  it('applies every default once: redirect permanent, seo.indexing, default version and language', () => {
    const docs = {
      ...base,
      navigation: {
        languages: [
          {
            language: 'en',
            versions: [
              { version: 'v1', pages: ['a'] },
              { version: 'v2', default: true, openapi: 'openapi.json', pages: ['b'] },
            ],
          },
        ],
      },
      redirects: [
        { source: '/old', destination: '/a' },
        { source: '/older', destination: '/b', permanent: false },
      ],
    };
    const { config, valid } = validateConfig(siteSourceFromObject({ 'docs.json': JSON.stringify(docs) }));
    expect(valid).toBe(true);
    expect(config?.redirects).toEqual([
      { source: '/old', destination: '/a', permanent: true },
      { source: '/older', destination: '/b', permanent: false },
    ]);
    expect(config?.indexing).toBe('navigable');
    expect(config?.defaults).toEqual({ defaultLanguage: 'en', defaultVersion: 'v2' });
    expect(config?.specReferences).toEqual([
      { file: 'openapi.json', pointer: '/navigation/languages/0/versions/1/openapi' },
    ]);
    expect([...(config?.navigationReferences.routes ?? [])]).toEqual(['a', 'b']);
    expect(config?.document).toEqual(docs);
  });

  it('is frozen all the way down, so no stage can change what another reads', () => {
    const { config } = validateConfig(
      siteSourceFromObject({
        'docs.json': JSON.stringify({ ...base, seo: { indexing: 'all' }, navigation: { pages: ['a'] } }),
      }),
    );
    expect(config?.indexing).toBe('all');
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config?.document.navigation.pages)).toBe(true);
    expect(Object.isFrozen(config?.redirects)).toBe(true);
  });
});
