/** Escapes one JSON pointer segment (`~` → `~0`, `/` → `~1`). */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unescapes one JSON pointer segment (`~1` → `/`, then `~0` → `~`). */
export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value a JSON pointer names inside `value` (`/navigation/pages/0`), or undefined when nothing is there. */
export function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const segment of pointer.split('/').slice(1)) {
    node = (node as Record<string, unknown> | undefined)?.[unescapePointer(segment)];
  }
  return node;
}
