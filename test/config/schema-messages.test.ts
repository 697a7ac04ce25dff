import { describe, expect, it } from 'vitest';
import { isOperationReference } from '../../pipeline/site-model/is-operation-reference.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import type { Diagnostic } from '../../pipeline/diagnostics/diagnostic.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const base = { theme: 'mint', name: 'Acme', colors: { primary: '#16A34A' }, navigation: { pages: ['index'] } };

/** Validates `config` written as indented JSON and keeps the fields the assertions look at. */
function diagnose(
  config: unknown,
  files: Record<string, string> = { 'index.mdx': '# Home' },
): (Pick<Diagnostic, 'line' | 'column' | 'severity' | 'ruleId' | 'message' | 'hint'> & {
  pointer: string | undefined;
})[] {
  const result = validateConfig(siteSourceFromObject({ 'docs.json': JSON.stringify(config, null, 2), ...files }));
  return result.diagnostics.map(({ pointer, line, column, severity, ruleId, message, hint }) => ({
    pointer,
    line,
    column,
    severity,
    ruleId,
    message,
    ...(hint ? { hint } : {}),
  }));
}

describe('schema errors as plain diagnostics', () => {
  it('names the allowed values of an enum and suggests the closest', () => {
    expect(diagnose({ ...base, theme: 'mintt' })).toEqual([
      {
        pointer: '/theme',
        line: 2,
        column: 12,
        severity: 'error',
        ruleId: 'invalid-value',
        message:
          'Unexpected theme `mintt`, expected one of: mint, maple, palm, willow, linden, almond, aspen, luma, sequoia',
        hint: 'Did you mean `mint`?',
      },
    ]);
  });

  it('quotes a value escaped and cut: a control character cannot reach the terminal, a long value cannot fill it', () => {
    const [diagnostic] = diagnose({ ...base, theme: `\u001b[2J${'m'.repeat(500)}` });
    expect(diagnostic?.message).toBe(
      `Unexpected theme \`\\u001b[2J${'m'.repeat(111)}…\`, expected one of: mint, maple, palm, willow, linden, almond, aspen, luma, sequoia`,
    );
  });

  it('explains a colour that is not hex', () => {
    expect(diagnose({ ...base, colors: { primary: 'red' } })).toMatchObject([
      {
        pointer: '/colors/primary',
        severity: 'error',
        ruleId: 'invalid-color',
        message: 'Unexpected color `red`, expected a hex color like #16A34A',
      },
    ]);
  });

  it('reports a missing field at its would-be pointer and at the position of the parent object', () => {
    expect(diagnose({ name: base.name, colors: base.colors, navigation: base.navigation })).toEqual([
      {
        pointer: '/theme',
        line: 1,
        column: 1,
        severity: 'error',
        ruleId: 'missing-field',
        message: 'Missing required field `theme` at the top level',
        hint: expect.stringContaining('"theme": "mint"') as string,
      },
    ]);
    expect(diagnose({ ...base, colors: { light: '#fff' } })).toMatchObject([
      { pointer: '/colors/primary', line: 4, column: 13, ruleId: 'missing-field' },
    ]);
  });

  it('turns unknown keys into warnings at the key, with a did-you-mean hint', () => {
    expect(diagnose({ ...base, navigaton: {} })).toEqual([
      {
        pointer: '/navigaton',
        line: 12,
        column: 3,
        severity: 'warning',
        ruleId: 'unknown-key',
        message: 'Unexpected key `navigaton` at the top level, expected one of the documented keys',
        hint: 'Did you mean `navigation`?',
      },
    ]);
  });

  it('keeps an unknown footer social platform an error, since the keys are an enumerated set', () => {
    expect(diagnose({ ...base, footer: { socials: { myspace: 'https://myspace.com/acme' } } })).toMatchObject([
      {
        pointer: '/footer/socials/myspace',
        severity: 'error',
        ruleId: 'invalid-key',
        message: expect.stringContaining(
          'Unexpected key `myspace` in `/footer/socials`, expected one of: x, website,',
        ) as string,
      },
    ]);
  });

  it('collapses the branches of a page entry (string or group) into one message', () => {
    expect(diagnose({ ...base, navigation: { pages: ['index', 42] } })).toMatchObject([
      {
        pointer: '/navigation/pages/1',
        severity: 'error',
        ruleId: 'invalid-type',
        message: 'Unexpected number for `pages` entry, expected a page path or a group object',
      },
    ]);
    expect(diagnose({ ...base, navigation: { openapi: 5 } })).toMatchObject([
      {
        pointer: '/navigation/openapi',
        ruleId: 'invalid-type',
        message: 'Unexpected number for openapi, expected a string or an array or an object',
      },
    ]);
  });

  it('checks integration ids against their patterns', () => {
    expect(
      diagnose({ ...base, integrations: { ga4: { measurementId: 'UA-1234' }, posthog: { apiKey: 'abc' } } }),
    ).toMatchObject([
      {
        pointer: '/integrations/ga4/measurementId',
        message: 'Unexpected measurementId `UA-1234`, expected an id starting with G',
      },
      {
        pointer: '/integrations/posthog/apiKey',
        message: 'Unexpected apiKey `abc`, expected a key starting with phc_',
      },
    ]);
  });

  it('accepts the compatibility superset of real sites', () => {
    const config = {
      ...base,
      theme: 'sequoia',
      navigation: {
        products: [
          { product: 'Cloud', groups: [{ group: 'API', root: 'index', tag: 'NEW', hidden: true, pages: ['index'] }] },
        ],
      },
      contextual: {
        options: [
          'copy',
          'assistant',
          'download-pdf',
          { title: 'Ask', description: 'Ask us', icon: 'message', href: 'https://acme.dev/ask' },
        ],
      },
      api: { playground: { display: 'simple' }, openapi: { source: 'openapi.json', directory: 'api' } },
      footer: { socials: { 'x-twitter': 'https://x.com/acme', 'earth-americas': 'https://acme.dev' } },
      integrations: { clarity: { projectId: 'abc' }, telemetry: { enabled: false } },
    };
    expect(diagnose(config, { 'index.mdx': '# Home' })).toEqual([]);
  });
});

