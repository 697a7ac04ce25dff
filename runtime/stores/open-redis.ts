import { Redis } from 'ioredis';
import { StoreUnavailableError } from './store-unavailable-error.ts';

/** Options of `openRedis`. */
export interface RedisOptions {
  /** Milliseconds a command may take before it fails (default 2000). */
  commandTimeoutMs?: number;
  /** Called with connection errors (default: ignored; the caller sees StoreUnavailableError on use). */
  onError?: (error: Error) => void;
}

/**
 * Connects to Redis so that an outage fails fast instead of hanging: one retry per command and a command
 * timeout (commands queued while connecting fail with it); connection errors never crash the process.
 */
export function openRedis(url: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  client.on('error', (error: Error) => options.onError?.(error));
  return client;
}

/** Runs a Redis operation, turning connection failures and timeouts into StoreUnavailableError. */
export async function withRedis<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new StoreUnavailableError(`Redis is unavailable: ${(error as Error).message}`);
  }
}
