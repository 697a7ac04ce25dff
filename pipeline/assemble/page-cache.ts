import { hash } from 'node:crypto';
import { prepareTerms, type PrepareTerms } from '../../contract/search/index.ts';
import type { ParsedPage } from '../content/parsed-page.ts';
import type { PageCacheStorage } from '../site-model/page-cache-storage.ts';
import { canShareParse, relocateParsedPage } from './relocate-parsed-page.ts';

/** The hash remembered for an imported file that did not exist (no sha256 is empty). */
const MISSING = '';

/** A parsed page remembered with the hashes of the snippet files it inlined. */
interface CacheEntry {
  parsed: ParsedPage;
  imports: Record<string, string>;
}

/** The saved text: parses that hold at any path by a hash of kind and text, the others by a hash of file and text. */
interface StoredCache {
  version?: string;
  shared?: Record<string, CacheEntry>;
  located?: Record<string, CacheEntry>;
  terms?: Record<string, string>;
}

/** Content-hash cache of parsed pages and of prepared search terms, kept as one text in its storage. */
export interface PageCache {
  /** The cached parse of this text at this file (identical texts of the same kind share one), if every snippet it inlined is unchanged. */
  lookup(file: string, text: string, readFile: (file: string) => string | undefined): ParsedPage | undefined;
  /** Remembers a parse (the texts of its imports are hashed now). */
  store(text: string, parsed: ParsedPage, readFile: (file: string) => string | undefined): void;
  /** `prepareTerms`, remembered by a hash of the language and the text. */
  prepareTerms: PrepareTerms;
  /** Writes the cache atomically, keeping only the entries used or stored by this build. */
  save(): Promise<void>;
  /**
   * Starts another build with the same cache (`docsmith dev`): the snippet texts are hashed afresh, so a page whose
   * snippet changed is parsed again. Entries of earlier builds stay.
   */
  nextBuild(): void;
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
  let stored: StoredCache = {};
  try {
    const data = JSON.parse((await storage.read()) ?? '{}') as StoredCache;
    if (data.version === version && data.shared && data.located && data.terms) stored = data;
  } catch {
    stored = {};
  }
  const storedShared = stored.shared ?? {};
  const storedLocated = stored.located ?? {};
  const storedTerms = stored.terms ?? {};
  const keptShared: Record<string, CacheEntry> = {};
  const keptLocated: Record<string, CacheEntry> = {};
  const keptTerms: Record<string, string> = {};
  let hits = 0;
  let termHits = 0;
  let termMisses = 0;
  // A versioned site holds the same text at many paths: each distinct text (and snippet) is hashed once per build.
  const sharedKeys = { md: new Map<string, string>(), mdx: new Map<string, string>() };
  const sharedKeyOf = (file: string, text: string): string => {
    const kind = file.endsWith('.md') ? 'md' : 'mdx';
    let key = sharedKeys[kind].get(text);
    if (key === undefined) {
      key = sha256(`${kind}\0${text}`);
      sharedKeys[kind].set(text, key);
    }
    return key;
  };
  const locatedKeyOf = (file: string, text: string): string => sha256(`${file}\0${text}`);
  const snippetHashes = new Map<string, string | undefined>();
  const snippetHash = (file: string, read: (file: string) => string | undefined): string | undefined => {
    if (!snippetHashes.has(file)) {
      const current = read(file);
      snippetHashes.set(file, current === undefined ? undefined : sha256(current));
    }
    return snippetHashes.get(file);
  };
  const unchanged = (entry: CacheEntry, read: (file: string) => string | undefined): boolean =>
    Object.entries(entry.imports).every(([imported, hash]) => (snippetHash(imported, read) ?? MISSING) === hash);
  return {
    lookup(file, text, read) {
      const sharedKey = sharedKeyOf(file, text);
      const shared = keptShared[sharedKey] ?? storedShared[sharedKey];
      if (shared && unchanged(shared, read)) {
        keptShared[sharedKey] = shared;
        hits += 1;
        return relocateParsedPage(shared.parsed, file);
      }
      const locatedKey = locatedKeyOf(file, text);
      const located = keptLocated[locatedKey] ?? storedLocated[locatedKey];
      if (!located || !unchanged(located, read)) return undefined;
      keptLocated[locatedKey] = located;
      hits += 1;
      return located.parsed;
    },
    store(text, parsed, read) {
      const shareable = canShareParse(parsed, text);
      const key = shareable ? sharedKeyOf(parsed.file, text) : locatedKeyOf(parsed.file, text);
      const kept = shareable ? keptShared : keptLocated;
      const existing = kept[key];
      if (existing && unchanged(existing, read)) return;
      const imports: Record<string, string> = {};
      // A snippet missing now is remembered as missing: the page is parsed again once it is there.
      for (const imported of parsed.imports) imports[imported] = snippetHash(imported, read) ?? MISSING;
      kept[key] = { parsed, imports };
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
      await storage.write(JSON.stringify({ version, shared: keptShared, located: keptLocated, terms: keptTerms }));
    },
    nextBuild() {
      snippetHashes.clear();
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
