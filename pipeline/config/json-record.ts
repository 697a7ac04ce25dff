/** A JSON object, as a configuration holds one. */
export type Json = Record<string, unknown>;

/** A JSON value read as an object: itself when it is one (not an array), else an empty object. */
export function jsonRecord(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}
