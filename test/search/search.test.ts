import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import searchArtifactSchema from '../../schemas/search-artifact.schema.json' with { type: 'json' };
import { buildSearchArtifact } from '../../pipeline/assemble/build-search-artifact.ts';
import { detectQueryVersions } from '../../runtime/search/detect-query-versions.ts';
import { loadSearchIndex, loadSearchIndexInSlices, search } from '../../runtime/search/index.ts';
import { CURRENT_FORMATS_SINCE } from '../../contract/artifact-format.ts';
import {
  parseSearchArtifactText,
  prepareText,
  SearchArtifactError,
  serializeSearchArtifact,
  type SearchArtifact,
  type SectionRecord,
} from '../../contract/search/index.ts';
import { section } from '../helpers/section-record.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const records: SectionRecord[] = [
  section('quickstart', 'Quickstart', 'Install the CLI with npm i -g example-cli, then run example login.', {
    context: { version: 'v2', groups: ['Start'] },
  }),
  section('quickstart', 'Quickstart', 'Use EXAMPLE_TOKEN in CI so no browser login is needed.', {
    anchor: 'ci',
    headingPath: ['Continuous integration'],
    context: { version: 'v2', groups: ['Start'] },
  }),
  section('server/config', 'Server configuration', 'Set OLLAMA_HOST to 0.0.0.0 to listen on every network interface.', {
    context: { version: 'v2', groups: ['Operate'] },
  }),
  section('billing', 'Billing', 'Invoices are emailed monthly. Quickstart users get a free trial.', {
    context: { version: 'v2', groups: ['Account'] },
  }),
  section('v1/quickstart', 'Quickstart', 'Install the legacy CLI with pip install example-cli.', {
    context: { version: 'v1', groups: ['Start'] },
  }),
  section('fr/quickstart', 'Démarrage rapide', 'Installez la CLI avec npm puis connectez-vous.', {
    context: { language: 'fr', version: 'v2', groups: ['Démarrer'] },
  }),
];
const index = loadSearchIndex(
  JSON.parse(JSON.stringify(buildSearchArtifact(records, { defaultLanguage: 'en', defaultVersion: 'v2' }))),
);

describe('text preparation shared by build and query', () => {
  it('stems English, drops stop words and keeps identifiers whole and split', () => {
    expect(prepareText('How do I set OLLAMA_HOST when running servers?')).toEqual([
      'set',
      'ollama_host',
      'ollama',
      'host',
      'run',
      'server',
    ]);
  });

  it("drops an English contraction's tail, and keeps the word of a negative one", () => {
    expect(prepareText("Can I see a secret's value after I've saved it? We’re sure you'll")).toEqual([
      'can',
      'see',
      'secret',
      'valu',
      'save',
      'sure',
    ]);
    expect(prepareText("don't configure")).toEqual(['don', 'configur']);
  });

  it('leaves a word longer than 64 characters unstemmed: no English word is, and stemming one takes time', () => {
    const blob = `${'ab'.repeat(40)}ing`;
    expect(prepareText(`decoding ${blob}`)).toEqual(['decod', blob]);
    expect(prepareText(`${'ab'.repeat(30)}ing`)).toEqual([`${'ab'.repeat(30)}`]);
    expect(prepareText("l'API d'accès", 'fr')).toEqual(['l', 'api', 'd', 'accès']);
  });

  it('segments Chinese, Japanese and Thai with Intl.Segmenter and leaves French unstemmed', () => {
    expect(prepareText('安装命令行工具', 'zh')).toEqual(['安装', '命令', '行', '工具']);
    expect(prepareText('サーバーを設定する', 'ja').length).toBeGreaterThan(1);
    expect(prepareText('ติดตั้งเซิร์ฟเวอร์', 'th').length).toBeGreaterThan(1);
    expect(prepareText('Configurer les serveurs', 'fr')).toEqual(['configurer', 'les', 'serveurs']);
  });

  it('segments only the lines written in a segmented script, a long line in pieces cut between words', () => {
    const example = Array.from({ length: 3000 }, (_, row) => `  {"id": ${row}, "country": "US"},`).join('\n');
    const chinese = '  {"name": "百草味"}';
    const terms = prepareText(`We've listed these:\n${example}\n${chinese}`);
    expect(terms.slice(0, 3)).toEqual(['list', 'id', '0']);
    expect(terms.slice(-prepareText(chinese).length)).toEqual(prepareText(chinese));
    expect(prepareText(chinese)).toContain('name');
    // Each sentence of a 6,000-character line is segmented as it would be alone.
    const sentence = '安装命令行工具，然后登录。';
    expect(prepareText(sentence.repeat(500), 'zh')).toEqual(
      Array.from({ length: 500 }, () => prepareText(sentence, 'zh')).flat(),
    );
  });
});

