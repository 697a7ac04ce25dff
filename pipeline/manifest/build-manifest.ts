import { createHash } from 'node:crypto';
import type { DocsConfig } from '../../schemas/docs-config.ts';
import type { DeepReadonly } from '../site-model/site-config.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import {
  MANIFEST_FORMAT_VERSION,
  type Manifest,
  type ManifestContent,
  type ManifestNavigationNode,
  type ManifestPage,
  type ManifestPageRecord,
  type ManifestRedirect,
  type ManifestSite,
} from '../../schemas/manifest.ts';
import { sha256OfText } from './sha256-of-text.ts';

/** Settings of docs.json copied into the manifest for renderers and the runtime (docs/concepts/artifacts.mdx). */
const SITE_SETTINGS = [
  'description',
  'theme',
  'colors',
  'logo',
  'favicon',
  'navbar',
  'footer',
  'banner',
  'contextual',
  'errors',
  'seo',
  'search',
] as const;

/** What the manifest is assembled from; every field is already resolved by an earlier stage. */
export interface ManifestInput {
  domain: string;
  generator: string;
  /** The validated docs.json (after `$ref` expansion, `SiteConfig.document`). */
  config: DeepReadonly<DocsConfig>;
  /** Public base URL of the site (`--site-url`); omitted from the manifest when unset. */
  siteUrl?: string;
  defaultLanguage?: string;
  defaultVersion?: string;
  defaultProduct?: string;
  navigation: ManifestNavigationNode[];
  pages: ManifestPage[];
  redirects: ManifestRedirect[];
  searchArtifactText: string;
  searchSections: number;
  /** The agent files written beside the manifest (`buildLlmsFiles`), by name: their digest is part of the manifest (default none). */
  agentFiles?: ReadonlyMap<string, string>;
  diagnostics: Diagnostic[];
}

/** A manifest and its text as `serializeManifest` writes it. */
export interface ManifestFile {
  manifest: Manifest;
  text: string;
}

/**
 * Assembles the content manifest (pages of identical description and headings share one `contents` entry; each
 * path keeps a small record of its own) and gives it its buildId: the first 16 hex digits of the sha256 of the
 * manifest serialised without a buildId, so identical content always yields the identical id and bytes.
 */
export function buildManifest(input: ManifestInput): Manifest {
  return buildManifestFile(input).manifest;
}

