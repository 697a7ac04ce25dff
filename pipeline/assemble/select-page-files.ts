import { pageFileFinder, type SiteFiles } from '../site/load-site.ts';

/** The page files a build parses, and those the navigation names (pages whatever their name). */
export interface PageFileSelection {
  /** Page candidates plus the other Markdown files (README.mdx, snippets…) the navigation names. */
  inputFiles: string[];
  /** Files the navigation names, readable or not: pages even when another page imports them. */
  namedPageFiles: Set<string>;
}

/**
 * Picks the files to parse as pages: every page candidate, and any other `.md`/`.mdx` file (README, LICENSE,
 * a snippet) that the navigation names, since a file the navigation names is a page whatever its name.
 */
export function selectPageFiles(site: SiteFiles, navigationRoutes: ReadonlySet<string>): PageFileSelection {
  const pageFileOf = pageFileFinder([...site.pageFiles, ...site.namedOnlyPageFiles, ...site.unreadableFiles.keys()]);
  const namedPageFiles = new Set<string>();
  for (const route of navigationRoutes) {
    const file = pageFileOf(route);
    if (file !== undefined) namedPageFiles.add(file);
  }
  return {
    inputFiles: [...site.pageFiles, ...site.namedOnlyPageFiles.filter((file) => namedPageFiles.has(file))],
    namedPageFiles,
  };
}