describe('search artifact', () => {
  it('is deterministic and valid against its JSON Schema', () => {
    const first = JSON.stringify(buildSearchArtifact(records));
    expect(JSON.stringify(buildSearchArtifact(records))).toBe(first);
    const validate = new Ajv({ strict: false }).compile(searchArtifactSchema);
    expect(validate(JSON.parse(first)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers for sites with fewer than three sections, and with none', () => {
    const tiny = loadSearchIndex(
      JSON.parse(
        JSON.stringify(buildSearchArtifact([section('only', 'Only page', 'Rotate the signing secret every 90 days.')])),
      ),
    );
    expect(search(tiny, 'rotate secret').map((result) => result.path)).toEqual(['only']);
    const empty = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact([]))));
    expect(search(empty, 'anything')).toEqual([]);
  });

  it('names the engine the runtime ranks with, and refuses a build of another docsmith with one message', () => {
    const artifact = JSON.parse(JSON.stringify(buildSearchArtifact(records))) as Record<string, unknown>;
    expect(artifact).toMatchObject({ formatVersion: 5, engine: 'docsmith-bm25f' });
    for (const formatVersion of [1, 2, 3, 4]) {
      expect(() => loadSearchIndex({ ...artifact, formatVersion })).toThrow(
        new SearchArtifactError(
          `built by docsmith < ${CURRENT_FORMATS_SINCE} (search.json format ${formatVersion}, this docsmith reads format 5): rebuild with \`docsmith build\``,
        ),
      );
    }
    expect(() => loadSearchIndex({ ...artifact, formatVersion: 6 })).toThrow(
      'built by a newer docsmith (search.json format 6, this docsmith reads format 5): upgrade docsmith, or rebuild with `docsmith build`',
    );
    expect(() => loadSearchIndex({ ...artifact, formatVersion: undefined })).toThrow(
      'search.json has no format version docsmith knows (none; expected 5)',
    );
    expect(() => loadSearchIndex({ ...artifact, formatVersion: '5' })).toThrow(
      'search.json has no format version docsmith knows ("5"; expected 5)',
    );
    expect(() => loadSearchIndex({ ...artifact, engine: 'wink-bm25-text-search' })).toThrow(
      'search artifact names engine "wink-bm25-text-search", expected docsmith-bm25f',
    );
  });

  it('loads in slices that give the event loop back, to the same index', async () => {
    const many = Array.from({ length: 1200 }, (_, number) =>
      section(`page-${number}`, `Page ${number}`, `Topic ${number % 37} explained for readers of page ${number}.`),
    );
    const artifact = JSON.parse(JSON.stringify(buildSearchArtifact(many))) as unknown;
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 0);
    const sliced = await loadSearchIndexInSlices(artifact);
    clearInterval(ticking);
    expect(ticks).toBeGreaterThan(0);
    expect(search(sliced, 'topic 12 readers')).toEqual(search(loadSearchIndex(artifact), 'topic 12 readers'));
    await expect(loadSearchIndexInSlices({ formatVersion: 2 })).rejects.toThrow(SearchArtifactError);
  });

  it('is written one record per line, valid JSON, and read back in slices to the same value', () => {
    const many = Array.from({ length: 2500 }, (_, number) =>
      section(`page-${number}`, `Page ${number}`, `Line one\nline two of page ${number}.`),
    );
    const artifact = buildSearchArtifact(many);
    const text = serializeSearchArtifact(artifact);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(artifact)));
    expect(text.split('\n').length).toBeGreaterThan(2 * 2500);
    const read = (input: string | Uint8Array): { value: unknown; slices: number } => {
      const parser = parseSearchArtifactText(input);
      let slices = 0;
      for (let step = parser.next(); ; step = parser.next(), slices += 1)
        if (step.done) return { value: step.value, slices };
    };
    expect(read(text)).toEqual({ value: JSON.parse(text), slices: expect.any(Number) });
    expect(read(text).slices).toBeGreaterThan(3);
    expect(read(Buffer.from(text))).toEqual(read(text));
    const accented = serializeSearchArtifact(
      buildSearchArtifact([section('reglages', 'Réglages — 設定 🚀', 'Ligne une\nligne deux.')]),
    );
    expect(read(Buffer.from(accented)).value).toEqual(JSON.parse(accented));
    expect(read(Buffer.from(JSON.stringify(artifact)))).toEqual({ value: JSON.parse(text), slices: 0 });
    expect(() => read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toThrow(SyntaxError);
    expect(() => read(Buffer.from(text.slice(0, -4)))).toThrow(SyntaxError);
    expect(read(JSON.stringify(artifact))).toEqual({ value: JSON.parse(text), slices: 0 });
    expect(read(serializeSearchArtifact(buildSearchArtifact([]))).value).toEqual(
      JSON.parse(JSON.stringify(buildSearchArtifact([]))),
    );
    expect(() => read(text.replace('"terms":[', '"terms":{'))).toThrow(SyntaxError);
    expect(() => read(text.slice(0, -4))).toThrow(SyntaxError);
  });

  it('refuses a corrupt artifact with a SearchArtifactError', () => {
    const valid = JSON.parse(JSON.stringify(buildSearchArtifact(records))) as Record<string, unknown>;
    const corrupt = (changes: Record<string, unknown>): Record<string, unknown> => ({ ...valid, ...changes });
    expect(() => loadSearchIndex(corrupt({ sections: [{}] }))).toThrow(/malformed section, or one no page shows/);
    expect(() => loadSearchIndex(corrupt({ sections: [{ content: 0, anchor: '', body: 99 }] }))).toThrow(
      /malformed section, or one no page shows/,
    );
    expect(() => loadSearchIndex(corrupt({ bodies: [{}], terms: [['', '', '']] }))).toThrow(/malformed section body/);
    expect(() => loadSearchIndex(corrupt({ pages: [{ path: 'x', content: 0, context: 99 }] }))).toThrow(
      /malformed page record/,
    );
    expect(() => loadSearchIndex(corrupt({ contexts: [{}] }))).toThrow(/malformed one/);
    expect(() => loadSearchIndex(corrupt({ terms: (valid.terms as unknown[]).slice(1) }))).toThrow(
      /not one term list per body/,
    );
    expect(() =>
      loadSearchIndex(corrupt({ terms: (valid.terms as unknown[]).map(() => ['quickstart', 7, '']) })),
    ).toThrow(/malformed terms for section body 0/);
    expect(() => loadSearchIndex(corrupt({ bm25Params: { k1: 'high', b: 0.75, k: 1 } }))).toThrow(/BM25 parameters/);
    expect(() => loadSearchIndex('nope')).toThrow(SearchArtifactError);
    expect(search(loadSearchIndex(valid), 'OLLAMA_HOST network interface')[0]?.path).toBe('server/config');
  });
});

