import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import { htmlLinks, jsxLinks, type ElementLink } from './element-links.ts';
import './page-data.ts';
import type { PageLink } from './parsed-page.ts';

/**
 * Unified plugin: collects the page's own links in document order into `file.data.pageLinks`: link and
 * definition URLs, image sources (`kind: 'image'`), `href`/`src` of raw HTML and of JSX elements. Runs after
 * `remarkInlineSnippets` and skips the content of the snippets it inlined (`data.snippet`: a snippet's links are
 * its own). Walks without recursion, so no nesting is too deep.
 */
export function remarkPageLinks() {
  return (tree: Root, file: VFile): void => {
    const links: PageLink[] = [];
    const pending: Nodes[] = [...tree.children].reverse();
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      const position = node.position?.start;
      for (const { url, kind } of linksOf(node)) links.push({ url, line: position?.line ?? 0, column: position?.column ?? 0, ...(kind ? { kind } : {}) });
      if ('children' in node && node.data?.snippet === undefined) for (let index = node.children.length - 1; index >= 0; index -= 1) pending.push(node.children[index] as Nodes);
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
