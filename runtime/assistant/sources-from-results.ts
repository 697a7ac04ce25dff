import type { SearchResult } from '../search/search.ts';
import type { AssistantSource } from './assistant-prompt.ts';
import type { SelectedSection } from './select-source-sections.ts';

/**
 * The sources of an answer from ranked search results: `src_n` ids in rank order, absolute links under `siteUrl`,
 * heading in the title (every heading above it too in `fullTitle`), the page's groups as its breadcrumbs. With `selected` (`selectSourceSections`), each source
 * is its page's selected sections: the first gives the link and the text, the others follow as `moreSections`.
 */
export function sourcesFromResults(results: SearchResult[], siteUrl: string, selected?: readonly (readonly SelectedSection[])[]): AssistantSource[] {
  return results.map((result, position) => {
    const [first = result, ...others] = selected?.[position] ?? [];
    const titled = (section: SelectedSection): string => (section.headingPath.length > 0 ? `${result.title} › ${section.headingPath.at(-1)}` : result.title);
    const fullTitle = (section: SelectedSection): string => [result.title, ...section.headingPath].join(' › ');
    const link = (anchor: string): string => `${siteUrl}/${result.path}${anchor ? `#${anchor}` : ''}`;
    return {
      id: `src_${position + 1}`,
      url: link(first.anchor),
      title: titled(first),
      ...(first.headingPath.length > 1 ? { fullTitle: fullTitle(first) } : {}),
      path: result.path,
      anchor: first.anchor,
      text: first.text,
      snippet: result.snippet,
      ...(result.metadata.groups.length > 0 ? { breadcrumbs: result.metadata.groups } : {}),
      ...(others.length > 0 ? { moreSections: others.map((section) => ({ title: fullTitle(section), url: link(section.anchor), text: section.text })) } : {}),
    };
  });
}