/** `buildManifest`, with the manifest's text: serialised once, for the buildId, and the id spliced into that text. */
export function buildManifestFile(input: ManifestInput): ManifestFile {
  const site: ManifestSite = {
    name: String(input.config.name ?? '').trim(),
    theme: String(input.config.theme ?? ''),
    colors: input.config.colors ?? {},
  };
  if (input.siteUrl) site.url = input.siteUrl.replace(/\/+$/, '');
  for (const setting of SITE_SETTINGS) {
    if (input.config[setting] !== undefined) (site as Record<string, unknown>)[setting] = input.config[setting];
  }
  if (input.defaultLanguage) site.defaultLanguage = input.defaultLanguage;
  if (input.defaultVersion) site.defaultVersion = input.defaultVersion;
  if (input.defaultProduct) site.defaultProduct = input.defaultProduct;

  const byRule: Record<string, number> = {};
  for (const diagnostic of input.diagnostics) byRule[diagnostic.ruleId] = (byRule[diagnostic.ruleId] ?? 0) + 1;

  const withoutId: Omit<Manifest, 'buildId'> = {
    formatVersion: MANIFEST_FORMAT_VERSION,
    generator: input.generator,
    domain: input.domain,
    site,
    navigation: input.navigation,
    ...contentAddressed(input.pages),
    redirects: input.redirects,
    artifacts: {
      search: {
        file: 'search.json',
        sha256: sha256OfText(input.searchArtifactText),
        bytes: Buffer.byteLength(input.searchArtifactText),
        sections: input.searchSections,
      },
      ...(input.agentFiles ? { agentFiles: agentFilesDigest(input.agentFiles) } : {}),
    },
    diagnostics: {
      errors: input.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length,
      warnings: input.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').length,
      byRule: Object.fromEntries(Object.entries(byRule).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
  const withoutIdText = serializeManifest(withoutId);
  const buildId = sha256OfText(withoutIdText).slice(0, 16);
  const { formatVersion, generator, domain, ...rest } = withoutId;
  // The id goes after `domain`; the three members before it serialise alone exactly as they open the whole text.
  const head = JSON.stringify({ formatVersion, generator, domain }, null, 2).slice(0, -'\n}'.length);
  return {
    manifest: { formatVersion, generator, domain, buildId, ...rest },
    text: `${head},\n  "buildId": ${JSON.stringify(buildId)}${withoutIdText.slice(head.length)}`,
  };
}

/**
 * Splits pages into the distinct contents they show and one record per path, contents numbered in first-seen order.
 * Copies of a page share their headings array, so most pages are matched by reference before any serialisation.
 */
function contentAddressed(pages: ManifestPage[]): { contents: ManifestContent[]; pages: ManifestPageRecord[] } {
  const contents: ManifestContent[] = [];
  const indexByKey = new Map<string, number>();
  const indexBySharedHeadings = new Map<ManifestPage['headings'], Map<string | undefined, number>>();
  const records = pages.map((page): ManifestPageRecord => {
    const { description, headings } = page;
    const byDescription = indexBySharedHeadings.get(headings) ?? new Map<string | undefined, number>();
    let index = byDescription.get(description);
    if (index === undefined) {
      const content: ManifestContent = { ...(description === undefined ? {} : { description }), headings };
      const key = JSON.stringify(content);
      index = indexByKey.get(key);
      if (index === undefined) {
        index = contents.length;
        indexByKey.set(key, index);
        contents.push(content);
      }
      byDescription.set(description, index);
      indexBySharedHeadings.set(headings, byDescription);
    }
    return pageRecord(page, index);
  });
  return { contents, pages: records };
}

/** A page's own record, members in the manifest's order (built member by member: a rest spread per page costs more). */
function pageRecord(page: ManifestPage, content: number): ManifestPageRecord {
  const record = { path: page.path, title: page.title } as ManifestPageRecord;
  if (page.file !== undefined) record.file = page.file;
  record.kind = page.kind;
  record.contentHash = page.contentHash;
  record.context = page.context;
  record.inNavigation = page.inNavigation;
  record.hidden = page.hidden;
  record.noindex = page.noindex;
  record.searchable = page.searchable;
  record.indexed = page.indexed;
  if (page.operation !== undefined) record.operation = page.operation;
  if (page.channel !== undefined) record.channel = page.channel;
  if (page.api !== undefined) record.api = page.api;
  if (page.url !== undefined) record.url = page.url;
  if (page.userGroups !== undefined) record.userGroups = page.userGroups;
  record.content = content;
  return record;
}

/** Members holding one record per page, content or redirect: written one compact record per line. */
const RECORD_LISTS = new Set(['contents', 'pages', 'redirects']);

/**
 * Serialises a manifest the one way docsmith writes it: two-space JSON, except that the records of `contents`,
 * `pages` and `redirects` are one compact line each (a site with 23,000 paths spent 40 % of its manifest on
 * indentation; a line per record still diffs line by line), and a trailing newline.
 */
export function serializeManifest(manifest: Manifest | Omit<Manifest, 'buildId'>): string {
  const members = Object.entries(manifest).filter(([, value]) => value !== undefined);
  const lines = members.map(([key, value]) => {
    const name = `  ${JSON.stringify(key)}: `;
    if (!RECORD_LISTS.has(key) || !Array.isArray(value) || value.length === 0)
      return `${name}${JSON.stringify(value, null, 2).replaceAll('\n', '\n  ')}`;
    return `${name}[\n${value.map((record) => `    ${JSON.stringify(record)}`).join(',\n')}\n  ]`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** The sha256 of files' names and texts, in name order (each name and text ended by a NUL), and how many there are. */
function agentFilesDigest(files: ReadonlyMap<string, string>): { sha256: string; files: number } {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) hash.update(`${name}\0${files.get(name) as string}\0`);
  return { sha256: hash.digest('hex'), files: files.size };
}
