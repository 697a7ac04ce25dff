import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildDirectory, publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { createPageParser } from '../../pipeline/assemble/create-page-parser.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { printTable } from '../bench-helpers.ts';
import { generateVersionedSite } from '../synthetic-versioned-site.ts';
import { previousFormatBytes } from './previous-format-bytes.ts';

/** Targets of issue #14 for a 4-language × 35-version site. */
const TARGETS = { searchShare: 0.1, loadMs: 2000, rssMiB: 400, stallMs: 50 };

/** Figures of the artifacts of a large versioned site. */
export interface ArtifactsFigures {
  navigationPages: number;
  distinctFiles: number;
  searchBytes: number;
  previousSearchBytes: number;
  manifestBytes: number;
  /** Bytes of the build folder's files on disk, each inode once (identical files are hard links). */
  folderBytes: number;
  /** Bytes of the same files were each path its own file (the baseline: one Markdown file per path). */
  folderBytesPerPath: number;
  loadMs: number;
  rssMiB: number;
  maxStallMs: number;
}

/**
 * Builds the generated 4 × 35-version site (~23,000 navigation pages, ~1,750 distinct page files), compares its
 * search.json with the format-2 artifact of the same records (computed in the same run), then loads the published
 * build in a fresh `node` process through the runtime's artifact store (the compiled lib/, as `docsmith serve`
 * runs it): load time, RSS after the load, and the longest event-loop stall while loading.
 */
export async function runArtifactsBench(): Promise<ArtifactsFigures> {
  const source = generateVersionedSite();
  const pageTexts = [...source.files].filter(([file]) => file.endsWith('.mdx'));
  const result = await buildSite(source, {
    domain: 'versioned',
    parsePages: createPageParser({ files: source.files }),
  });
  const manifest = result.manifest!;
  const searchText = result.files.get('search.json') as string;
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-artifacts-'));
  try {
    const domainDir = path.join(directory, 'versioned');
    await writeBuildDirectory(domainDir, manifest.buildId, result.files);
    await publishBuild(domainDir, manifest.buildId);
    const folder = await folderSizes(buildDirectory(domainDir, manifest.buildId));
    const child = await promisify(execFile)(
      process.execPath,
      [path.resolve(import.meta.dirname, 'load-in-child.js'), directory, 'versioned'],
      { maxBuffer: 1024 * 1024 },
    );
    const loaded = JSON.parse(child.stdout) as { loadMs: number; rssMiB: number; maxStallMs: number };
    const figures: ArtifactsFigures = {
      navigationPages: manifest.pages.length,
      distinctFiles: new Set(pageTexts.map(([, text]) => text)).size,
      searchBytes: Buffer.byteLength(searchText),
      previousSearchBytes: previousFormatBytes(result.sectionRecords, result.searchArtifact!.defaults),
      manifestBytes: Buffer.byteLength(result.files.get('manifest.json') as string),
      folderBytes: folder.onDisk,
      folderBytesPerPath: folder.perPath,
      ...loaded,
    };
    const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
    printTable(
      `Artifacts of a versioned site: ${figures.navigationPages} navigation pages, ${figures.distinctFiles} distinct page files (4 languages × 35 versions); load in a fresh process through the artifact store`,
      ['figure', 'value', 'target', 'met'],
      [
        [
          'search.json MB (format 2 of the same site)',
          `${mb(figures.searchBytes)} (${mb(figures.previousSearchBytes)})`,
          '',
          '',
        ],
        [
          'search.json ÷ format 2',
          (figures.searchBytes / figures.previousSearchBytes).toFixed(3),
          `≤ ${TARGETS.searchShare}`,
          String(figures.searchBytes / figures.previousSearchBytes <= TARGETS.searchShare),
        ],
        ['manifest.json MB', mb(figures.manifestBytes), '', ''],
        [
          'build folder MB, each inode once (a file per path)',
          `${mb(figures.folderBytes)} (${mb(figures.folderBytesPerPath)})`,
          '',
          '',
        ],
        ['build folder ÷ a file per path', (figures.folderBytes / figures.folderBytesPerPath).toFixed(3), '', ''],
        [
          'load ms (read, verify, parse, index)',
          figures.loadMs.toFixed(0),
          `≤ ${TARGETS.loadMs}`,
          String(figures.loadMs <= TARGETS.loadMs),
        ],
        [
          'RSS after load MiB',
          figures.rssMiB.toFixed(0),
          `≤ ${TARGETS.rssMiB}`,
          String(figures.rssMiB <= TARGETS.rssMiB),
        ],
        [
          'longest event-loop stall while loading ms',
          figures.maxStallMs.toFixed(0),
          `≤ ${TARGETS.stallMs}`,
          String(figures.maxStallMs <= TARGETS.stallMs),
        ],
      ],
    );
    return figures;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The bytes of a folder's files counting each inode once (`onDisk`) and counting every path (`perPath`). */
async function folderSizes(directory: string): Promise<{ onDisk: number; perPath: number }> {
  const seen = new Set<number>();
  let onDisk = 0;
  let perPath = 0;
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const info = await stat(path.join(entry.parentPath, entry.name));
    perPath += info.size;
    if (!seen.has(info.ino)) onDisk += info.size;
    seen.add(info.ino);
  }
  return { onDisk, perPath };
}

if (import.meta.url === `file://${process.argv[1]}`) await runArtifactsBench();
