import type { Nodes, Root } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { htmlLinks, jsxLinks, type ElementLink } from './element-links.ts';
import './page-data.ts';
import type { PageLink } from './parsed-page.ts';

/**
 * Unified plugin: collects the page's own links in document order into `file.data.pageLinks`: link and
 * definition URLs, image sources (`kind: 'image'`), `href`/`src` of raw HTML and of JSX elements. Runs after
 * `remarkInlineSnippets` and skips the content of the snippets it inlined (`data.snippet`: a snippet's links are
 * its own). A tree nested too deep to walk has no links; `remarkPageSections` reports it.
 */
export function remarkPageLinks() {
  return (tree: Root, file: VFile): void => {
    const links: PageLink[] = [];
    try {
      visit(tree, (node: Nodes) => {
        const position = node.position?.start;
        for (const { url, kind } of linksOf(node))
          links.push({ url, line: position?.line ?? 0, column: position?.column ?? 0, ...(kind ? { kind } : {}) });
        return node.data?.snippet === undefined ? undefined : SKIP;
      });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      links.length = 0;
    }
    file.data.pageLinks = links;
  };
}

function linksOf(node: Nodes): ElementLink[] {
  switch (node.type) {
    case 'link':
    case 'definition':
      return [{ url: node.url }];
    case 'image':
      return [{ url: node.url, kind: 'image' }];
    case 'html':
      return htmlLinks(node.value);
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return jsxLinks(node);
    default:
      return [];
  }
}
