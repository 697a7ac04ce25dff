import { pageUrl, siteFilesPath, type PageSigner } from '../artifacts/page-url.ts';
import type { PageContext } from '../../contract/search/section-record.ts';
import type { SearchResult } from '../search/search.ts';
import type { AssistantSource } from './assistant-prompt.ts';
import type { SelectedSection } from './select-source-sections.ts';

/** Where an answer's sources link to. */
export interface SourceLinks {
  /** The site's public URL ('' when its build has none). */
  siteUrl: string;
  domain: string;
  /** Where this runtime serves the domain's page Markdown, used when there is no site URL (default: root-relative `/sites/<domain>`). */
  markdownBase?: string;
  /** Signs the Markdown links of a keyed domain for the key that asked, so they open without one (default: unsigned). */
  signPage?: PageSigner;
}

/**
 * The sources of an answer from ranked search results: `src_n` ids in rank order, heading in the title (every heading
 * above it too in `fullTitle`), links under the site URL, else to the page's Markdown on this runtime (so that the
 * first click on a citation opens the page), the page's place in the navigation as its breadcrumb. With `selected`
 * (`selectSourceSections`), each source is its page's selected sections: the first gives the link and the text, the
 * others follow as `moreSections`.
 */
export function sourcesFromResults(
  results: SearchResult[],
  links: SourceLinks,
  selected?: readonly (readonly SelectedSection[])[],
): AssistantSource[] {
  const markdownBase = links.markdownBase ?? siteFilesPath(links.domain);
  return results.map((result, position) => {
    const [first = result, ...others] = selected?.[position] ?? [];
    const titled = (section: SelectedSection): string =>
      section.headingPath.length > 0 ? `${result.title} › ${section.headingPath.at(-1)}` : result.title;
    const fullTitle = (section: SelectedSection): string => [result.title, ...section.headingPath].join(' › ');
    return {
      id: `src_${position + 1}`,
      url: pageUrl(links.siteUrl, markdownBase, result.path, first.anchor, links.signPage),
      title: titled(first),
      ...(first.headingPath.length > 1 ? { fullTitle: fullTitle(first) } : {}),
      path: result.path,
      anchor: first.anchor,
      text: first.text,
      snippet: result.snippet,
      breadcrumb: navigationBreadcrumb(result.metadata),
      ...(others.length > 0
        ? {
            moreSections: others.map((section) => ({
              title: fullTitle(section),
              url: pageUrl(links.siteUrl, markdownBase, result.path, section.anchor, links.signPage),
              text: section.text,
            })),
          }
        : {}),
    };
  });
}

/** The places of a page in the navigation, outermost first, without repeats (a tab and its only group often share a name). */
function navigationBreadcrumb(context: PageContext): string[] {
  const places = [context.product, context.tab, context.dropdown, context.anchor, context.menu, ...context.groups];
  return places.filter(
    (place, index): place is string => typeof place === 'string' && place !== '' && place !== places[index - 1],
  );
}
