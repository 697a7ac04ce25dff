import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const markdownProcessor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkGfm)
  .use(remarkMath)
  .freeze();
const mdxProcessor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkMdx)
  .freeze();

/** Whether a page file is Markdown (`.md`) or MDX (everything else we parse). */
export function pageKind(file: string): 'md' | 'mdx' {
  return file.toLowerCase().endsWith('.md') ? 'md' : 'mdx';
}

/**
 * Parses a page file into its mdast tree with the processor its extension calls for:
 * remark-parse + remark-frontmatter + remark-gfm + remark-math (LaTeX in `$…$` and `$$…$$`, which the platform renders,
 * so its braces are not MDX expressions) (+ remark-mdx for `.mdx`). Throws the parser's VFileMessage on bad MDX.
 */
export function parsePageTree(file: string, text: string): Root {
  return (pageKind(file) === 'md' ? markdownProcessor : mdxProcessor).parse(text);
}
