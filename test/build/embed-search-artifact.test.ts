import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSectionEmbedder } from '../../cli/create-section-embedder.ts';
import { describeEmbeddingsError } from '../../cli/describe-embeddings-error.ts';
import { buildSearchModel, serializeSearchArtifact } from '../../contract/search/index.ts';
import { decodeVector, encodeVector } from '../../contract/search/int8-vector-encoding.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { cachedSectionEmbedder } from '../../pipeline/embeddings/cached-section-embedder.ts';
import { embedSearchArtifact } from '../../pipeline/embeddings/embed-search-artifact.ts';
import { EmbeddingsError, type SectionEmbedder } from '../../pipeline/embeddings/section-embedder.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { refusedUrl, startEmbeddingsStub, type EmbeddingsStub } from '../helpers/embeddings-stub-server.ts';
import { keystoreSite } from '../helpers/keystore-site.ts';
import { section } from '../helpers/section-record.ts';

const artifact = buildSearchModel([section('a', 'Alpha', 'First page.'), section('b', 'Beta', 'Second page.')]);
const embedderOf = (embed: SectionEmbedder['embed'], extra: Partial<SectionEmbedder> = {}): SectionEmbedder => ({
  model: 'm',
  url: 'https://user:secret@embed.example.com/v1/?key=k',
  embed,
  ...extra,
});

describe('embedSearchArtifact (a pure stage around an injected embedder)', () => {
  it('encodes vectors as int8 scaled to ±127 and records the endpoint without credentials or query', async () => {
    const embedded = await embedSearchArtifact(
      artifact,
      embedderOf(async (texts) => texts.map((_, index) => [index + 1, -0.5, 0])),
    );
    expect(embedded.embeddings).toEqual({
      model: 'm',
      url: 'https://embed.example.com/v1',
      dimensions: 3,
      encoding: 'int8-base64',
    });
    const decoded = new Int8Array(3);
    expect(decodeVector(embedded.vectors?.[1] as string, decoded, 0, 3)).toBe(true);
    expect([...decoded]).toEqual([127, -32, 0]);
    expect(encodeVector([0, 0])).toBe('AAA=');
    expect(decodeVector('AAA=', decoded, 0, 3)).toBe(false);
  });

  it('rejects missing vectors, differing or unexpected lengths and non-numbers with a plain message', async () => {
    await expect(
      embedSearchArtifact(
        artifact,
        embedderOf(async () => [[1, 2]]),
      ),
    ).rejects.toThrow(new EmbeddingsError('the endpoint returned 1 vectors for 2 texts'));
    await expect(
      embedSearchArtifact(
        artifact,
        embedderOf(async () => [
          [1, 2],
          [1, 2, 3],
        ]),
      ),
    ).rejects.toThrow('unexpected 3-dimensional vector for text 2, expected 2 dimensions like the first');
    await expect(
      embedSearchArtifact(
        artifact,
        embedderOf(
          async () => [
            [1, 2],
            [1, 2],
          ],
          { dimensions: 3 },
        ),
      ),
    ).rejects.toThrow('unexpected 2-dimensional vector for text 1, expected 3 dimensions (--embeddings-dimensions)');
    await expect(
      embedSearchArtifact(
        artifact,
        embedderOf(async () => [
          [1, Number.NaN],
          [1, 2],
        ]),
      ),
    ).rejects.toThrow('vector 1 holds a non-number at component 1');
    await expect(
      embedSearchArtifact(
        artifact,
        embedderOf(async () => [[], []]),
      ),
    ).rejects.toThrow('the endpoint returned empty vectors');
  });

  it('leaves builds without an embedder byte-identical', async () => {
    const plain = await buildSite(siteSourceFromObject(keystoreSite), { domain: 'keystore' });
    const text = plain.files.get('search.json') as string;
    expect(text).toBe(serializeSearchArtifact(plain.searchArtifact as NonNullable<typeof plain.searchArtifact>));
    expect(text).not.toMatch(/embeddings|vectors/);
    expect(text.endsWith('{"path":"v1/commands/keys","content":5,"context":1}\n]}\n')).toBe(true);
  });
});

