import { hash } from 'node:crypto';
import { prepareTerms, type PrepareTerms } from '../../contract/search/index.ts';
import type { ParsedPage } from '../content/parsed-page.ts';

/** Where the page cache keeps its one text between builds; the CLI implements it with a file. */
export interface PageCacheStorage {
  /** The text saved last, or undefined when there is none (or it cannot be read). */
  read(): Promise<string | undefined>;
  /** Replaces the saved text atomically. */
  write(text: string): Promise<void>;
}

/** A parsed page remembered with the hashes of the snippet files it inlined. */
interface CacheEntry {
  parsed: ParsedPage;
  imports: Record<string, string>;
}

/** Content-hash cache of parsed pages and of prepared search terms, kept as one text in its storage. */
export interface PageCache {
  /** The cached parse of this exact file and text, if every snippet it inlined is unchanged. */
  lookup(file: string, text: string, readFile: (file: string) => string | undefined): ParsedPage | undefined;
  /** Remembers a parse (the texts of its imports are hashed now). */
  store(text: string, parsed: ParsedPage, readFile: (file: string) => string | undefined): void;
  /** `prepareTerms`, remembered by a hash of the language and the text. */
  prepareTerms: PrepareTerms;
  /** Writes the cache atomically, keeping only the entries used or stored by this build. */
  save(): Promise<void>;
  readonly hits: number;
  /** Texts whose prepared terms came from the cache / had to be prepared. */
  readonly termHits: number;
  readonly termMisses: number;
}

/**
 * Opens the page cache of a site from its storage. `version` names the parser that produced the entries; a
 * different version (a new docsmith) starts empty. An unreadable or corrupt cache starts empty too.
 */
export async function openPageCache(storage: PageCacheStorage, version: string): Promise<PageCache> {
  let stored: Record<string, CacheEntry> = {};
  let storedTerms: Record<string, string> = {};
  try {
    const data = JSON.parse((await storage.read()) ?? '{}') as { version?: string; entries?: Record<string, CacheEntry>; terms?: Record<string, string> };
    if (data.version === version && data.entries && data.terms) {
      stored = data.entries;
      storedTerms = data.terms;
    }
  } catch {
    stored = {};
  }
  const kept: Record<string, CacheEntry> = {};
  const keptTerms: Record<string, string> = {};
  let hits = 0;
  let termHits = 0;
  let termMisses = 0;
  const keyOf = (file: string, text: string): string => sha256(`${file}\0${text}`);
  return {
    lookup(file, text, read) {
      const key = keyOf(file, text);
      const entry = stored[key];
      if (!entry) return undefined;
      for (const [imported, hash] of Object.entries(entry.imports)) {
        const current = read(imported);
        if (current === undefined || sha256(current) !== hash) return undefined;
      }
      kept[key] = entry;
      hits += 1;
      return entry.parsed;
    },
    store(text, parsed, read) {
      const imports: Record<string, string> = {};
      for (const imported of parsed.imports) {
        const current = read(imported);
        if (current !== undefined) imports[imported] = sha256(current);
      }
      kept[keyOf(parsed.file, text)] = { parsed, imports };
    },
    prepareTerms(text, language) {
      const key = hash('sha1', `${language ?? ''}\0${text}`, 'base64');
      let terms = keptTerms[key] ?? storedTerms[key];
      if (terms === undefined) {
        terms = prepareTerms(text, language);
        termMisses += 1;
      } else {
        termHits += 1;
      }
      keptTerms[key] = terms;
      return terms;
    },
    async save() {
      await storage.write(JSON.stringify({ version, entries: kept, terms: keptTerms }));
    },
    get hits() {
      return hits;
    },
    get termHits() {
      return termHits;
    },
    get termMisses() {
      return termMisses;
    },
  };
}

function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}
