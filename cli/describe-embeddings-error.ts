import { APICallError, RetryError } from 'ai';
import { EmbeddingsError } from '../pipeline/embeddings/section-embedder.ts';

/**
 * One line saying why the build's embeddings failed, for `docsmith build` to print instead of a stack trace:
 * the endpoint unreachable (with the system's code), an HTTP status and the first line of its message, the
 * number of attempts, or what was wrong with the vectors. Undefined for errors that are not about embeddings.
 */
export function describeEmbeddingsError(error: unknown, url: string): string | undefined {
  if (error instanceof EmbeddingsError) return `embeddings endpoint ${url}: ${error.message}`;
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (!APICallError.isInstance(last)) return undefined;
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  if (last.statusCode === undefined)
    return `cannot reach the embeddings endpoint ${url} (${systemCode(last.cause) ?? firstLine(last.message).replace(/^Cannot connect to API: /, '')})${tries}; is it running?`;
  return `embeddings endpoint ${url} answered HTTP ${last.statusCode}${tries}: ${firstLine(last.message)}`;
}

function systemCode(cause: unknown): string | undefined {
  for (
    let current = cause, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? '').slice(0, 200);
}
