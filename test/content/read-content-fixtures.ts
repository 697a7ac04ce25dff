import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Reads every file of a folder of test/fixtures (default `content`) into a map of site-relative POSIX path → text. */
export function readContentFixtures(folder = 'content'): Map<string, string> {
  const root = path.join(import.meta.dirname, '../fixtures', folder);
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, absolute).split(path.sep).join('/'), readFileSync(absolute, 'utf8'));
  }
  return files;
}
