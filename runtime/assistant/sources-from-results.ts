import type { PageContext } from '../../contract/search/section-record.ts';
import type { SearchResult } from '../search/search.ts';
import type { AssistantSource } from './assistant-prompt.ts';

/** The sources of an answer from ranked search results: `src_n` ids in rank order, absolute links under `siteUrl`, heading in the title. */
export function sourcesFromResults(results: SearchResult[], siteUrl: string): AssistantSource[] {
  return results.map((result, position) => ({
    id: `src_${position + 1}`,
    url: `${siteUrl}/${result.path}${result.anchor ? `#${result.anchor}` : ''}`,
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
