import * as z from 'zod/v4';
import { pageMarkdownFile } from '../../schemas/page-markdown-file.ts';
import { parsePagePath } from '../artifacts/parse-page-path.ts';
import { currentPagePath } from '../assistant/current-page-path.ts';
import { closestPagePaths, siteFacets } from '../search/index.ts';
import { READ_ONLY_TOOL, toolError, type DocsTool, type DocsToolContext } from './docs-tool.ts';

/** Longest page path (or link) accepted, as `GET /v1/page` accepts it. */
const MAX_PATH_LENGTH = 1024;

/** The tool's input, the same for every site: made once (a server is made per request). */
const inputSchema = z.object({
  path: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH)
    .describe('The page path as search returns it, e.g. /quickstart or /guides/setup#install'),
});

/**
 * The `get_page` tool: the Markdown of one page of the current build, the same text as the build's `pages/<path>.md`
 * (and `GET /v1/page`). It takes a page path as `search` returns it (`/guides/setup#install`; a leading `/`, `.md`
 * and `#anchor` are optional) or a result's link. A path that names no page is a tool error naming the closest paths.
 */
export function getPageTool(context: DocsToolContext): DocsTool {
  return {
    name: 'get_page',
    title: `Read a page of the ${context.site.siteName} documentation`,
    description: `Read a whole page of the ${context.site.siteName} documentation as Markdown. Pass the path of a search result (e.g. /quickstart).`,
    inputSchema,
    annotations: READ_ONLY_TOOL,
    async call(input) {
      const requested = (input as z.infer<typeof inputSchema>).path;
      const site = await context.currentSite();
      const link = /^https?:\/\//i.test(requested.trim())
        ? currentPagePath(requested, site.siteUrl || (context.markdownBase ?? ''))
        : requested;
      const pagePath = parsePagePath(link);
      if (pagePath === undefined)
        return toolError(
          `Unexpected path \`${requested.slice(0, 200)}\`, expected a page path as search returns it, like /quickstart.`,
        );
      const markdown = await context.readBuildFile(site, pageMarkdownFile(pagePath));
      if (markdown !== undefined) return { content: [{ type: 'text', text: markdown }] };
      const closest = closestPagePaths(siteFacets(site.index).pagePaths, pagePath).map((candidate) => `/${candidate}`);
      return toolError(
        `No page /${pagePath} in the ${site.siteName} documentation.${closest.length > 0 ? ` Closest paths: ${closest.join(', ')}.` : ''}`,
      );
    },
  };
}
