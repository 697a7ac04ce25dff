import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The checkout's root folder. */
export const checkoutRoot = path.resolve(import.meta.dirname, '../..');

/** The `.ts`, `.js` and `.mjs` files under the given top-level folders of the checkout, relative to its root. */
export function sourceFiles(folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(checkoutRoot, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(?:ts|js|mjs)$/.test(entry.name))
      .map((entry) => path.relative(checkoutRoot, path.join(entry.parentPath, entry.name))),
  );
}
