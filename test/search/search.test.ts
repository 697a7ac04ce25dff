import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import bm25 from 'wink-bm25-text-search';
import searchArtifactSchema from '../../schemas/search-artifact.schema.json' with { type: 'json' };
import { buildSearchArtifact } from '../../pipeline/index/build-search-artifact.ts';
import { loadSearchIndex, loadSearchIndexInSlices, prepareText, search, SearchArtifactError, type SectionRecord } from '../../runtime/search/index.ts';

const section = (path: string, title: string, text: string, extra: Partial<SectionRecord> = {}): SectionRecord => ({
  path,
  anchor: extra.anchor ?? '',
  headingPath: extra.headingPath ?? [],
  title,
  text,
  context: extra.context ?? { groups: [] },
});

const records: SectionRecord[] = [
  section('quickstart', 'Quickstart', 'Install the CLI with npm i -g example-cli, then run example login.', { context: { version: 'v2', groups: ['Start'] } }),
  section('quickstart', 'Quickstart', 'Use EXAMPLE_TOKEN in CI so no browser login is needed.', { anchor: 'ci', headingPath: ['Continuous integration'], context: { version: 'v2', groups: ['Start'] } }),
  section('server/config', 'Server configuration', 'Set OLLAMA_HOST to 0.0.0.0 to listen on every network interface.', { context: { version: 'v2', groups: ['Operate'] } }),
  section('billing', 'Billing', 'Invoices are emailed monthly. Quickstart users get a free trial.', { context: { version: 'v2', groups: ['Account'] } }),
  section('v1/quickstart', 'Quickstart', 'Install the legacy CLI with pip install example-cli.', { context: { version: 'v1', groups: ['Start'] } }),
  section('fr/quickstart', 'Démarrage rapide', 'Installez la CLI avec npm puis connectez-vous.', { context: { language: 'fr', version: 'v2', groups: ['Démarrer'] } }),
];
const index = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(records, { defaultLanguage: 'en', defaultVersion: 'v2' }))));