describe('content-addressed artifact', () => {
  const shared = (version: string, prefix: string): SectionRecord[] => [
    section(`${prefix}changelog`, 'Changelog', 'Webhook retries now back off exponentially.', {
      context: { version, groups: ['Releases'] },
    }),
    section(`${prefix}changelog`, 'Changelog', 'Tokens expire after ninety days.', {
      anchor: 'tokens',
      headingPath: ['Tokens'],
      context: { version, groups: ['Releases'] },
    }),
  ];
  const versioned = [
    ...shared('v3', ''),
    section('guide', 'Guide', 'Rotate the signing secret from the dashboard.', {
      context: { version: 'v3', groups: ['Guides'] },
    }),
    ...shared('v2', 'v2/'),
    ...shared('v1', 'v1/'),
    section('v1/legacy', 'Legacy guide', 'Rotate the signing secret with the legacy console.', {
      context: { version: 'v1', groups: ['Guides'] },
    }),
    section('v1/fax', 'Fax gateway', 'The fax gateway was retired in version two.', {
      context: { version: 'v1', groups: ['Guides'] },
    }),
  ];
  const artifact = buildSearchArtifact(versioned, { defaultVersion: 'v3' });
  const versionedIndex = loadSearchIndex(JSON.parse(JSON.stringify(artifact)));

  it('stores identical page content once, with one small record per path', () => {
    expect(artifact.sections.map((record) => artifact.bodies[record.body]?.title)).toEqual([
      'Changelog',
      'Changelog',
      'Guide',
      'Legacy guide',
      'Fax gateway',
    ]);
    expect(artifact.pages).toEqual([
      { path: 'changelog', content: 0, context: 0 },
      { path: 'guide', content: 1, context: 1 },
      { path: 'v2/changelog', content: 0, context: 2 },
      { path: 'v1/changelog', content: 0, context: 3 },
      { path: 'v1/legacy', content: 2, context: 4 },
      { path: 'v1/fax', content: 3, context: 4 },
    ]);
    const validate = new Ajv({ strict: false }).compile(searchArtifactSchema);
    expect(validate(JSON.parse(JSON.stringify(artifact))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('lists identical content once, at the default version, with its other locations in the metadata', () => {
    const results = search(versionedIndex, 'webhook retries back off');
    expect(results.map((result) => result.path)).toEqual(['changelog']);
    expect(results[0]?.metadata).toEqual({
      version: 'v3',
      groups: ['Releases'],
      otherLocations: [
        { path: 'v2/changelog', version: 'v2' },
        { path: 'v1/changelog', version: 'v1' },
      ],
    });
    expect(search(versionedIndex, 'webhook retries', { filter: { version: 'v1' } })[0]).toMatchObject({
      path: 'v1/changelog',
      metadata: {
        version: 'v1',
        otherLocations: [
          { path: 'changelog', version: 'v3' },
          { path: 'v2/changelog', version: 'v2' },
        ],
      },
    });
  });

  it('takes results from the default version, and from others only when it has no match', () => {
    expect(search(versionedIndex, 'rotate the signing secret').map((result) => result.path)).toEqual(['guide']);
    expect(
      search(versionedIndex, 'rotate the signing secret', { filter: { version: 'v1' } }).map((result) => result.path),
    ).toEqual(['v1/legacy']);
    expect(search(versionedIndex, 'fax gateway').map((result) => result.path)).toEqual(['v1/fax']);
  });

  it('takes results from another version when it matches clearly better: what the default version removed', () => {
    const removedInV3 = loadSearchIndex(
      JSON.parse(
        JSON.stringify(
          buildSearchArtifact(
            [
              section(
                'guide',
                'Guide',
                'Rotate the signing secret from the dashboard. The dashboard shows the connection.',
                {
                  context: { version: 'v3', groups: ['Guides'] },
                },
              ),
              section('v1/guide', 'Guide', 'Rotate the signing secret from the legacy console.', {
                context: { version: 'v1', groups: ['Guides'] },
              }),
              section(
                'v1/ping',
                'Ping',
                'Send a ping to check that the connection is alive; the receiver answers with an empty result.',
                {
                  context: { version: 'v1', groups: ['Utilities'] },
                },
              ),
            ],
            { defaultVersion: 'v3' },
          ),
        ),
      ),
    );
    expect(
      search(removedInV3, 'what does the receiver answer to a ping on the connection').map((result) => result.path),
    ).toEqual(['v1/ping', 'guide']);
    expect(search(removedInV3, 'rotate the signing secret').map((result) => result.path)).toEqual(['guide']);
    expect(
      search(removedInV3, 'ping the connection', { filter: { version: 'v3' } }).map((result) => result.path),
    ).toEqual(['guide']);
  });

  it('takes results from the versions a question names, as whole words', () => {
    expect(search(versionedIndex, 'rotate the signing secret in v1').map((result) => result.path)).toEqual([
      'v1/legacy',
    ]);
    expect(search(versionedIndex, 'webhook retries since v2').map((result) => result.path)).toEqual(['v2/changelog']);
    expect(search(versionedIndex, 'rotate the signing secret from v1 to v3').map((result) => result.path)).toEqual([
      'guide',
      'v1/legacy',
    ]);
    expect(detectQueryVersions('upgrade from V1 to v1.2, draft notes', ['v1', 'v1.2', 'draft', 'v3'])).toEqual([
      'v1',
      'v1.2',
    ]);
    expect(detectQueryVersions('the v10 api and rev1', ['v1'])).toEqual([]);
    expect(detectQueryVersions('memory in version 1.15.14', ['v1.15.17', 'v1.15.14', 'v1.15.1'])).toEqual(['v1.15.14']);
    expect(detectQueryVersions('what changed in v2.0', ['1.0', '2.0'])).toEqual(['2.0']);
    expect(detectQueryVersions('uses 2025-06-18 or 12.0', ['2025-06-18', '2.0'])).toEqual(['2025-06-18']);
    expect(detectQueryVersions('retry 2 times', ['v1', 'v2'])).toEqual([]);
  });

  it("keeps each content's description, and ranks its whole page at the page in scope", () => {
    const limits = (version: string, prefix: string, description: string): SectionRecord =>
      section(`${prefix}limits`, 'Limits', 'Requests above the quota are refused.', {
        description,
        context: { version, groups: ['Operate'] },
      });
    const built = buildSearchArtifact(
      [
        limits('v3', '', 'Throttling per key'),
        limits('v2', 'v2/', 'Throttling per key'),
        limits('v1', 'v1/', 'Quotas of the legacy plan'),
      ],
      { defaultVersion: 'v3' },
    );
    expect(built.sections.map((record) => built.bodies[record.body]?.description)).toEqual([
      'Throttling per key',
      'Quotas of the legacy plan',
    ]);
    const described = loadSearchIndex(JSON.parse(JSON.stringify(built)));
    expect(search(described, 'throttling')).toMatchObject([
      { path: 'limits', metadata: { otherLocations: [{ path: 'v2/limits', version: 'v2' }] } },
    ]);
    expect(search(described, 'legacy plan').map((result) => result.path)).toEqual(['v1/limits']);
    expect(search(described, 'throttling', { filter: { version: 'v2' } }).map((result) => result.path)).toEqual([
      'v2/limits',
    ]);
  });

  it('stores a section body repeated by several contents once, and finds it at the page of each version', () => {
    const release = (version: string, prefix: string, note: string): SectionRecord[] => [
      section(`${prefix}changelog`, 'Changelog', note, { context: { version, groups: ['Releases'] } }),
      section(`${prefix}changelog`, 'Changelog', 'Tokens expire after ninety days.', {
        anchor: version === 'v3' ? 'tokens-1' : 'tokens',
        headingPath: ['Tokens'],
        context: { version, groups: ['Releases'] },
      }),
    ];
    const built = buildSearchArtifact(
      [...release('v3', '', 'Webhooks are signed.'), ...release('v2', 'v2/', 'Webhook retries back off.')],
      { defaultVersion: 'v3' },
    );
    expect(built.bodies.map((body) => body.text)).toEqual([
      'Webhooks are signed.',
      'Tokens expire after ninety days.',
      'Webhook retries back off.',
    ]);
    expect(built.sections).toEqual([
      { content: 0, anchor: '', body: 0 },
      { content: 0, anchor: 'tokens-1', body: 1 },
      { content: 1, anchor: '', body: 2 },
      { content: 1, anchor: 'tokens', body: 1 },
    ]);
    const shared = loadSearchIndex(JSON.parse(JSON.stringify(built)));
    expect(search(shared, 'tokens expire')).toMatchObject([{ path: 'changelog', anchor: 'tokens-1' }]);
    expect(search(shared, 'tokens expire', { filter: { version: 'v2' } })).toMatchObject([
      { path: 'v2/changelog', anchor: 'tokens' },
    ]);
    expect(shared.engine?.documentFrequency('token')).toBe(1);
  });
});

describe('search', () => {
  it('ranks a title match above a passing mention and returns one entry per page with its best section', () => {
    const results = search(index, 'quickstart install');
    expect(results[0]?.path).toBe('quickstart');
    expect(new Set(results.map((result) => result.path)).size).toBe(results.length);
    expect(search(index, 'token for CI')[0]).toMatchObject({
      path: 'quickstart',
      anchor: 'ci',
      headingPath: ['Continuous integration'],
    });
  });

  it('scores the best result 1 and the others relative to it, at any page size, alone or not', () => {
    expect(search(index, 'quickstart install', { pageSize: 1 }).map((result) => result.score)).toEqual([1]);
    expect(search(index, 'OLLAMA_HOST').map((result) => result.score)).toEqual([1]);
    const scores = search(index, 'quickstart install').map((result) => result.score);
    expect(scores[0]).toBe(1);
    expect(scores.slice(1).every((score) => score > 0 && score < 1)).toBe(true);
  });

  it('finds identifiers and gives a snippet and the context', () => {
    const [result] = search(index, 'OLLAMA_HOST');
    expect(result).toMatchObject({ path: 'server/config', metadata: { version: 'v2', groups: ['Operate'] } });
    expect(result?.snippet).toContain('OLLAMA_HOST');
  });

  it('prefers the default version and language unless the filter names others', () => {
    expect(search(index, 'install the cli')[0]?.path).toBe('quickstart');
    expect(search(index, 'install the cli', { filter: { version: 'v1' } }).map((result) => result.path)).toEqual([
      'v1/quickstart',
    ]);
    expect(search(index, 'installez la CLI', { filter: { language: 'fr' } }).map((result) => result.path)).toEqual([
      'fr/quickstart',
    ]);
    expect(search(index, 'invoices', { filter: { groups: ['Operate'] } })).toEqual([]);
    expect(search(index, 'invoices', { filter: { groups: ['Account'] } })[0]?.path).toBe('billing');
  });

  it("filters by tag: the page frontmatter `tag`, else its nearest navigation group's, letter case aside (built from a site)", async () => {
    const files = {
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Tags',
        colors: { primary: '#16A34A' },
        navigation: {
          groups: [
            { group: 'Start', tag: 'NEW', pages: ['webhooks', 'retries'] },
            { group: 'Old', pages: ['legacy'] },
          ],
        },
      }),
      'webhooks.mdx': '---\ntitle: Webhooks\n---\n\nWebhooks deliver events to your endpoint.\n',
      'retries.mdx': '---\ntitle: Retries\ntag: Beta\n---\n\nFailed webhook events are retried.\n',
      'legacy.mdx': '---\ntitle: Legacy webhooks\n---\n\nThe legacy webhook events.\n',
    };
    const built = await buildSite(siteSourceFromObject(files), { domain: 'tags' });
    const tagged = loadSearchIndex(JSON.parse(built.files.get('search.json') as string) as SearchArtifact);
    const paths = (tag?: string) =>
      search(tagged, 'webhook events', tag === undefined ? {} : { filter: { tag } })
        .map((result) => result.path)
        .sort();
    expect(paths()).toEqual(['legacy', 'retries', 'webhooks']);
    expect(paths('new')).toEqual(['webhooks']);
    expect(paths('BETA')).toEqual(['retries']);
    expect(paths('Deprecated')).toEqual([]);
    expect(paths(' ')).toEqual(['legacy', 'retries', 'webhooks']);
  });

  it('ignores a language or version filter on a site that has no languages or versions, as the filter cannot apply', () => {
    const plain = loadSearchIndex(
      JSON.parse(JSON.stringify(buildSearchArtifact([section('billing', 'Billing', 'Invoices are emailed monthly.')]))),
    );
    expect(search(plain, 'invoices', { filter: { language: 'en' } }).map((result) => result.path)).toEqual(['billing']);
    expect(search(plain, 'invoices', { filter: { version: 'v2' } }).map((result) => result.path)).toEqual(['billing']);
    expect(search(index, 'invoices', { filter: { language: 'de' } })).toEqual([]);
  });

  it('uses the previous question for follow-ups', () => {
    expect(search(index, 'and in CI?', { previousQuery: 'how do I log in to the CLI' })[0]).toMatchObject({
      path: 'quickstart',
      anchor: 'ci',
    });
  });

  it('answers bad queries with an empty list, never an exception', () => {
    for (const query of ['', '   ', 'the and of', '🙂🙂', 'x'.repeat(100_000), `${'install '.repeat(20_000)}`]) {
      expect(() => search(index, query)).not.toThrow();
    }
    expect(search(index, '')).toEqual([]);
    expect(search(index, 'the and of')).toEqual([]);
    expect(search(index, 'install', { filter: { version: 'v9' } })).toEqual([]);
    expect(search(index, 'install', { pageSize: 1000 }).length).toBeLessThanOrEqual(50);
  });
});
