import type { FetchRemoteText } from '../pipeline/openapi/fetch-remote-text.ts';
import { MAX_FILE_BYTES } from '../pipeline/site/unreadable-file-reason.ts';

/** Options of `remoteTextFetcher`; the defaults are documented in docs/reference/limits.mdx. */
export interface RemoteTextFetcherOptions {
  /** Time for one URL, redirects and body included, in ms (default 15,000). */
  timeoutMs?: number;
  /** Largest body read, in bytes (default 10 MiB, the limit of a site file). */
  maxBytes?: number;
  /** Redirects followed (default 5); each must lead to another http(s) URL. */
  maxRedirects?: number;
}

/**
 * The build's fetcher of remote specs and remote spec `$ref`s (`--allow-network`): http(s) URLs only, redirects
 * followed by hand so that none leads to another scheme, a timeout over the whole exchange and a cap on the body read
 * (the body is read as a stream and dropped past the cap). Rejects with a one-line reason.
 */
export function remoteTextFetcher(options: RemoteTextFetcherOptions = {}): FetchRemoteText {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  const maxRedirects = options.maxRedirects ?? 5;
  return async (url) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let target = new URL(url);
    for (let redirects = 0; ; redirects += 1) {
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw new Error(
          `Unexpected ${redirects > 0 ? 'redirect to a ' : ''}\`${target.protocol}\` URL, expected http(s)`,
        );
      const response = await fetch(target, { redirect: 'manual', signal }).catch((error: unknown) => {
        throw new Error(describeFailure(error, timeoutMs));
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        if (redirects === maxRedirects) throw new Error(`more than ${maxRedirects} redirects`);
        target = new URL(location, target);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`HTTP ${response.status}`);
      }
      return readCapped(response, maxBytes, timeoutMs);
    }
  };
}

/** The body as UTF-8 text, refused once it passes `maxBytes` (announced or read). */
async function readCapped(response: Response, maxBytes: number, timeoutMs: number): Promise<string> {
  const limit =
    maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw new Error(`larger than ${limit}`);
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = (await reader?.read().catch((error: unknown) => {
      throw new Error(describeFailure(error, timeoutMs));
    })) ?? { done: true, value: undefined };
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader?.cancel();
      throw new Error(`larger than ${limit}`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  return failure.cause?.code ?? failure.cause?.message ?? failure.message ?? String(error);
}
