import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { refusedUrl, startEmbeddingsStub, type EmbeddingsStub } from '../helpers/embeddings-stub-server.ts';
import { keystoreSite, keystoreSynonyms } from '../helpers/keystore-site.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

/** Runs the real CLI with extra environment variables; resolves to its exit code and output, whatever the code. */
async function docsmith(
  environment: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    // A command that should fail at start but serves instead is killed, not left running after the test.
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...process.env, ...environment },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe('docsmith build --embeddings-url, then serve (stub endpoint on a real socket)', { timeout: 60_000 }, () => {
  let directory: string;
  let site: string;
  let stub: EmbeddingsStub;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-embeddings-'));
    site = path.join(directory, 'keystore');
    for (const [file, text] of Object.entries(keystoreSite)) {
      await mkdir(path.dirname(path.join(site, file)), { recursive: true });
      await writeFile(path.join(site, file), text);
    }
    stub = await startEmbeddingsStub({ dimensions: 256, synonyms: keystoreSynonyms });
  });
  afterAll(async () => {
    await stub.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses embeddings options without --embeddings-url, and a URL that is not http(s)', async () => {
    expect(
      await docsmith(
        {},
        'build',
        site,
        '--no-cache',
        '--out',
        path.join(directory, 'unused'),
        '--embeddings-model',
        'x',
      ),
    ).toMatchObject({
      code: 2,
      stderr: 'docsmith build: --embeddings-model and --embeddings-dimensions need --embeddings-url\n',
    });
    expect((await docsmith({}, 'build', site, '--embeddings-url', 'ftp://x')).stderr).toContain(
      "option '--embeddings-url <url>' argument 'ftp://x' is invalid. expected an http:// or https:// URL",
    );
  });

  it('serve refuses a malformed embeddings setting before it starts', async () => {
    const data = path.join(directory, 'serve-data');
    expect(
      await docsmith(
        { DOCSMITH_EMBEDDINGS_TIMEOUT_MS: 'soon' },
        'serve',
        '--artifacts',
        directory,
        '--data',
        data,
        '--port',
        '0',
      ),
    ).toMatchObject({
      code: 2,
      stderr: 'docsmith serve: Unexpected DOCSMITH_EMBEDDINGS_TIMEOUT_MS=soon, expected a whole number ≥ 1\n',
    });
    expect(
      await docsmith(
        { DOCSMITH_EMBEDDINGS_URL: 'localhost:8000' },
        'serve',
        '--artifacts',
        directory,
        '--data',
        data,
        '--port',
        '0',
      ),
    ).toMatchObject({
      code: 2,
      stderr:
        'docsmith serve: Unexpected DOCSMITH_EMBEDDINGS_URL=localhost:8000, expected an http:// or https:// URL\n',
    });
  });

  it('fails with one line, no stack trace, when the endpoint is down', async () => {
    const url = await refusedUrl();
    const down = await docsmith(
      { DOCSMITH_EMBEDDINGS_RETRIES: '0' },
      'build',
      site,
      '--no-cache',
      '--quiet',
      '--out',
      path.join(directory, 'down'),
      '--publish',
      '--embeddings-url',
      url,
    );
    expect(down).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `docsmith build: cannot reach the embeddings endpoint ${url} (ECONNREFUSED); is it running?\n`,
    });
  });

  const artifacts = (): string => path.join(directory, 'dist');
  it('builds and publishes section vectors made with the model, the key from the environment', async () => {
    const built = await docsmith(
      { DOCSMITH_EMBEDDINGS_API_KEY: 'sk-build' },
      'build',
      site,
      '--no-cache',
      '--quiet',
      '--out',
      path.join(artifacts(), 'keystore'),
      '--publish',
      '--embeddings-url',
      stub.url,
      '--embeddings-model',
      'stub-embed',
    );
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(
      /^keystore: built 7 pages \(0 endpoint pages\), 9 section vectors \(stub-embed, 256 dimensions\), 0 warnings, 0 errors in [\d.]+s → .*, published\n$/,
    );
    expect(
      stub.requests.every((request) => request.authorization === 'Bearer sk-build' && request.model === 'stub-embed'),
    ).toBe(true);
    const { buildId } = JSON.parse(await readFile(path.join(artifacts(), 'keystore', 'current'), 'utf8')) as {
      buildId: string;
    };
    const artifact = JSON.parse(
      await readFile(path.join(artifacts(), 'keystore', 'builds', buildId, 'search.json'), 'utf8'),
    ) as { embeddings: unknown; vectors: unknown[] };
    expect(artifact.embeddings).toEqual({
      model: 'stub-embed',
      url: stub.url,
      dimensions: 256,
      encoding: 'int8-base64',
    });
    expect(artifact.vectors).toHaveLength(9);
  });

  it('search ranks like the assistant: hybrid with the endpoint, lexical with --no-embeddings or when it is down', async () => {
    const build = path.join(artifacts(), 'keystore');
    const first = (output: string): string => (JSON.parse(output) as { path: string }[])[0]?.path ?? '';
    expect(first((await docsmith({}, 'search', build, 'wipe the database', '--format', 'json')).stdout)).toBe(
      'commands/flushdb',
    );
    expect(
      first((await docsmith({}, 'search', build, 'wipe the database', '--format', 'json', '--no-embeddings')).stdout),
    ).toBe('commands/keys');
    const url = await refusedUrl();
    const down = await docsmith(
      { DOCSMITH_EMBEDDINGS_URL: url },
      'search',
      build,
      'wipe the database',
      '--format',
      'json',
    );
    expect(first(down.stdout)).toBe('commands/keys');
    expect(down.stderr).toMatch(
      /^docsmith search: query not embedded \(Cannot connect to API: .*ECONNREFUSED.*\); lexical results\n$/,
    );
  });

  it('keeps vectors in the build cache: an unchanged rebuild sends nothing and writes nothing new', async () => {
    const args = [
      'build',
      site,
      '--quiet',
      '--cache-dir',
      path.join(directory, 'cache'),
      '--out',
      path.join(directory, 'cached', 'keystore'),
      '--embeddings-url',
      stub.url,
      '--embeddings-model',
      'stub-embed',
    ];
    expect((await docsmith({}, ...args)).stdout).toContain('9 section vectors (stub-embed, 256 dimensions),');
    const sent = stub.requests.length;
    const again = await docsmith({}, ...args);
    expect(again.stdout).toContain('9 section vectors (stub-embed, 256 dimensions, 9 from the cache),');
    expect(again.stdout).toContain('(unchanged)');
    expect(stub.requests.length).toBe(sent);
  });

  describe('serving the build', () => {
    let app: FastifyInstance;
    let key: string;
    const logLines: string[] = [];
    beforeAll(async () => {
      const keys = createKeyStore({ file: path.join(directory, 'data', 'keys.json') });
      key = keys.create({ domains: ['keystore'], org: 'org-1' }).key;
      const stream = new Writable({
        write: (chunk: Buffer, _encoding, done) => done(void logLines.push(chunk.toString())),
      });
      app = await buildApp({
        artifactsDir: artifacts(),
        dataDir: path.join(directory, 'data'),
        logger: { stream, level: 'warn' },
        limitStore: 'memory',
        embeddings: { apiKey: 'sk-serve', timeoutMs: 1000 },
      });
    });
    afterAll(async () => {
      await app.close();
    });
    const searchFor = (query: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/search/keystore',
        headers: { authorization: `Bearer ${key}` },
        payload: { query, pageSize: 5 },
      });

    it('embeds the question at the endpoint the artifact names and fuses the rankings', async () => {
      const response = await searchFor('wipe the database');
      expect(response.statusCode).toBe(200);
      expect((response.json() as { path: string }[]).map((result) => result.path)[0]).toBe('/commands/flushdb');
      expect(stub.requests.at(-1)).toMatchObject({
        inputs: ['wipe the database'],
        model: 'stub-embed',
        authorization: 'Bearer sk-serve',
      });
      const answer = await app.inject({
        method: 'POST',
        url: '/v1/assistant/keystore/message',
        headers: { authorization: `Bearer ${key}` },
        payload: { fp: 'fp-1', messages: [{ id: 'm1', role: 'user', content: 'how many keys are in my database' }] },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toMatch(sourceUrl('commands/dbsize'));
    });

    it('answers lexically, with a warning in the log, when the endpoint is down', async () => {
      await stub.close();
      // Other wording than above: those questions' vectors are in the cache.
      const response = await searchFor('wipe my database');
      expect(response.statusCode).toBe(200);
      expect((response.json() as { path: string }[]).map((result) => result.path)[0]).toBe('/commands/keys');
      const answer = await app.inject({
        method: 'POST',
        url: '/v1/assistant/keystore/message',
        headers: { authorization: `Bearer ${key}` },
        payload: { fp: 'fp-1', messages: [{ id: 'm1', role: 'user', content: 'how many keys are in the database' }] },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toMatch(sourceUrl('commands/keys'));
      expect(answer.body).not.toMatch(sourceUrl('commands/dbsize'));
      const warnings = logLines.map(
        (line) => JSON.parse(line) as { msg: string; domain: string; error: { message: string } },
      );
      expect(warnings.map((line) => line.msg)).toEqual([
        'question not embedded; lexical retrieval only',
        'question not embedded; lexical retrieval only',
      ]);
      expect(warnings[0]).toMatchObject({
        domain: 'keystore',
        error: { message: expect.stringMatching(/^Cannot connect to API: /) },
      });
    });
  });
});

/** A source URL of the keystore site's page as the stream carries it: its Markdown on the runtime, signed for the key (decision 0282). */
function sourceUrl(pagePath: string): RegExp {
  return new RegExp(`"url":"http://localhost:80/sites/keystore/${pagePath}\\.md\\?sig=[0-9a-f]{12}\\.[\\w-]{22}"`);
}
