import { LRUCache } from 'lru-cache';

/** How many texts a memoised function remembers (the least recently used are forgotten first). */
const MAX_CACHED_TEXTS = 2000;

/**
 * Memoises a function of a source text: answers quote sections of a few artifacts, asked again and again, so the
 * work done on a section's text is kept (the 2,000 texts used last).
 */
export function memoizeByText<T extends NonNullable<unknown>>(compute: (text: string) => T): (text: string) => T {
  const cache = new LRUCache<string, T>({ max: MAX_CACHED_TEXTS });
  return (text) => {
    let value = cache.get(text);
    if (value === undefined) {
      value = compute(text);
      cache.set(text, value);
    }
    return value;
  };
}
