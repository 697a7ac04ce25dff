/** Where the page cache (and the section embedder's cache) keeps its one text between builds; the CLI implements it with a file. */
export interface PageCacheStorage {
  /** The text saved last, or undefined when there is none (or it cannot be read). */
  read(): Promise<string | undefined>;
  /** Replaces the saved text atomically. */
  write(text: string): Promise<void>;
}
