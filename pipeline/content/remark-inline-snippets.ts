import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import './page-data.ts';
import { SnippetInliner } from './snippet-inliner.ts';
import { SnippetTreeCache } from './snippet-tree-cache.ts';
import { treeScope } from './tree-scope.ts';

/** Default of `RemarkInlineSnippetsOptions.maxDepth`. */
export const DEFAULT_MAX_SNIPPET_DEPTH = 8;

/** Options of `remarkInlineSnippets`. */
export interface RemarkInlineSnippetsOptions {
  /** Where parsed snippet trees are kept, shared by every page it parses (default: a cache of this plugin instance). */
  snippetTrees?: SnippetTreeCache;
  /** Snippets inlined inside snippets before the chain is reported as a cycle (default `DEFAULT_MAX_SNIPPET_DEPTH`, 8). */
  maxDepth?: number;
}

/**
 * Unified plugin: replaces each snippet usage that stands as a block — `<Snippet file="x.mdx" />` (a site path,
 * else looked up in `snippets/`, then `_snippets/`) and an element named after an imported `.md`/`.mdx` file —
 * by the snippet's own parsed tree, snippets inside snippets too. The element stays, its children become the
 * snippet's top-level nodes and `data.snippet` names the snippet file (their positions are lines of that file);
 * elements named after an import of their file get `data.importedFrom` (which makes them block components). A call of a
 * component defined with a JSX body — in the tree, or exported by name from an `.mdx`/`.jsx` snippet — gets the nodes its
 * body renders as children (`expandComponent`). Writes `file.data.pageSnippets` (imports,
 * inlined texts); missing snippets, cycles and snippet parse errors go to `file.data.pageDiagnostics` at the file
 * and line where they occur. Reads `file.data.pageInput.readSnippet`: without it imports are listed but nothing
 * is read, inlined or reported missing. Walks without recursion, so no nesting is too deep.
 */
export function remarkInlineSnippets(options: RemarkInlineSnippetsOptions = {}) {
  const snippetTrees = options.snippetTrees ?? new SnippetTreeCache();
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_SNIPPET_DEPTH;
  return (tree: Root, file: VFile): void => {
    const inliner = new SnippetInliner(
      file.data.pageInput?.readSnippet,
      snippetTrees,
      maxDepth,
      (file.data.pageDiagnostics ??= []),
    );
    inliner.inlineTree(tree.children, treeScope(file.path, [file.path], tree.children));
    file.data.pageSnippets = { imports: [...inliner.imports].sort(), inlinedTexts: inliner.inlinedTexts };
  };
}
