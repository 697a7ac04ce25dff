import { splitList } from './split-list.ts';

/** A commander collector of a comma-separated, repeatable list flag. */
export function collectList(value: string, previous: string[]): string[] {
  return [...previous, ...splitList(value)];
}
