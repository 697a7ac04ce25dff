import { hash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParsedPage } from '../pipeline/content/parsed-page.ts';
import { prepareTerms, type PrepareTerms } from '../contract/search/index.ts';

/** A parsed page remembered with the hashes of the snippet files it inlined. */
interface CacheEntry {
  parsed: ParsedPage;
  imports: Record<string, string>;
}

/** Content-hash cache of parsed pages and of prepared search terms, kept in one file under the cache directory. */
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
 * Opens the page cache of a site (`<cacheDir>/pages.json`). `version` names the parser that produced the
 * entries; a different version (a new docsmith) starts empty. An unreadable or corrupt cache starts empty too.
 */
export async function openPageCache(cacheDir: string, version: string): Promise<PageCache> {
  const cacheFile = path.join(cacheDir, 'pages.json');
  let stored: Record<string, CacheEntry> = {};
  let storedTerms: Record<string, string> = {};
  try {
    const data = JSON.parse(await readFile(cacheFile, 'utf8')) as { version?: string; entries?: Record<string, CacheEntry>; terms?: Record<string, string> };
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
      await mkdir(cacheDir, { recursive: true });
      const temporary = `${cacheFile}.tmp-${process.pid}`;
      await writeFile(temporary, JSON.stringify({ version, entries: kept, terms: keptTerms }));
      await rename(temporary, cacheFile);
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
