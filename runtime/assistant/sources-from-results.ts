import { pageUrl, siteFilesPath } from '../artifacts/page-url.ts';
import type { PageContext } from '../../contract/search/section-record.ts';
import type { SearchResult } from '../search/search.ts';
import type { AssistantSource } from './assistant-prompt.ts';

/** Where an answer's sources link to. */
export interface SourceLinks {
  /** The site's public URL ('' when its build has none). */
  siteUrl: string;
  domain: string;
  /** Where this runtime serves the domain's page Markdown, used when there is no site URL (default: root-relative `/sites/<domain>`). */
  markdownBase?: string;
}

/**
 * The sources of an answer from ranked search results: `src_n` ids in rank order, heading in the title, links under
 * the site URL, else to the page's Markdown on this runtime (so that the first click on a citation opens the page).
 */
export function sourcesFromResults(results: SearchResult[], links: SourceLinks): AssistantSource[] {
  const markdownBase = links.markdownBase ?? siteFilesPath(links.domain);
  return results.map((result, position) => ({
    id: `src_${position + 1}`,
    url: pageUrl(links.siteUrl, markdownBase, result.path, result.anchor),
    title: result.headingPath.length > 0 ? `${result.title} › ${result.headingPath.at(-1)}` : result.title,
    path: result.path,
    anchor: result.anchor,
    text: result.text,
    snippet: result.snippet,
    breadcrumb: navigationBreadcrumb(result.metadata),
  }));
}

/** The places of a page in the navigation, outermost first, without repeats (a tab and its only group often share a name). */
function navigationBreadcrumb(context: PageContext): string[] {
  const places = [context.product, context.tab, context.dropdown, context.anchor, context.menu, ...context.groups];
  return places.filter((place, index): place is string => typeof place === 'string' && place !== '' && place !== places[index - 1]);
}
