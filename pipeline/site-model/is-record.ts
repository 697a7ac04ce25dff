/** Whether a JSON value is an object (not null, not an array): the one guard for walking user-written JSON. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
