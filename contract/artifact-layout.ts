import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapConcurrently } from './map-concurrently.ts';

/**
 * The on-disk layout of one domain's artifacts: the one writer (`docsmith build --publish`) and the one reader
 * (the runtime's artifact store, `docsmith search`/`diff`) of
 *   <domainDir>/builds/<buildId>/manifest.json, search.json,  immutable build directories
 *     llms.txt, llms-full.txt, pages/<path>.md
 *   <domainDir>/current                                       {"buildId": "…"}, replaced by rename
 *   <domainDir>/releases.json                                 publish history, newest first
 * Files of a build with identical text (the same page under many versions and languages) are one file on disk,
 * hard-linked at each of its paths; where the file system refuses links, they are copies. Either way every path
 * reads the same bytes.
 */
export interface PublishedRelease {
  buildId: string;
  publishedAt: string;
}

/** Path of the immutable directory of one build. */
export function buildDirectory(domainDir: string, buildId: string): string {
  return path.join(domainDir, 'builds', buildId);
}

/** A build already on disk whose unchanged files a new build links to instead of writing them again. */
export interface EarlierBuild {
  /** Its build directory. */
  directory: string;
  /** Its files (name → text), as written. */
  files: ReadonlyMap<string, string>;
}

/**
 * Writes a build's files into `<domainDir>/builds/<buildId>/` atomically (a temp dir renamed into place), each
 * distinct text once: a file whose text an earlier file already has is a hard link to it (a copy where links are refused).
 * With `linkFrom`, a file whose name and text are those of the earlier build's is a hard link to that build's file
 * (`docsmith dev`: a save changes a few of a site's thousand files, and creating files is the slow part of a write).
 * Resolves to false when that build already exists with these files (same content hash, nothing written); a folder
 * of that name whose files differ (truncated, edited, half copied) is replaced.
 */
export async function writeBuildDirectory(
  domainDir: string,
  buildId: string,
  files: ReadonlyMap<string, string>,
  options: { linkFrom?: EarlierBuild } = {},
): Promise<boolean> {
  const target = buildDirectory(domainDir, buildId);
  if ((await exists(target)) && (await holdsFiles(target, files))) return false;
  const buildsDir = path.dirname(target);
  await mkdir(buildsDir, { recursive: true });
  const temporary = path.join(buildsDir, `.tmp-${buildId}-${randomBytes(4).toString('hex')}`);
  await mkdir(temporary);
  try {
    await writeFilesOnce(temporary, files, options.linkFrom);
    if (await exists(target)) {
      // A damaged folder of this build: moved aside, then removed, so that readers see it whole or not at all.
      const damaged = path.join(buildsDir, `.tmp-damaged-${buildId}-${randomBytes(4).toString('hex')}`);
      await rename(target, damaged);
      await rename(temporary, target);
      await rm(damaged, { recursive: true, force: true });
    } else await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    if ((await exists(target)) && (await holdsFiles(target, files))) return false;
    throw error;
  }
  return true;
}

/** Whether every file of a build is in `directory` with exactly its text. */
async function holdsFiles(directory: string, files: ReadonlyMap<string, string>): Promise<boolean> {
  const checked = await mapConcurrently([...files], WRITE_CONCURRENCY, async ([name, text]) => {
    try {
      return (await readFile(path.join(directory, name), 'utf8')) === text;
    } catch {
      return false;
    }
  });
  return checked.every(Boolean);
}

