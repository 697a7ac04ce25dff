import { createHash } from 'node:crypto';
import { open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SiteSource, SkippedFile } from '../pipeline/site/site-source.ts';
import { mintIgnoreFilter } from '../pipeline/site/mint-ignore.ts';
import { BINARY_SNIFF_BYTES } from '../pipeline/site/unreadable-file-reason.ts';
import { CUSTOM_LLMS_FILES } from '../pipeline/llms/build-llms-files.ts';
import { mapConcurrently } from '../contract/map-concurrently.ts';
import { dotFolderReferences } from './dot-folder-references.ts';

/** A site folder that cannot be read: the message is one plain line for the user. */
export class SiteReadError extends Error {
  override name = 'SiteReadError';
}

/** Options of `readSiteSource`. */
export interface ReadSiteOptions {
  /** Largest text file read, in bytes (default 10 MiB); a larger docs.json is refused, larger pages are skipped. */
  maxFileBytes?: number;
}

const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
const TEXT_FILE = /\.(?:json|mdx?|ya?ml|jsx?|tsx?)$/i;
const SPEC_FILE = /\.(?:json|ya?ml)$/i;
/** How much of a skipped JSON/YAML file is kept to tell whether it is a spec. */
const HEAD_BYTES = 4096;
const SKIPPED_FOLDERS = new Set(['node_modules']);
const LEGACY_CONFIG = 'mint.json';
const MINT_IGNORE = '.mintignore';
/** How many times files named under dot-folders are followed to the files they name. */
const DOT_FOLDER_ROUNDS = 3;
/** Files read at once: reads go through libuv's thread pool. */
const READ_CONCURRENCY = 16;

/**
 * Reads every text file a build may need (`.json .md .mdx .yaml .yml .js .jsx .ts .tsx`, and a root `llms.txt` or
 * `llms-full.txt`) of a site folder
 * into memory, keyed by POSIX path relative to the site root, and lists the other files (images, …) as
 * `assetFiles`. Follows symbolic links that stay inside the site folder; one that leaves it is never read, but listed
 * in `skippedFiles` (`outside-site`). Skips node_modules, dot-folders (but for the files docs.json or a page names there) and what the
 * site's `.mintignore` excludes (`mintIgnoreFilter`; its text is kept as `mintIgnore`, and the build decides about the
 * platform's default folders); binary and too-large files are listed in `skippedFiles` (with why) for the build to
 * report. Accepts the folder or its docs.json (or legacy mint.json);
 * refuses a missing folder, a file that is not JSON (a page), a folder without docs.json or mint.json, a binary or oversized configuration
 * with a SiteReadError. Files with the same bytes (a page kept in every version folder) share one string.
 */
