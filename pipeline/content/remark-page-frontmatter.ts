import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import './page-data.ts';
import { readFrontmatter } from './read-frontmatter.ts';

/**
 * Unified plugin: reads the page's YAML frontmatter (the `yaml` node remark-frontmatter leaves first) into
 * `file.data.pageFrontmatter` (frontmatter, title, description) and starts `file.data.pageDiagnostics` with its
 * problems. The vfile's `path` is the site-relative page file.
 */
export function remarkPageFrontmatter() {
  return (tree: Root, file: VFile): void => {
    const yamlNode = tree.children[0]?.type === 'yaml' ? tree.children[0] : undefined;
    const { frontmatter, title, description, diagnostics } = readFrontmatter({
      file: file.path,
      yaml: yamlNode?.value,
      line: (yamlNode?.position?.start.line ?? 1) + 1,
    });
    file.data.pageFrontmatter = { frontmatter, title, ...(description === undefined ? {} : { description }) };
    file.data.pageDiagnostics = diagnostics;
  };
}
