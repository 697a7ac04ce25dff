import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SiteSource, SkippedFile } from '../../pipeline/site/site-source.ts';
import { mintIgnoreFilter } from '../../pipeline/site/mint-ignore.ts';
import { dotFolderReferences } from '../dot-folder-references.ts';
import { isSiteTextFile, readSiteFile, readSiteSource, SiteReadError } from '../read-site-source.ts';

/** One path of a site that changed on disk: POSIX, relative to the site root. */
export interface SiteFileChange {
  path: string;
  /** `removed` for a deleted file or folder; `changed` for one added or written. */
  kind: 'changed' | 'removed';
}

/** A site read into memory once and kept up to date file by file (`docsmith dev`). */
export interface WatchedSiteSource {
  /** The site as the build reads it; its maps and `mintIgnore` are updated in place by `apply`. */
  readonly source: SiteSource;
  /** Whether a path (relative, folders with a trailing `/`) is outside the site: a dot-folder, node_modules, or excluded by `.mintignore`. */
  isExcluded(sitePath: string): boolean;
  /**
   * Reads the files that changed (only those), drops the removed ones. A change that alters which files belong to the
   * site (`.mintignore`, a file named through a dot-folder) reads the whole site again. Resolves to how it was done:
   * `unchanged` when every path reads as it did (a save of the same bytes, a `touch`, a `chmod`), so no build is needed.
   */
  apply(changes: readonly SiteFileChange[]): Promise<'files' | 'site' | 'unchanged'>;
}

const MINT_IGNORE = '.mintignore';

/** Options of `watchedSiteSource`. */
export interface WatchedSiteSourceOptions {
  /** Told (one plain line) of a file that changed but cannot be read (permissions); its last text is kept meanwhile. */
  onUnreadable?: (message: string) => void;
}

/** Reads a site folder (as `readSiteSource` does) and returns it with the means to follow its changes. */
export async function watchedSiteSource(
  root: string,
  options: WatchedSiteSourceOptions = {},
): Promise<WatchedSiteSource> {
  const files = new Map<string, string>();
  const skippedFiles = new Map<string, SkippedFile>();
  const assetFiles = new Set<string>();
  const source: SiteSource = { files, skippedFiles, assetFiles };
  let excluded = (_sitePath: string): boolean => false;
  const readWhole = async (): Promise<void> => {
    const fresh = await readSiteSource(root);
    replace(files, fresh.files);
    replace(skippedFiles, fresh.skippedFiles ?? new Map());
    assetFiles.clear();
    for (const file of fresh.assetFiles ?? []) assetFiles.add(file);
    if (fresh.mintIgnore === undefined) delete source.mintIgnore;
    else source.mintIgnore = fresh.mintIgnore;
    const ignoring = mintIgnoreFilter(fresh.mintIgnore);
    excluded = (sitePath) =>
      sitePath.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules') ||
      ignoring(sitePath);
  };
  await readWhole();
  const realRoot = await realpath(root);
  /** Whether a path of the site is a link to a file outside the site folder (never read, as `readSiteSource` does). */
  const leavesSite = async (sitePath: string): Promise<boolean> => {
    const real = await realpath(path.join(root, sitePath)).catch(() => undefined);
    return real !== undefined && real !== realRoot && !real.startsWith(`${realRoot}${path.sep}`);
  };
  const forget = (sitePath: string): void => {
    const folder = `${sitePath}/`;
    for (const collection of [files, skippedFiles, assetFiles]) {
      for (const key of collection.keys()) if (key === sitePath || key.startsWith(folder)) collection.delete(key);
    }
  };
  /**
   * What the site holds at a file's path (its text, a skipped file and why, an asset, nothing), comparable with `===`;
   * undefined for a folder holding files, whose changes are never taken for no change.
   */
  const stateOf = (sitePath: string): string | undefined => {
    const text = files.get(sitePath);
    if (text !== undefined) return `text:${text}`;
    const skipped = skippedFiles.get(sitePath);
    if (skipped !== undefined) return `skipped:${JSON.stringify(skipped)}`;
    if (assetFiles.has(sitePath)) return 'asset';
    const folder = `${sitePath}/`;
    const holdsFiles = [files.keys(), skippedFiles.keys(), assetFiles.keys()].some((keys) =>
      [...keys].some((key) => key.startsWith(folder)),
    );
    return holdsFiles ? undefined : 'none';
  };
  return {
    source,
    isExcluded: (sitePath) => sitePath !== MINT_IGNORE && excluded(sitePath),
    async apply(changes) {
      if (changes.some((change) => change.path === MINT_IGNORE)) {
        await readWhole();
        return 'site';
      }
      const paths = [...new Set(changes.map((change) => change.path))];
      const before = paths.map(stateOf);
      const read: [string, string][] = [];
      for (const change of changes) {
        const before = files.get(change.path);
        forget(change.path);
        // chokidar reports a file made unreadable (chmod 000) as removed: a file still there is read (or kept) instead.
        const removed =
          change.kind === 'removed' &&
          (await stat(path.join(root, change.path)).catch(() => undefined))?.isFile() !== true;
        if (removed || excluded(change.path)) continue;
        if (await leavesSite(change.path)) {
          skippedFiles.set(change.path, { reason: 'outside-site' });
          continue;
        }
        if (!isSiteTextFile(change.path)) {
          assetFiles.add(change.path);
          continue;
        }
        const content = await readSiteFile(root, change.path, { isConfig: change.path === 'docs.json' }).catch(
          async (error: unknown) => {
            if (!(error instanceof SiteReadError)) throw error;
            // Removed again between the event and the read: the next event says so. Still there but unreadable (a
            // chmod): the build keeps its last text rather than losing the page, and the writer is told why.
            if (await stat(path.join(root, change.path)).catch(() => undefined)) {
              options.onUnreadable?.(`${error.message}; its last text is kept`);
              if (before !== undefined) files.set(change.path, before);
            }
            return undefined;
          },
        );
        if (content === undefined) continue;
        if (typeof content === 'string') {
          files.set(change.path, content);
          read.push([change.path, content]);
        } else {
          skippedFiles.set(change.path, content);
        }
      }
      const named = dotFolderReferences(read, (sitePath) => files.has(sitePath) || skippedFiles.has(sitePath));
      const present = await Promise.all(
        named.map(
          async (sitePath) => (await stat(path.join(root, sitePath)).catch(() => undefined))?.isFile() === true,
        ),
      );
      if (present.includes(true)) {
        await readWhole();
        return 'site';
      }
      const same = paths.every((sitePath, index) => before[index] !== undefined && stateOf(sitePath) === before[index]);
      return same ? 'unchanged' : 'files';
    },
  };
}

function replace<V>(target: Map<string, V>, entries: ReadonlyMap<string, V>): void {
  target.clear();
  for (const [key, value] of entries) target.set(key, value);
}
