import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import type { PageInputData } from './page-data.ts';
import { pageKind } from './parse-page-tree.ts';
import { PageWalk } from './page-walk.ts';
import { SnippetTreeCache } from './snippet-tree-cache.ts';

/** Options of `remarkPageContent`. */
export interface RemarkPageContentOptions {
  /** Where parsed snippet trees are kept (default: a cache of this plugin instance). */
  snippetTrees?: SnippetTreeCache;
}

/**
 * Unified plugin: walks the page tree once, inlining snippets where they are used, and writes
 * `file.data.pageContent` (headings, sections of plain text, imports, inlined snippets); its warnings
 * go to `file.data.pageDiagnostics`. Reads `file.data.pageInput` (the snippet reader) and `file.data.customHeadingIds`.
 */
export function remarkPageContent(options: RemarkPageContentOptions = {}) {
  const snippetTrees = options.snippetTrees ?? new SnippetTreeCache();
  return (tree: Root, file: VFile): void => {
    const input: PageInputData = file.data.pageInput ?? {};
    const diagnostics = (file.data.pageDiagnostics ??= []);
    const walk = new PageWalk(file.path, input.readSnippet, snippetTrees, diagnostics);
    try {
      walk.tree(tree, file.path, [file.path], file.data.customHeadingIds ?? new Map());
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      const kind = pageKind(file.path);
      diagnostics.push({ file: file.path, line: 1, column: 1, severity: 'error', ruleId: kind === 'mdx' ? 'mdx-parse' : 'markdown-parse', message: 'Unexpected nesting too deep to read, expected elements nested at most a few hundred levels deep' });
      walk.writer.discard();
    }
    walk.writer.close();
    file.data.pageContent = { headings: walk.writer.headings, sections: walk.writer.sections, inlinedElements: walk.inlinedElements, imports: [...walk.imports].sort(), inlinedTexts: walk.inlinedTexts };
  };
}