export async function readSiteSource(target: string, options: ReadSiteOptions = {}): Promise<SiteSource> {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const info = await stat(target).catch(() => undefined);
  if (!info) throw new SiteReadError(`${target}: no such file or directory`);
  if (!info.isDirectory() && path.extname(target).toLowerCase() !== '.json')
    throw new SiteReadError(
      `${target}: Unexpected file \`${path.basename(target)}\`, expected a site folder or its docs.json (or legacy mint.json), e.g. ${path.dirname(target)}`,
    );
  const root = info.isDirectory() ? target : path.dirname(target);
  const configName = info.isDirectory() ? await findConfigName(root) : path.basename(target);
  const configInfo = await stat(path.join(root, configName)).catch(() => undefined);
  if (!configInfo?.isFile())
    throw new SiteReadError(
      `${root}: no ${configName} here (a documentation site needs a docs.json, or a legacy mint.json, at its root)`,
    );
  if (configInfo.size > maxBytes) {
    throw new SiteReadError(
      `${path.join(root, configName)}: ${formatBytes(configInfo.size)} is too large for a docs.json (limit ${formatBytes(maxBytes)})`,
    );
  }

  const files = new Map<string, string>();
  const skippedFiles = new Map<string, SkippedFile>();
  const assetFiles = new Set<string>();
  /** sha256 of a file's bytes → its text, so that copies of a file take their memory once. */
  const textOfBytes = new Map<string, string>();
  const mintIgnore = await readFile(path.join(root, MINT_IGNORE), 'utf8').catch(() => undefined);
  const excluded = mintIgnoreFilter(mintIgnore);
  const textFiles: string[] = [];
  const realRoot = await realpath(root);
  /** Where a path of the site really is, when that is inside the site folder (undefined for a link that leaves it, or leads nowhere). */
  const insideSite = async (child: string): Promise<string | undefined> => {
    const real = await realpath(path.join(root, child)).catch(() => undefined);
    return real !== undefined && (real === realRoot || real.startsWith(`${realRoot}${path.sep}`)) ? real : undefined;
  };
  /** `ancestors`: the real folders above the one walked, so that a link back up to one of them is not followed (a loop). */
  const walk = async (relative: string, ancestors: ReadonlySet<string> = new Set([realRoot])): Promise<void> => {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch((error: unknown) => {
      throw new SiteReadError(`${path.join(root, relative)}: cannot read this folder (${errorCode(error)})`);
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      let kind: 'folder' | 'file' | undefined = entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : undefined;
      if (entry.isSymbolicLink()) {
        // A link inside the site is followed; one that leaves it is listed, never read, for the build to report.
        const target = await stat(path.join(root, child)).catch(() => undefined);
        const real = target ? await insideSite(child) : undefined;
        if (target && real === undefined) {
          if (child === configName || !excluded(target.isDirectory() ? `${child}/` : child))
            skippedFiles.set(child, { reason: 'outside-site', ...(target.isDirectory() ? { folder: true } : {}) });
          continue;
        }
        kind = target?.isDirectory()
          ? ancestors.has(real as string)
            ? undefined
            : 'folder'
          : target?.isFile()
            ? 'file'
            : undefined;
      }
      if (child !== configName && excluded(kind === 'folder' ? `${child}/` : child)) continue;
      if (kind === 'folder')
        await walk(child, new Set([...ancestors, (await realpath(path.join(root, child)).catch(() => '')) || child]));
      else if (kind === 'file' && !isSiteTextFile(entry.name) && !isCustomLlmsFile(child)) assetFiles.add(child);
      else if (kind === 'file') textFiles.push(child);
    }
  };
  await walk('');
  const readText = (child: string): Promise<string | SkippedFile> =>
    readSiteFile(root, child, { maxFileBytes: maxBytes, isConfig: child === configName, textOfBytes });
  const keep = (children: readonly string[], contents: readonly (string | SkippedFile)[]): void => {
    contents.forEach((content, position) => {
      const child = children[position] as string;
      if (typeof content === 'string') files.set(child, content);
      else skippedFiles.set(child, content);
    });
  };
  // Files are read concurrently (one at a time left a cold build idle for most of its reading) and kept in walk order.
  keep(textFiles, await mapConcurrently(textFiles, READ_CONCURRENCY, readText));
  // Dot-folders are skipped, but a file that docs.json or a page names there (a generated spec, a snippet) is read, and
  // what it names in turn: each round scans only the texts the round before read.
  let scanned: Iterable<[string, string]> = files;
  for (let round = 0; round < DOT_FOLDER_ROUNDS; round += 1) {
    const named = dotFolderReferences(
      scanned,
      (child) => files.has(child) || skippedFiles.has(child) || excluded(child),
    );
    const present = (
      await mapConcurrently(named, READ_CONCURRENCY, async (child) =>
        (await stat(path.join(root, child)).catch(() => undefined))?.isFile() && (await insideSite(child)) !== undefined
          ? child
          : '',
      )
    ).filter(Boolean);
    if (present.length === 0) break;
    keep(present, await mapConcurrently(present, READ_CONCURRENCY, readText));
    scanned = present.flatMap((child): [string, string][] =>
      files.has(child) ? [[child, files.get(child) as string]] : [],
    );
  }
  if (configName !== 'docs.json' && configName !== LEGACY_CONFIG) files.set('docs.json', files.get(configName) ?? '');
  return { files, skippedFiles, assetFiles, ...(mintIgnore !== undefined ? { mintIgnore } : {}) };
}

/** Whether a path is the site's own `llms.txt` or `llms-full.txt` (at its root), read to replace the generated one. */
function isCustomLlmsFile(child: string): boolean {
  return (CUSTOM_LLMS_FILES as readonly string[]).includes(child);
}

/** Whether a site file is read as text (`.json .md .mdx .yaml .yml .js .jsx .ts .tsx`); the others are assets, listed but not read. */
export function isSiteTextFile(name: string): boolean {
  return TEXT_FILE.test(name);
}

/** Options of `readSiteFile`. */
export interface ReadSiteFileOptions {
  /** Largest file read, in bytes (default 10 MiB). */
  maxFileBytes?: number;
  /** The file is the site's configuration: refused with a SiteReadError when binary rather than skipped. */
  isConfig?: boolean;
  /** sha256 of bytes → text, shared by the reads of one site so that copies of a file take their memory once. */
  textOfBytes?: Map<string, string>;
}

/**
 * Reads one text file of a site (`child`, POSIX, relative to `root`): its text, or why it is skipped (binary, too
 * large; a JSON/YAML file keeps its first bytes so a spec can still be recognised). Throws a SiteReadError when the
 * file cannot be read. `readSiteSource` reads every file with it, `docsmith dev` each file that changed.
 */
export async function readSiteFile(
  root: string,
  child: string,
  options: ReadSiteFileOptions = {},
): Promise<string | SkippedFile> {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const unreadable = (error: unknown): never => {
    throw new SiteReadError(`${path.join(root, child)}: cannot read this file (${errorCode(error)})`);
  };
  const size = (await stat(path.join(root, child)).catch(unreadable)).size;
  if (size > maxBytes)
    return {
      reason: 'too-large',
      bytes: size,
      limitBytes: maxBytes,
      ...(SPEC_FILE.test(child) ? { head: await readHead(path.join(root, child)) } : {}),
    };
  const bytes = await readFile(path.join(root, child)).catch(unreadable);
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    if (options.isConfig) throw new SiteReadError(`${path.join(root, child)}: binary data, expected a JSON text file`);
    return {
      reason: 'binary',
      ...(SPEC_FILE.test(child) ? { head: bytes.subarray(0, HEAD_BYTES).toString('utf8') } : {}),
    };
  }
  if (!options.textOfBytes) return bytes.toString('utf8');
  const digest = createHash('sha256').update(bytes).digest('base64');
  let text = options.textOfBytes.get(digest);
  if (text === undefined) options.textOfBytes.set(digest, (text = bytes.toString('utf8')));
  return text;
}

/** The first bytes of a file as text, so a too-large spec can still be recognised as one. */
async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** `docs.json`, or `mint.json` when only that legacy configuration exists. */
async function findConfigName(root: string): Promise<string> {
  const hasDocsJson = (await stat(path.join(root, 'docs.json')).catch(() => undefined)) !== undefined;
  const hasMintJson = !hasDocsJson && (await stat(path.join(root, LEGACY_CONFIG)).catch(() => undefined)) !== undefined;
  return hasMintJson ? LEGACY_CONFIG : 'docs.json';
}

function errorCode(error: unknown): string {
  return (error as { code?: string } | null)?.code ?? 'unknown error';
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