describe("the build's embeddings client against a stub endpoint", () => {
  let stub: EmbeddingsStub;
  beforeAll(async () => {
    stub = await startEmbeddingsStub({ dimensions: 8 });
  });
  afterAll(async () => {
    await stub.close();
  });

  it('batches 64 texts per request and retries a 503 and a 429, honouring Retry-After', async () => {
    const embedder = createSectionEmbedder({ url: `${stub.url}/embeddings`, model: 'stub', dimensions: 8 });
    stub.failures.push(
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 429, headers: { 'retry-after': '0' } },
    );
    const texts = Array.from({ length: 130 }, (_, index) => `text ${index}`);
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(130);
    expect(vectors.every((vector) => vector.length === 8)).toBe(true);
    const sizes = stub.requests.map((request) => request.inputs.length);
    expect(sizes.sort((a, b) => a - b)).toEqual([2, 64, 64, 64, 64]);
    expect(stub.requests.every((request) => request.dimensions === 8)).toBe(true);
  });

  it('caches vectors between builds: a rebuild sends only changed sections and writes the same bytes', async () => {
    let saved: string | undefined;
    const storage = { read: async () => saved, write: async (text: string) => void (saved = text) };
    const build = async (files: Record<string, string>, model = 'stub') => {
      const embedder = await cachedSectionEmbedder(createSectionEmbedder({ url: stub.url, model }), storage);
      const result = await buildSite(siteSourceFromObject(files), { domain: 'keystore', embedder });
      await embedder.save();
      return { text: result.files.get('search.json') as string, hits: embedder.hits, misses: embedder.misses };
    };
    const sent = (): number => stub.requests.flatMap((request) => request.inputs).length;
    const first = await build(keystoreSite);
    expect(first).toMatchObject({ hits: 0, misses: 9 });
    const before = sent();
    const again = await build(keystoreSite);
    expect(again).toEqual({ text: first.text, hits: 9, misses: 0 });
    expect(sent()).toBe(before);
    const edited = await build({
      ...keystoreSite,
      'commands/scan.mdx': '---\ntitle: SCAN\n---\n\nWalks the keyspace with a cursor.\n',
    });
    expect(edited).toMatchObject({ hits: 8, misses: 1 });
    expect(stub.requests.at(-1)?.inputs).toEqual(['SCAN\nWalks the keyspace with a cursor.']);
    expect(await build(keystoreSite, 'another-model')).toMatchObject({ hits: 0, misses: 9 });
  });

  it('fails the build with one clear line: endpoint down, an HTTP error, wrong dimensions', async () => {
    const url = await refusedUrl();
    const down = createSectionEmbedder({ url, model: 'stub', maxRetries: 1 });
    const downError = await buildSite(siteSourceFromObject(keystoreSite), { domain: 'keystore', embedder: down }).catch(
      (error: unknown) => error,
    );
    expect(describeEmbeddingsError(downError, url)).toBe(
      `cannot reach the embeddings endpoint ${url} (ECONNREFUSED) after 2 attempts; is it running?`,
    );
    stub.failures.push({ status: 401 });
    const unauthorized = await createSectionEmbedder({ url: stub.url, model: 'stub' })
      .embed(['x'])
      .catch((error: unknown) => error);
    expect(describeEmbeddingsError(unauthorized, stub.url)).toBe(
      `embeddings endpoint ${stub.url} answered HTTP 401: stub failure 401`,
    );
    stub.wrongDimensions = 5;
    const wrong = await buildSite(siteSourceFromObject(keystoreSite), {
      domain: 'keystore',
      embedder: createSectionEmbedder({ url: stub.url, model: 'stub' }),
    }).catch((error: unknown) => error);
    stub.wrongDimensions = undefined;
    expect(describeEmbeddingsError(wrong, stub.url)).toBe(
      `embeddings endpoint ${stub.url}: unexpected 5-dimensional vector for text 2, expected 8 dimensions like the first`,
    );
    expect(describeEmbeddingsError(new Error('disk full'), stub.url)).toBeUndefined();
  });
});
