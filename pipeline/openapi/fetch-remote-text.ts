/**
 * Fetches the text of an http(s) URL, or rejects with an Error whose message is one line for the user. The pipeline
 * never opens a connection itself: the CLI passes its bounded fetcher (`--allow-network`, `cli/remote-text-fetcher.ts`)
 * and tests pass one that answers from memory.
 */
export type FetchRemoteText = (url: string) => Promise<string>;
