import * as z from 'zod/v4';
import searchRequestSchema from '../../schemas/search-request.schema.json' with { type: 'json' };
import type { LoadedSite } from '../artifacts/create-artifact-store.ts';
import { pageUrl, type PageSigner } from '../artifacts/page-url.ts';
import { searchPages, siteFacets, type SearchResult } from '../search/index.ts';
import { READ_ONLY_TOOL, toolError, type DocsTool, type DocsToolContext } from './docs-tool.ts';

const bounds = searchRequestSchema.properties;

/** One result of the `search` tool. */
const resultSchema = z.object({
  title: z.string(),
  breadcrumb: z.string().describe('Where the page sits in the site, then its heading: "Group › Page › Section"'),
  path: z.string().describe('The page path with the section anchor: pass it to get_page'),
  url: z.string().optional().describe('The public link to the section'),
  snippet: z.string(),
  score: z.number().describe('Relevance, comparable within one search only'),
  version: z.string().optional(),
  language: z.string().optional(),
});

/** What the tool returns. */
const outputSchema = z.object({ results: z.array(resultSchema), note: z.string().optional() });

const inputSchemaOfSite = new WeakMap<LoadedSite, ReturnType<typeof buildInputSchema>>();

/** The tool's input schema for a loaded site (its versions and languages in the descriptions), made once per build: a server is made per request. */
function inputSchemaOf(site: LoadedSite): ReturnType<typeof buildInputSchema> {
  let schema = inputSchemaOfSite.get(site);
  if (!schema) {
    schema = buildInputSchema(site);
    inputSchemaOfSite.set(site, schema);
  }
  return schema;
}

function buildInputSchema(site: LoadedSite) {
  const { versions, languages } = siteFacets(site.index);
  return z.object({
    query: z.string().min(1).max(bounds.query.maxLength).describe('What to look for: a question or keywords'),
    pageSize: z
      .number()
      .int()
      .min(bounds.pageSize.minimum)
      .max(bounds.pageSize.maximum)
      .default(bounds.pageSize.default)
      .describe('How many pages to return'),
    scoreThreshold: z
      .number()
      .min(bounds.scoreThreshold.minimum)
      .max(bounds.scoreThreshold.maximum)
      .optional()
      .describe('Keep only results scoring at least this share of the best result (0 to 1)'),
    version: z
      .string()
      .max(bounds.filter.properties.version.maxLength)
      .optional()
      .describe(filterDescription('version', versions, site.index.defaults.version)),
    language: z
      .string()
      .max(bounds.filter.properties.language.maxLength)
      .optional()
      .describe(filterDescription('language', languages, site.index.defaults.language)),
  });
}

/**
 * The `search` tool: ranks the site's pages for a query exactly as `POST /v1/search` does (`searchPages`) and returns
 * each page's best section with its title, breadcrumb, path, link and a snippet, as structured content and as its
 * JSON text. A filter value the site does not have is named in a `note` beside the empty results.
 */
export function searchTool(context: DocsToolContext): DocsTool {
  const inputSchema = inputSchemaOf(context.site);
  return {
    name: 'search',
    title: `Search the ${context.site.siteName} documentation`,
    description: `Search the ${context.site.siteName} documentation for the pages about a question or topic. Returns the best pages, each with its title, breadcrumb, path, link and a snippet of its best section; read a whole page with get_page.`,
    inputSchema,
    outputSchema,
    annotations: READ_ONLY_TOOL,
    async call(input) {
      const { query, pageSize, scoreThreshold, version, language } = input as z.infer<typeof inputSchema>;
      if (query.trim() === '') return toolError('Unexpected blank `query`, expected words to search for.');
      const site = await context.currentSite();
      const filter = { ...(version === undefined ? {} : { version }), ...(language === undefined ? {} : { language }) };
      const found = await searchPages(
        site.index,
        { query, pageSize, ...(scoreThreshold === undefined ? {} : { scoreThreshold }), filter },
        {
          ...context.hybrid,
          ...(context.onEmbeddingError ? { onEmbeddingError: context.onEmbeddingError } : {}),
        },
      );
      await context.recordSearch?.(site, query, found.length);
      const results = found.map((result) => resultOf(result, site.siteUrl, context.markdownBase, context.signPage));
      const note = found.length === 0 ? unknownFilterNote(site.index, filter) : undefined;
      const structured = { results, ...(note ? { note } : {}) };
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    },
  };
}

function resultOf(
  result: SearchResult,
  siteUrl: string,
  markdownBase: string | undefined,
  signPage: PageSigner | undefined,
): z.infer<typeof resultSchema> {
  const { tab, groups, version, language } = result.metadata;
  const url = pageUrl(siteUrl, markdownBase, result.path, result.anchor, signPage);
  return {
    title: result.title,
    breadcrumb: [...(tab ? [tab] : []), ...groups, result.title, ...result.headingPath]
      .filter((part, index, parts) => part !== parts[index - 1])
      .join(' › '),
    path: `/${result.path}${result.anchor ? `#${result.anchor}` : ''}`,
    ...(url ? { url } : {}),
    snippet: result.snippet,
    score: result.score,
    ...(version ? { version } : {}),
    ...(language ? { language } : {}),
  };
}

/** A filter parameter's description, naming the values the site has. */
function filterDescription(
  kind: 'version' | 'language',
  values: readonly string[],
  fallback: string | undefined,
): string {
  if (values.length === 0) return `Only pages of this ${kind} (this site has no ${kind}s, so every page matches)`;
  return `Only pages of this ${kind}, or for every ${kind}: one of ${values.join(', ')}${fallback ? ` (default ${fallback})` : ''}`;
}

/** Why a filtered search found nothing when the filter names a version or language the site does not have. */
function unknownFilterNote(
  index: Parameters<typeof siteFacets>[0],
  filter: { version?: string; language?: string },
): string | undefined {
  const { versions, languages } = siteFacets(index);
  if (filter.version !== undefined && versions.length > 0 && !versions.includes(filter.version))
    return `This site has no version \`${filter.version}\`; its versions are ${versions.join(', ')}.`;
  if (filter.language !== undefined && languages.length > 0 && !languages.includes(filter.language))
    return `This site has no language \`${filter.language}\`; its languages are ${languages.join(', ')}.`;
  return undefined;
}