/** Error codes of link(2) that mean the file system will not link here (other file system, no link support, no permission, too many links). */
const LINK_REFUSED = new Set(['EXDEV', 'EPERM', 'EACCES', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/** Texts written (each with its links) at once: the writes go through libuv's thread pool. */
const WRITE_CONCURRENCY = 16;

/**
 * Writes each file into `directory`; a text written before is hard-linked from its first file instead (copied when
 * refused). Distinct texts are written concurrently; the paths of one text are written in order, so the first is
 * the one the others link to.
 */
async function writeFilesOnce(
  directory: string,
  files: ReadonlyMap<string, string>,
  earlier?: EarlierBuild,
): Promise<void> {
  const namesOfText = new Map<string, string[]>();
  const parents = new Set<string>();
  for (const [name, text] of files) {
    const names = namesOfText.get(text);
    if (names) names.push(name);
    else namesOfText.set(text, [name]);
    parents.add(path.dirname(path.join(directory, name)));
  }
  for (const parent of parents) await mkdir(parent, { recursive: true });
  let linking = true;
  await mapConcurrently([...namesOfText], WRITE_CONCURRENCY, async ([text, names]) => {
    const first = names[0] as string;
    let original = earlier?.files.get(first) === text ? path.join(earlier.directory, first) : undefined;
    let fromEarlier = original !== undefined;
    for (const name of names) {
      const file = path.join(directory, name);
      if (original !== undefined && linking) {
        try {
          await link(original, file);
          continue;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? '';
          // The earlier build was removed meanwhile: write the file.
          const earlierGone = fromEarlier && code === 'ENOENT';
          if (!earlierGone && !LINK_REFUSED.has(code)) throw error;
          // Too many links to one inode: this copy becomes the file the next ones link to. Any other refusal holds for the whole folder.
          if (!earlierGone && code !== 'EMLINK') linking = false;
        }
      }
      await writeFile(file, text);
      if (original === undefined || linking || fromEarlier) original = file;
      fromEarlier = false;
    }
  });
}

/** A build id as builds are named: the first 16 hex digits of the manifest's sha256. */
const BUILD_ID = /^[0-9a-f]{16}$/;

/** Reads the buildId the domain's `current` pointer names, or undefined when nothing (or nothing valid) is published. */
export async function readCurrentBuildId(domainDir: string): Promise<string | undefined> {
  try {
    const pointer = JSON.parse(await readFile(path.join(domainDir, 'current'), 'utf8')) as { buildId?: unknown };
    return typeof pointer.buildId === 'string' && BUILD_ID.test(pointer.buildId) ? pointer.buildId : undefined;
  } catch {
    return undefined;
  }
}

/** How long an unpublished build folder is kept from pruning by default: another `build --publish` may be about to publish it. */
const PRUNE_GRACE_MS = 10 * 60_000;

/**
 * Points the domain's `current` release at a build (write a temp file, then rename over the pointer, so a
 * reader sees the old or the new release, never half of one), records it in releases.json and removes
 * builds that are neither among the last `keep` releases nor the build just published, nor written in the last
 * `pruneGraceMs` (default 10 minutes). Publishes of one domain take turns (`withPublishLock`), so two CI jobs
 * publishing at once both land in releases.json and neither removes the other's build.
 * Resolves to false when that build was already current (nothing published); rejects when its folder is missing.
 */
export async function publishBuild(
  domainDir: string,
  buildId: string,
  options: { keep?: number; now?: Date; pruneGraceMs?: number } = {},
): Promise<boolean> {
  const keep = Math.max(1, options.keep ?? 5);
  const now = options.now ?? new Date();
  const grace = options.pruneGraceMs ?? PRUNE_GRACE_MS;
  return withPublishLock(domainDir, async () => {
    if (!(await exists(path.join(buildDirectory(domainDir, buildId), 'manifest.json'))))
      throw new Error(`the folder of build ${buildId} is gone from ${path.join(domainDir, 'builds')}: build again`);
    if ((await readCurrentBuildId(domainDir)) === buildId) return false;
    const releases = [
      { buildId, publishedAt: now.toISOString() },
      ...(await readReleases(domainDir)).filter((release) => release.buildId !== buildId),
    ].slice(0, keep);
    await replaceFile(path.join(domainDir, 'releases.json'), `${JSON.stringify(releases, null, 2)}\n`);
    await replaceFile(path.join(domainDir, 'current'), `${JSON.stringify({ buildId })}\n`);
    const kept = new Set(releases.map((release) => release.buildId));
    const buildsDir = path.join(domainDir, 'builds');
    for (const entry of await readdir(buildsDir)) {
      if (kept.has(entry) || entry.startsWith('.tmp-')) continue;
      const folder = path.join(buildsDir, entry);
      const written = await stat(folder).then(
        (stats) => stats.mtimeMs,
        () => 0,
      );
      if (now.getTime() - written >= grace) await rm(folder, { recursive: true, force: true });
    }
    return true;
  });
}

/** A publish lock older than this is left by a process that died: it is broken. */
const STALE_LOCK_MS = 60_000;
/** How long a publish waits for another one of the same domain to finish. */
const LOCK_WAIT_MS = 60_000;

/** Runs `task` holding the domain's publish lock (`<domainDir>/.publish.lock`, created exclusively). */
async function withPublishLock<T>(domainDir: string, task: () => Promise<T>): Promise<T> {
  const lock = path.join(domainDir, '.publish.lock');
  const started = Date.now();
  for (;;) {
    try {
      await writeFile(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (stats) => Date.now() - stats.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await rm(lock, { force: true });
      else if (Date.now() - started > LOCK_WAIT_MS)
        throw new Error(`another publish of ${domainDir} has held ${lock} for ${Math.round(age / 1000)} s`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await task();
  } finally {
    await rm(lock, { force: true });
  }
}

/** The publish history of a domain, newest first (empty when never published). */
export async function readReleases(domainDir: string): Promise<PublishedRelease[]> {
  try {
    const releases = JSON.parse(await readFile(path.join(domainDir, 'releases.json'), 'utf8')) as unknown;
    return Array.isArray(releases) ? (releases as PublishedRelease[]) : [];
  } catch {
    return [];
  }
}

async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = `${file}.tmp-${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
