/** How many texts a memoised function remembers before it starts afresh. */
const MAX_CACHED_TEXTS = 2000;

/**
 * Memoises a function of a source text: answers quote sections of a few artifacts, asked again and again, so the
 * work done on a section's text is kept (at most 2,000 texts; the cache is cleared when full).
 */
export function memoiseByText<T>(compute: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let value = cache.get(text);
    if (value === undefined) {
      value = compute(text);
      if (cache.size >= MAX_CACHED_TEXTS) cache.clear();
      cache.set(text, value);
    }
    return value;
  };
}
