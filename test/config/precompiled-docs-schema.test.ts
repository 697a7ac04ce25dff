import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDocsSchema } from '../../pipeline/config/compile-docs-schema.ts';
import { hasSharedData, sharedDir } from '../helpers/test-prerequisites.ts';

// The compiled CLI (lib/, written by `npm run build`, which `npm test` runs first) loads docs.schema.json's validator
// precompiled; the sources compile it. Both must judge every configuration alike.
const compiledConfigDir = path.resolve(import.meta.dirname, '../../lib/pipeline/config');
const conformanceDir = path.join(sharedDir, 'conformance/docs-json');
const conformanceCases = hasSharedData(
  'conformance/docs-json',
  'precompiled docs.json validator on the conformance cases',
)
  ? readdirSync(conformanceDir)
      .filter((file) => file.endsWith('.json') && file !== 'expected.json')
      .map((file) => JSON.parse(readFileSync(path.join(conformanceDir, file), 'utf8')) as unknown)
  : [];
const navigation = { pages: ['index'] };
const configs: unknown[] = [
  { theme: 'mint', name: 'Acme', colors: { primary: '#112233' }, navigation },
  { theme: 'mintt', name: 'Acme', colors: { primary: 'blue' }, navigation, unknownKey: true },
  {
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#112233' },
    navigation,
    logo: { light: '/logo.svg', href: 'not a url' },
    favicon: 3,
  },
  {
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#112233' },
    navigation: {
      tabs: [{ tab: 'API', openapi: 'https://api.example.com/openapi.json', groups: [{ group: 'x', pages: [7] }] }],
    },
  },
  {
    theme: 'mint',
    name: '😀😀',
    colors: { primary: '#112233' },
    navigation,
    seo: { metatags: { 'og:image': 'https://acme.dev/og.png' } },
  },
  ...conformanceCases,
];

describe('precompiled docs.json validator', () => {
  it('is what the compiled pipeline loads', async () => {
    const loaded = (await import(path.join(compiledConfigDir, 'docs-schema-validator.js'))) as {
      validateDocsSchema: unknown;
    };
    const precompiled = (await import(path.join(compiledConfigDir, 'docs-schema-validator.precompiled.js'))) as {
      validate: unknown;
    };
    expect(loaded.validateDocsSchema).toBe(precompiled.validate);
  });

  it('reports the same errors as the schema compiled at run time', async () => {
    const precompiled = (
      (await import(path.join(compiledConfigDir, 'docs-schema-validator.precompiled.js'))) as {
        validate: ReturnType<typeof compileDocsSchema>;
      }
    ).validate;
    const compiled = compileDocsSchema();
    const verdicts = configs.map((config) => {
      const valid = [precompiled(config), compiled(config)];
      return { valid, errors: [precompiled.errors ?? [], compiled.errors ?? []] };
    });
    for (const { valid, errors } of verdicts) {
      expect(valid[0]).toBe(valid[1]);
      expect(errors[0]).toEqual(errors[1]);
    }
    expect(verdicts.filter(({ valid }) => !valid[0]).length).toBeGreaterThanOrEqual(3);
  });
});