describe('mint.json keys in a docs.json', () => {
  it('says where docs.json keeps a mint.json setting (top level, `api.playground.mode`, and `name`/`url` of an anchor)', () => {
    const config = {
      ...base,
      topbarLinks: [{ name: 'Support', url: 'mailto:hi@example.com' }],
      // A real site's docs.json value under mint.json's key: the platform drops the key, whatever its value.
      api: { playground: { mode: 'interactive' } },
      navigation: { anchors: [{ anchor: 'Docs', name: 'Docs', url: 'https://example.com/blog', pages: ['index'] }] },
    };
    expect(diagnose(config).map(({ ruleId, pointer, hint }) => `${ruleId} ${pointer} | ${hint}`)).toEqual([
      'unknown-key /navigation/anchors/0/name | `name` is a mint.json setting; docs.json writes it as `anchor`. `docsmith upgrade` converts a whole mint.json.',
      'unknown-key /navigation/anchors/0/url | `url` is a mint.json setting; docs.json writes it as `href` for a link, or `pages`/`groups` for a section of the site. `docsmith upgrade` converts a whole mint.json.',
      'unknown-key /topbarLinks | `topbarLinks` is a mint.json setting; docs.json writes it as `navbar.links` (each with `label` and `href`). `docsmith upgrade` converts a whole mint.json.',
      'unknown-key /api/playground/mode | `mode` is a mint.json setting; docs.json writes it as `display` (`interactive`, `simple`, `none`). `docsmith upgrade` converts a whole mint.json.',
    ]);
    expect(
      diagnose({ ...base, constructor: true, toString: 'x' }).map(
        ({ ruleId, pointer, hint }) => `${ruleId} ${pointer} ${hint ?? 'no hint'}`,
      ),
    ).toEqual([
      expect.stringMatching(/^unknown-key \/constructor Known keys here: /),
      expect.stringMatching(/^unknown-key \/toString Known keys here: /),
    ]);
    expect(
      diagnose({ ...base, navigation: { anchors: [{ name: 'Docs', pages: ['index'] }] } }).filter(
        ({ ruleId }) => ruleId === 'missing-field',
      ),
    ).toMatchObject([
      {
        pointer: '/navigation/anchors/0/anchor',
        hint: 'It has `name`, the mint.json spelling: rename it to `anchor`.',
      },
    ]);
  });
});

