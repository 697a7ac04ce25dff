import path from 'node:path';
import { watch } from 'chokidar';
import type { SiteFileChange } from './watched-site-source.ts';

/** Options of `watchSiteFiles`. */
export interface WatchSiteFilesOptions {
  /** Whether a site path (POSIX, relative; folders with a trailing `/`) is not watched. */
  isExcluded: (sitePath: string) => boolean;
  /** Called with the changes of one burst of events (an editor's save is often several). */
  onChanges: (changes: SiteFileChange[]) => void;
  /** Called when the watcher fails (a folder that became unreadable). */
  onError?: (error: Error) => void;
  /** Milliseconds without a new event that end a burst (default 30). */
  settleMs?: number;
}

/** A running watch; `ready` resolves once the initial scan is done, `close` stops it. */
export interface SiteFilesWatch {
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches a site folder with chokidar (docs.json and its `$ref` files, pages, snippets, specs, images: every file of
 * the site, not the excluded ones) and reports its changes in bursts: events closer than `settleMs` are one call,
 * each path once with its last kind.
 */
export function watchSiteFiles(root: string, options: WatchSiteFilesOptions): SiteFilesWatch {
  const absoluteRoot = path.resolve(root);
  const sitePath = (file: string): string =>
    path.relative(absoluteRoot, path.resolve(absoluteRoot, file)).split(path.sep).join('/');
  const watcher = watch(absoluteRoot, {
    ignoreInitial: true,
    // chokidar holds back each unlink 100 ms (to merge an atomic save into one 'change'), which split a rename or a
    // removal into two bursts, hence two builds; the burst merges a path's events itself.
    atomic: false,
    ignored: (file, stats) => {
      const relative = sitePath(file);
      return relative !== '' && options.isExcluded(stats?.isDirectory() ? `${relative}/` : relative);
    },
  });
  const pending = new Map<string, SiteFileChange['kind']>();
  let timer: NodeJS.Timeout | undefined;
  const note =
    (kind: SiteFileChange['kind']) =>
    (file: string): void => {
      pending.set(sitePath(file), kind);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const changes = [...pending].map(([changed, changeKind]) => ({ path: changed, kind: changeKind }));
        pending.clear();
        options.onChanges(changes);
      }, options.settleMs ?? 30);
    };
  watcher
    .on('add', note('changed'))
    .on('change', note('changed'))
    .on('unlink', note('removed'))
    .on('unlinkDir', note('removed'));
  // chokidar drops a file's 'change' within 50 ms of the one before (longer on a busy event loop), so a second save
  // right after a quick rebuild was lost. Its raw event for a watched file (the path it watches ends with the name
  // the event gives) is noted too; the burst holds each path once.
  watcher.on('raw', (event, name, details) => {
    const watched = (details as { watchedPath?: string }).watchedPath;
    if (event === 'change' && watched && path.basename(watched) === name && path.extname(name) !== '')
      note('changed')(watched);
  });
  watcher.on('error', (error) => options.onError?.(error as Error));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
