/** The keys file exists but cannot be read as keys (bad JSON, no `keys` list): writing it would lose the keys it holds. */
export class KeyFileError extends Error {
  override name = 'KeyFileError';
}
