import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchArtifactSchema from '../../schemas/search-artifact.schema.json' with { type: 'json' };
import { createSectionEmbedder } from '../../cli/create-section-embedder.ts';
import { parseSearchArtifactText, type SearchArtifact } from '../../contract/search/index.ts';
import { buildSite, type BuildResult } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import {
  createQueryEmbedder,
  hybridSearch,
  loadSearchIndex,
  loadSearchIndexTextInSlices,
  search,
  type SearchIndex,
} from '../../runtime/search/index.ts';
import { scopedSearch } from '../../runtime/search/search.ts';
import { refusedUrl, startEmbeddingsStub, type EmbeddingsStub } from '../helpers/embeddings-stub-server.ts';
import { keystoreSite, keystoreSynonyms } from '../helpers/keystore-site.ts';

describe('hybrid retrieval (section vectors from an OpenAI-compatible endpoint over real HTTP)', () => {
  let stub: EmbeddingsStub;
  let built: BuildResult;
  let index: SearchIndex;
  beforeAll(async () => {
    stub = await startEmbeddingsStub({ dimensions: 256, synonyms: keystoreSynonyms });
    built = await buildSite(siteSourceFromObject(keystoreSite), {
      domain: 'keystore',
      embedder: createSectionEmbedder({ url: stub.url, model: 'stub-embed', apiKey: 'sk-test' }),
    });
    index = await loadSearchIndexTextInSlices(built.files.get('search.json') as string);
  });
  afterAll(async () => {
    await stub.close();
  });

  it('stores one vector per distinct section body, int8 in base64, with the model, endpoint and dimensions', () => {
    const artifact = built.searchArtifact as SearchArtifact;
    expect(artifact.embeddings).toEqual({
      model: 'stub-embed',
      url: stub.url,
      dimensions: 256,
      encoding: 'int8-base64',
    });
    // v1/commands/dbsize is the same content as commands/dbsize (stored once); v1/commands/keys is another content
    // whose Complexity section is the same as v2's (one body, embedded once); the persistence guide's last section
    // repeats flushdb's text under another title, so it is a body, and gets a vector, of its own.
    expect(artifact.sections).toHaveLength(10);
    expect(artifact.bodies).toHaveLength(9);
    expect(artifact.vectors).toHaveLength(9);
    const complexity = artifact.sections
      .filter((section) => section.anchor === 'complexity')
      .map((section) => section.body);
    expect(complexity).toEqual([complexity[0], complexity[0]]);
    expect(
      artifact.vectors?.every((vector) => typeof vector === 'string' && Buffer.from(vector, 'base64').length === 256),
    ).toBe(true);
    const sent = stub.requests.flatMap((request) => request.inputs);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toHaveLength(9);
    expect(sent).toContain('KEYS › Complexity\nLinear in the size of the dataset.');
    expect(stub.requests[0]).toMatchObject({ model: 'stub-embed', authorization: 'Bearer sk-test' });
    expect(sent[0]).toBe('DBSIZE\nReturns the total of entries stored in the selected keyspace.');
    const validate = new Ajv({ strict: false }).compile(searchArtifactSchema);
    expect(validate(JSON.parse(built.files.get('search.json') as string)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('writes the vectors one per line, after the pages, so that the runtime parses them in slices', () => {
    const text = built.files.get('search.json') as string;
    const lines = text.split('\n');
    expect(lines[0]).toContain('"embeddings":{"model":"stub-embed"');
    expect(lines.indexOf('"vectors":[')).toBeGreaterThan(lines.indexOf('"pages":['));
    const parser = parseSearchArtifactText(text);
    let step = parser.next();
    while (!step.done) step = parser.next();
    expect((step.value as SearchArtifact).vectors).toEqual(built.searchArtifact?.vectors);
    expect(index.vectors?.values).toHaveLength(9 * 256);
    const complexity = index.sections.flatMap((section, document) =>
      section.anchor === 'complexity' ? [document] : [],
    );
    expect(complexity).toHaveLength(2);
    expect(index.vectors?.rowOfSection?.[complexity[0] as number]).toBe(
      index.vectors?.rowOfSection?.[complexity[1] as number],
    );
  });

  it('breaks near-ties by meaning, re-ranks, and brings in a page whose words the question does not share', async () => {
    const embedQuery = createQueryEmbedder();
    const lexical = (query: string): string[] => search(index, query).map((result) => result.path);
    const hybrid = async (query: string, vectorWeight?: number): Promise<string[]> =>
      (await hybridSearch(index, query, { embedQuery, ...(vectorWeight === undefined ? {} : { vectorWeight }) })).map(
        (result) => result.path,
      );
    // "wipe" means "delete" to the vectors only: FLUSHDB, third by a few per cent lexically, comes first.
    expect(lexical('wipe the database')).toEqual([
      'commands/keys',
      'commands/scan',
      'commands/flushdb',
      'guides/persistence',
    ]);
    expect(await hybrid('wipe the database')).toEqual([
      'commands/flushdb',
      'commands/keys',
      'commands/scan',
      'guides/persistence',
      'commands/dbsize',
    ]);
    expect(stub.requests.at(-1)).toMatchObject({ inputs: ['wipe the database'], authorization: undefined });
    // A clear lexical winner stays first at the default weight; the vectors re-order the rest.
    expect(lexical('remove all keys from the database')).toEqual([
      'commands/keys',
      'commands/scan',
      'commands/flushdb',
      'guides/persistence',
    ]);
    expect(await hybrid('remove all keys from the database')).toEqual([
      'commands/keys',
      'commands/flushdb',
      'commands/scan',
      'guides/persistence',
      'commands/dbsize',
    ]);
    expect((await hybrid('remove all keys from the database', 1))[0]).toBe('commands/flushdb');
    // DBSIZE shares no word with the question: only the vectors find it.
    expect(lexical('how many keys are in my database')).not.toContain('commands/dbsize');
    expect(await hybrid('how many keys are in my database')).toContain('commands/dbsize');
  });

  it('keeps the scope: the default version wins, a filter restricts', async () => {
    const embedQuery = createQueryEmbedder();
    const results = await hybridSearch(index, 'how many keys are in my database', { embedQuery, pageSize: 10 });
    expect(results.map((result) => result.path).filter((path) => path.startsWith('v1/'))).toEqual([]);
    expect(results.find((result) => result.path === 'commands/dbsize')?.metadata).toMatchObject({
      version: 'v2',
      otherLocations: [{ path: 'v1/commands/dbsize', version: 'v1' }],
    });
    const v1 = await hybridSearch(index, 'how many keys are in my database', { embedQuery, filter: { version: 'v1' } });
    expect(v1.map((result) => result.path).sort()).toEqual(['v1/commands/dbsize', 'v1/commands/keys']);
  });

  it('ranks the vectors in the scope search() preferred: the versions the question names', async () => {
    const question = 'how many keys are in my v1 database';
    expect(scopedSearch(index, question).scope).toEqual({ defaultsOnly: true, versions: ['v1'] });
    expect(scopedSearch(index, question, { filter: { version: 'v2' } }).scope).toEqual({
      filter: { version: 'v2' },
      defaultsOnly: true,
    });
    expect(scopedSearch(index, 'the and of')).toEqual({ results: [] });
    const named = await hybridSearch(index, question, { embedQuery: createQueryEmbedder(), pageSize: 10 });
    expect(named.map((result) => result.path).sort()).toEqual(['v1/commands/dbsize', 'v1/commands/keys']);
  });

  it('caches question vectors, and never turns an empty lexical result into results', async () => {
    const embedQuery = createQueryEmbedder();
    await hybridSearch(index, 'count the keys', { embedQuery });
    const requests = stub.requests.length;
    await hybridSearch(index, 'count the keys', { embedQuery });
    expect(stub.requests.length).toBe(requests);
    expect(await hybridSearch(index, 'zzzz qqqq', { embedQuery })).toEqual([]);
    expect(stub.requests.length).toBe(requests);
  });

  it('answers lexically, and says why, when the endpoint is down, slow or returns the wrong length', async () => {
    const query = 'how many keys are in my database';
    const expected = search(index, query).map((result) => result.path);
    const errors: string[] = [];
    const onEmbeddingError = (error: unknown): void => void errors.push((error as Error).message);
    const down = createQueryEmbedder({ url: await refusedUrl() });
    expect(
      (await hybridSearch(index, query, { embedQuery: down, onEmbeddingError })).map((result) => result.path),
    ).toEqual(expected);
    stub.delayMs = 2000;
    const slow = createQueryEmbedder({ timeoutMs: 100 });
    expect(
      (await hybridSearch(index, query, { embedQuery: slow, onEmbeddingError })).map((result) => result.path),
    ).toEqual(expected);
    stub.delayMs = 0;
    const short = async (): Promise<number[]> => [1, 0, 0];
    expect(
      (await hybridSearch(index, query, { embedQuery: short, onEmbeddingError })).map((result) => result.path),
    ).toEqual(expected);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/Cannot connect to API: .*ECONNREFUSED/);
    expect(errors[1]).toMatch(/abort|timeout/i);
    expect(errors[2]).toBe("the endpoint returned a 3-dimensional vector, the site's have 256");
  });

  it('refuses an artifact whose vectors are malformed, naming what is wrong', () => {
    const artifact = JSON.parse(built.files.get('search.json') as string) as SearchArtifact;
    const load = (change: Partial<SearchArtifact>): unknown => loadSearchIndex({ ...artifact, ...change });
    expect(() => load({ vectors: (artifact.vectors ?? []).slice(1) })).toThrow(
      'search artifact has not one vector per section body',
    );
    expect(() => load({ vectors: ['AAA=', ...(artifact.vectors ?? []).slice(1)] })).toThrow(
      'search artifact holds a malformed vector for section body 0',
    );
    expect(() => load({ vectors: [...(artifact.vectors ?? []).slice(0, -1), 9] })).toThrow(
      'search artifact holds a malformed vector for section body 8',
    );
    expect(() =>
      load({ embeddings: { ...(artifact.embeddings as NonNullable<SearchArtifact['embeddings']>), dimensions: 0 } }),
    ).toThrow(/without a usable `embeddings` description/);
    expect(() => loadSearchIndex({ ...artifact, embeddings: undefined })).toThrow(
      /without a usable `embeddings` description/,
    );
  });

  it('calls no endpoint for a site built without vectors (its built-in word vectors re-order the same pages), and is search() itself without an embedder', async () => {
    const plain = await buildSite(siteSourceFromObject(keystoreSite), { domain: 'keystore' });
    const lexicalIndex = loadSearchIndex(JSON.parse(plain.files.get('search.json') as string));
    const embedQuery = createQueryEmbedder();
    const requests = stub.requests.length;
    for (const query of ['how many keys are in my database', 'remove all keys from the database']) {
      const paths = (results: { path: string }[]) => results.map((result) => result.path).sort();
      expect(paths(await hybridSearch(lexicalIndex, query, { embedQuery }))).toEqual(
        paths(search(lexicalIndex, query)),
      );
      expect(await hybridSearch(index, query)).toEqual(search(index, query));
    }
    expect(stub.requests.length).toBe(requests);
  });
});
