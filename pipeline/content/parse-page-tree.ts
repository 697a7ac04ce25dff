import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { unravelJsx } from './remark-unravel-jsx.ts';

/**
 * The frontmatter blocks a page may start with, as the platform's parser reads them (`coreRemarkMdxPlugins` of
 * `@mintlify/common`): YAML between `---` lines and TOML between `+++` lines. Both are left out of the page's text;
 * only YAML is read into page metadata (docs/decisions/0248-toml-frontmatter-hidden-not-read.md).
 */
export const FRONTMATTER_FORMATS: ['yaml', 'toml'] = ['yaml', 'toml'];

const markdownProcessor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, FRONTMATTER_FORMATS)
  .use(remarkGfm)
  .use(remarkMath)
  .freeze();
const mdxProcessor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, FRONTMATTER_FORMATS)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkMdx)
  .freeze();

/** Whether a page file is Markdown (`.md`) or MDX (everything else we parse). */
export function pageKind(file: string): 'md' | 'mdx' {
  return file.toLowerCase().endsWith('.md') ? 'md' : 'mdx';
}

/**
 * Parses a page file into its mdast tree as the platform does, as MDX whatever its extension:
 * remark-parse + remark-frontmatter (`FRONTMATTER_FORMATS`) + remark-gfm + remark-math (LaTeX in `$…$` and `$$…$$`, which the platform renders,
 * so its braces are not MDX expressions) + remark-mdx; a `.md` file that is not valid MDX is read as plain Markdown.
 * Paragraphs of JSX elements alone are unravelled into blocks (`unravelJsx`), as the MDX compiler does.
 * Throws the parser's VFileMessage on a bad `.mdx` file.
 */
export function parsePageTree(file: string, text: string): Root {
  if (pageKind(file) === 'mdx') return unravelled(mdxProcessor.parse(text));
  try {
    return unravelled(mdxProcessor.parse(text));
  } catch {
    return markdownProcessor.parse(text);
  }
}

function unravelled(tree: Root): Root {
  unravelJsx(tree);
  return tree;
}
