import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageCacheStorage } from '../pipeline/site-model/page-cache-storage.ts';

/** A build cache's storage as `<cacheDir>/<fileName>` (default `pages.json`, the page cache), replaced atomically (temp file, then rename). */
export function fileCacheStorage(cacheDir: string, fileName = 'pages.json'): PageCacheStorage {
  const cacheFile = path.join(cacheDir, fileName);
  return {
    read: () => readFile(cacheFile, 'utf8').catch(() => undefined),
    async write(text) {
      await mkdir(cacheDir, { recursive: true });
      const temporary = `${cacheFile}.tmp-${process.pid}`;
      await writeFile(temporary, text);
      await rename(temporary, cacheFile);
    },
  };
}
