/** The first line of an error's message (or of a thrown value), for a one-line diagnostic. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
