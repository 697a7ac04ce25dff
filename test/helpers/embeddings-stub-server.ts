import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub received. */
export interface StubRequest {
  model: string;
  inputs: string[];
  authorization: string | undefined;
  dimensions: number | undefined;
}

/** A stub OpenAI-compatible `/v1/embeddings` endpoint on a real socket, with switches for failures. */
export interface EmbeddingsStub {
  /** Base URL, `http://127.0.0.1:<port>/v1`. */
  url: string;
  requests: StubRequest[];
  /** Statuses answered (in order, one per request) before the stub answers normally again. */
  failures: { status: number; headers?: Record<string, string> }[];
  /** Answer this many dimensions instead (for every vector but the first) when set. */
  wrongDimensions: number | undefined;
  /** Wait this long before answering. */
  delayMs: number;
  close(): Promise<void>;
}

/** Words the stub treats as one (a paraphrase without shared words can be made to match). */
export type Synonyms = Record<string, string>;

/**
 * A deterministic embedding: each word (lower-cased letters and digits, mapped through `synonyms`) hashed (FNV-1a)
 * into one of `dimensions` components, counted; unit length.
 */
function stubEmbedding(text: string, dimensions: number, synonyms: Synonyms = {}): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const canonical = synonyms[word] ?? word;
    let hash = 0x811c9dc5;
    for (const character of canonical) hash = Math.imul(hash ^ (character.codePointAt(0) as number), 0x01000193) >>> 0;
    vector[hash % dimensions] = (vector[hash % dimensions] as number) + 1;
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((component) => component / length);
}

/** Starts the stub on 127.0.0.1 on a free port. */
export async function startEmbeddingsStub(
  options: { dimensions?: number; synonyms?: Synonyms } = {},
): Promise<EmbeddingsStub> {
  const dimensions = options.dimensions ?? 256;
  const server = createServer((request, response) => {
    void (async () => {
      const body = JSON.parse(await readBody(request)) as {
        model: string;
        input: string | string[];
        dimensions?: number;
      };
      const inputs = typeof body.input === 'string' ? [body.input] : body.input;
      stub.requests.push({
        model: body.model,
        inputs,
        authorization: request.headers.authorization,
        dimensions: body.dimensions,
      });
      if (stub.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, stub.delayMs));
      const failure = stub.failures.shift();
      if (request.url !== '/v1/embeddings' || failure) {
        response.writeHead(failure?.status ?? 404, { 'content-type': 'application/json', ...failure?.headers });
        response.end(
          JSON.stringify({
            error: { message: failure ? `stub failure ${failure.status}` : 'not found', type: 'stub' },
          }),
        );
        return;
      }
      const data = inputs.map((input, index) => ({
        object: 'embedding',
        index,
        embedding: stubEmbedding(
          input,
          index > 0 && stub.wrongDimensions ? stub.wrongDimensions : (body.dimensions ?? dimensions),
          options.synonyms,
        ),
      }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data,
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stub: EmbeddingsStub = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests: [],
    failures: [],
    wrongDimensions: undefined,
    delayMs: 0,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** An endpoint URL on 127.0.0.1 where nothing listens (a port just freed), so connecting is refused. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}
