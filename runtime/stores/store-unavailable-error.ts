/** A storage backend (SQLite file, Redis) that cannot serve the request right now; maps to HTTP 503. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