describe('text preparation shared by build and query', () => {
  it('stems English, drops stop words and keeps identifiers whole and split', () => {
    expect(prepareText('How do I set OLLAMA_HOST when running servers?')).toEqual(['set', 'ollama_host', 'ollama', 'host', 'run', 'server']);
  });

  it('segments Chinese, Japanese and Thai with Intl.Segmenter and leaves French unstemmed', () => {
    expect(prepareText('安装命令行工具', 'zh')).toEqual(['安装', '命令', '行', '工具']);
    expect(prepareText('サーバーを設定する', 'ja').length).toBeGreaterThan(1);
    expect(prepareText('ติดตั้งเซิร์ฟเวอร์', 'th').length).toBeGreaterThan(1);
    expect(prepareText('Configurer les serveurs', 'fr')).toEqual(['configurer', 'les', 'serveurs']);
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
    const tiny = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact([section('only', 'Only page', 'Rotate the signing secret every 90 days.')]))));
    expect(search(tiny, 'rotate secret').map((result) => result.path)).toEqual(['only']);
    const empty = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact([]))));
    expect(search(empty, 'anything')).toEqual([]);
  });

  it('still reads format 1 (a consolidated wink model)', () => {
    const artifact = buildSearchArtifact(records, { defaultLanguage: 'en', defaultVersion: 'v2' });
    const wink = bm25();
    wink.defineConfig({ fldWeights: { ...artifact.fieldWeights }, bm25Params: { ...artifact.bm25Params } });
    wink.definePrepTasks([(text: string) => (text ? text.split(' ') : [])]);
    artifact.terms.forEach(([title, headings, body], id) => wink.addDoc({ title, headings, body }, id));
    wink.consolidate(4);
    const legacy = { formatVersion: 1, engine: 'wink-bm25-text-search', defaults: artifact.defaults, sections: records, model: wink.exportJSON() };
    const legacyIndex = loadSearchIndex(JSON.parse(JSON.stringify(legacy)));
    expect(search(legacyIndex, 'quickstart install')[0]?.path).toBe('quickstart');
    expect(search(legacyIndex, 'token for CI')[0]).toMatchObject({ path: 'quickstart', anchor: 'ci' });
    expect(search(legacyIndex, 'OLLAMA_HOST')[0]?.path).toBe('server/config');
  });

  it('loads in slices that give the event loop back, to the same index', async () => {
    const many = Array.from({ length: 1200 }, (_, number) => section(`page-${number}`, `Page ${number}`, `Topic ${number % 37} explained for readers of page ${number}.`));
    const artifact = JSON.parse(JSON.stringify(buildSearchArtifact(many))) as unknown;
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 0);
    const sliced = await loadSearchIndexInSlices(artifact);
    clearInterval(ticking);
    expect(ticks).toBeGreaterThan(0);
    expect(search(sliced, 'topic 12 readers')).toEqual(search(loadSearchIndex(artifact), 'topic 12 readers'));
    await expect(loadSearchIndexInSlices({ formatVersion: 2 })).rejects.toThrow(SearchArtifactError);
  });

  it('refuses a corrupt artifact with a SearchArtifactError', () => {
    const valid = JSON.parse(JSON.stringify(buildSearchArtifact(records))) as Record<string, unknown>;
    const corrupt = (changes: Record<string, unknown>): Record<string, unknown> => ({ ...valid, ...changes });
    expect(() => loadSearchIndex({ ...valid, formatVersion: 3 })).toThrow(/format 3 is not supported \(expected 1 or 2\); rebuild the site/);
    expect(() => loadSearchIndex({ formatVersion: 1, sections: [], model: '[broken' })).toThrow(/search model cannot be imported/);
    expect(() => loadSearchIndex(corrupt({ sections: [{}], terms: [['', '', '']] }))).toThrow(/malformed section record/);
    expect(() => loadSearchIndex(corrupt({ terms: (valid.terms as unknown[]).slice(1) }))).toThrow(/not one term list per section/);
    expect(() => loadSearchIndex(corrupt({ terms: (valid.terms as unknown[]).map(() => ['quickstart', 7, '']) }))).toThrow(/malformed terms for section 0/);
    expect(() => loadSearchIndex(corrupt({ bm25Params: { k1: 'high', b: 0.75, k: 1 } }))).toThrow(/BM25 parameters/);
    expect(() => loadSearchIndex('nope')).toThrow(SearchArtifactError);
    expect(search(loadSearchIndex(valid), 'OLLAMA_HOST network interface')[0]?.path).toBe('server/config');
  });
});

describe('search', () => {
  it('ranks a title match above a passing mention and returns one entry per page with its best section', () => {
    const results = search(index, 'quickstart install');
    expect(results[0]?.path).toBe('quickstart');
    expect(new Set(results.map((result) => result.path)).size).toBe(results.length);
    expect(search(index, 'token for CI')[0]).toMatchObject({ path: 'quickstart', anchor: 'ci', headingPath: ['Continuous integration'] });
  });

  it('finds identifiers and gives a snippet and the context', () => {
    const [result] = search(index, 'OLLAMA_HOST');
    expect(result).toMatchObject({ path: 'server/config', metadata: { version: 'v2', groups: ['Operate'] } });
    expect(result?.snippet).toContain('OLLAMA_HOST');
  });

  it('prefers the default version and language unless the filter names others', () => {
    expect(search(index, 'install the cli')[0]?.path).toBe('quickstart');
    expect(search(index, 'install the cli', { filter: { version: 'v1' } }).map((result) => result.path)).toEqual(['v1/quickstart']);
    expect(search(index, 'installez la CLI', { filter: { language: 'fr' } }).map((result) => result.path)).toEqual(['fr/quickstart']);
    expect(search(index, 'invoices', { filter: { groups: ['Operate'] } })).toEqual([]);
    expect(search(index, 'invoices', { filter: { groups: ['Account'] } })[0]?.path).toBe('billing');
  });

  it('uses the previous question for follow-ups', () => {
    expect(search(index, 'and in CI?', { previousQuery: 'how do I log in to the CLI' })[0]).toMatchObject({ path: 'quickstart', anchor: 'ci' });
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