describe('rules beyond the schema', () => {
  it('refuses a blank name', () => {
    expect(diagnose({ ...base, name: '   ' })).toMatchObject([
      { pointer: '/name', severity: 'error', ruleId: 'empty-value' },
    ]);
  });

  it('refuses a navigation without pages, and an empty tab list at that list', () => {
    expect(diagnose({ ...base, navigation: {} })).toMatchObject([
      { pointer: '/navigation', ruleId: 'empty-navigation', severity: 'error' },
    ]);
    expect(diagnose({ ...base, navigation: { tabs: [] } }).map((diagnostic) => diagnostic.pointer)).toContain(
      '/navigation/tabs',
    );
  });

  it('reports one type error, not an empty-navigation error too, for a navigation that is not an object', () => {
    expect(diagnose({ ...base, navigation: ['index'] })).toMatchObject([
      {
        pointer: '/navigation',
        ruleId: 'invalid-type',
        message: 'Unexpected array for navigation, expected an object',
      },
    ]);
  });

  it('accepts global anchors linking to a path of the site or to an external URL, as the platform documents both', () => {
    const global = {
      anchors: [
        { anchor: 'Changelog', href: '/changelog' },
        { anchor: 'Blog', href: 'https://example.com/blog' },
        { anchor: 'Mail', href: 'mailto:team@example.com' },
      ],
    };
    expect(diagnose({ ...base, navigation: { ...base.navigation, global } })).toEqual([]);
  });

  it('warns about (and keeps) a navbar link of an undocumented type; github, discord, plain links and links to a path of the site pass', () => {
    const links = [
      { type: 'button', label: 'Sign up', href: 'https://example.com/signup' },
      { type: 'github', href: 'https://github.com/example' },
      { label: 'Blog', href: 'https://example.com/blog' },
      { label: 'Reference', href: '/reference/javascript' },
    ];
    expect(diagnose({ ...base, navbar: { links } })).toMatchObject([
      {
        pointer: '/navbar/links/0/type',
        severity: 'warning',
        ruleId: 'navbar-link-type',
        message: 'Unexpected navbar link type `button`, expected `github` or `discord`',
      },
    ]);
  });

  it("warns about (and keeps) footer links the platform's validator refuses: http, no scheme, a .exe file; https, paths, anchors and mailto pass", () => {
    const items = [
      { label: 'Demo', href: 'http://demo.example.com/' },
      { label: 'Bare', href: '//cdn.example.com/app' },
      { label: 'Setup', href: 'https://example.com/setup.exe' },
      { label: 'Site', href: 'https://example.com/about' },
      { label: 'Guide', href: '/guides/start' },
      { label: 'Top', href: '#top' },
      { label: 'Mail', href: 'mailto:team@example.com' },
    ];
    const found = diagnose({ ...base, footer: { links: [{ header: 'Resources', items }] } });
    expect(found.map(({ pointer, severity, ruleId }) => `${pointer} ${severity} ${ruleId}`)).toEqual([
      '/footer/links/0/items/0/href warning footer-link-refused',
      '/footer/links/0/items/1/href warning footer-link-refused',
      '/footer/links/0/items/2/href warning footer-link-refused',
    ]);
    expect(found[0]?.message).toBe(
      'Unexpected footer link `http://demo.example.com/` (its `http:` scheme), expected an `https:` URL, a path, `#anchor` or `mailto:`',
    );
  });

  it("reads `fonts` as the platform's two shapes: heading/body beside family warn when dropped, extra keys beside heading/body are refused", () => {
    const heading = { family: 'Playfair Display', weight: 700 };
    const body = { family: 'Inter', weight: 300 };
    const shown = (fonts: unknown) =>
      diagnose({ ...base, fonts }).map(({ pointer, severity, ruleId }) => `${pointer} ${severity} ${ruleId}`);
    expect(shown({ family: 'Inter', weight: 400, heading, body })).toEqual([
      '/fonts/heading warning unknown-key',
      '/fonts/body warning unknown-key',
    ]);
    expect(shown({ family: 'system-ui', heading: { family: 'system-ui' }, body: { family: 'system-ui' } })).toEqual([]);
    expect(shown({ weight: 400, heading, body })).toEqual(['/fonts/weight error invalid-key']);
    expect(shown({ heading, body })).toEqual([]);
    expect(shown({ family: 'Inter', weight: 400 })).toEqual([]);
  });

  it('accepts the documented `graphql` tab and `sdk` tab and group (a group with `sdk` needs no pages), warning that their reference pages are not generated', () => {
    const navigation = {
      tabs: [
        { tab: 'GraphQL API', graphql: 'schema.graphql' },
        { tab: 'GraphQL v2', graphql: { source: 'https://example.com/schema.graphql', directory: 'api/graphql' } },
        {
          tab: 'SDK',
          groups: [
            { group: 'TypeScript', sdk: { format: 'typedoc', source: 'sdk/typedoc.json', directory: 'sdk/ts' } },
          ],
        },
      ],
    };
    expect(diagnose({ ...base, navigation })).toMatchObject([
      { pointer: '/navigation/tabs/0/graphql', severity: 'warning', ruleId: 'reference-not-generated' },
      { pointer: '/navigation/tabs/1/graphql', severity: 'warning', ruleId: 'reference-not-generated' },
      {
        pointer: '/navigation/tabs/2/groups/0/sdk',
        severity: 'warning',
        ruleId: 'reference-not-generated',
        message:
          'Unexpected `sdk` reference, expected pages docsmith can build: it does not generate SDK reference pages from TypeDoc, DocFX, Javadoc, Sphinx or phpDocumentor output',
      },
    ]);
    expect(
      diagnose({ ...base, navigation: { tabs: [{ tab: 'SDK', sdk: { format: 'rustdoc', source: 'x.json' } }] } }),
    ).toContainEqual(
      expect.objectContaining({ pointer: '/navigation/tabs/0/sdk/format', severity: 'error', ruleId: 'invalid-value' }),
    );
  });

  it('reports the second of two redirects with the same source', () => {
    const redirects = [
      { source: '/old', destination: '/new' },
      { source: '/old/', destination: '/newer' },
    ];
    expect(diagnose({ ...base, redirects })).toMatchObject([
      { pointer: '/redirects/1/source', severity: 'error', ruleId: 'duplicate-redirect' },
    ]);
  });

  it('accepts one redirect written with and without a trailing slash to the same destination', () => {
    const redirects = [
      { source: '/old', destination: '/new' },
      { source: '/old/', destination: '/new' },
      { source: '/old', destination: '/other' },
    ];
    expect(diagnose({ ...base, redirects })).toMatchObject([
      {
        pointer: '/redirects/2/source',
        ruleId: 'duplicate-redirect',
        message: expect.stringContaining('first at /redirects/0'),
      },
    ]);
  });

  it('warns about navigation pages without a file, with the closest page as a hint', async () => {
    const navigation = { pages: ['index', 'guides/quickstrat', 'guides/missing'] };
    const files = {
      'docs.json': JSON.stringify({ ...base, navigation }, null, 2),
      'index.mdx': '# Home',
      'guides/quickstart.mdx': '# Start',
    };
    expect(
      (await validateSite(siteSourceFromObject(files))).filter((diagnostic) => diagnostic.ruleId === 'missing-page'),
    ).toMatchObject([
      {
        pointer: '/navigation/pages/1',
        severity: 'warning',
        ruleId: 'missing-page',
        hint: 'Did you mean `guides/quickstart`?',
      },
      {
        pointer: '/navigation/pages/2',
        severity: 'warning',
        ruleId: 'missing-page',
        message:
          'Cannot find a page file for `guides/missing` (looked for guides/missing.mdx and guides/missing.md), referenced from the top-level navigation; the entry is left out',
      },
    ]);
  });

  it('tells operation references from page paths', () => {
    expect(
      ['GET /users', 'post /users/{id}', 'openapi.json DELETE /pets/{petId}', 'webhook order.created'].map(
        isOperationReference,
      ),
    ).toEqual([true, true, true, true]);
    expect(['index', 'api-reference/get-users', 'get started', 'webhooks/overview'].map(isOperationReference)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
