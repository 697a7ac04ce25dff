import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './error-catalog.ts';

/** A built browser file with its precompressed forms (`.br`, `.gz` beside it, written by scripts/build-web.mjs). */
export interface WebAsset {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Strong ETag of the file's bytes (the same for every encoding of it, each answer varying by Accept-Encoding). */
  etag: string;
}

/** The built files of a folder, read on first use and again when a file changes (a rebuild under `docsmith dev`). */
export interface WebAssets {
  /** The file, or undefined when the folder does not hold it. */
  get(name: string): Promise<WebAsset | undefined>;
  /** The name of the current content-hashed bundle of a prefix (`widget` → `widget.<hash>.js`), or undefined when none is built. */
  currentBundle(prefix: string): Promise<string | undefined>;
}

/** The name of a content-hashed bundle of `prefix`. */
export function isHashedBundle(name: string, prefix: string): boolean {
  return name.startsWith(`${prefix}.`) && /^\.[0-9a-f]{12}\.js$/.test(name.slice(prefix.length));
}

/** Opens the built browser files of `directory`. */
export function createWebAssets(directory: string): WebAssets {
  const cache = new Map<string, { mtimeMs: number; asset: Promise<WebAsset> }>();
  return {
    async get(name) {
      const info = await stat(path.join(directory, name)).catch(() => undefined);
      if (!info?.isFile()) {
        cache.delete(name);
        return undefined;
      }
      let cached = cache.get(name);
      if (cached?.mtimeMs !== info.mtimeMs) {
        cached = { mtimeMs: info.mtimeMs, asset: readAsset(path.join(directory, name)) };
        cache.set(name, cached);
        cached.asset.catch(() => cache.delete(name));
      }
      return cached.asset;
    },
    async currentBundle(prefix) {
      const names = (await readdir(directory).catch(() => [] as string[])).filter((name) =>
        isHashedBundle(name, prefix),
      );
      if (names.length <= 1) return names[0];
      const times = await Promise.all(
        names.map(async (name) => ({ name, mtimeMs: (await stat(path.join(directory, name))).mtimeMs })),
      );
      return times.sort((first, second) => second.mtimeMs - first.mtimeMs)[0]?.name;
    },
  };
}

async function readAsset(file: string): Promise<WebAsset> {
  const [identity, br, gzip] = await Promise.all([
    readFile(file),
    readFile(`${file}.br`).catch(() => undefined),
    readFile(`${file}.gz`).catch(() => undefined),
  ]);
  return {
    identity,
    ...(br ? { br } : {}),
    ...(gzip ? { gzip } : {}),
    etag: `"${createHash('sha256').update(identity).digest('hex').slice(0, 32)}"`,
  };
}

/**
 * The encoding to send for an `Accept-Encoding` header among those the asset has: brotli, then gzip, then the
 * plain bytes; a coding with `q=0` is refused, `*` stands for any coding not named.
 */
export function chooseEncoding(header: string | undefined, asset: WebAsset): 'br' | 'gzip' | 'identity' {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [coding, ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!coding) continue;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    weights.set(coding, quality ? Number(quality.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string): boolean => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (asset.br && accepts('br')) return 'br';
  if (asset.gzip && accepts('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Answers a built script: 503 `web_client_missing` when it is not built, else its bytes in the encoding the browser
 * accepts, with a strong ETag (304 when it matches), `Vary: Accept-Encoding` and `cacheControl`.
 */
export async function sendWebAsset(
  asset: WebAsset | undefined,
  cacheControl: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (!asset) throw new ApiError('web_client_missing');
  const vary = reply.getHeader('vary');
  reply
    .type('text/javascript; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('etag', asset.etag)
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding'], asset);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.identity);
}
