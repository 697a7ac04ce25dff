import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import './page-data.ts';
import { readFrontmatter } from './read-frontmatter.ts';

/**
 * Unified plugin: reads the page's YAML frontmatter (the `yaml` node remark-frontmatter leaves first) into
 * `file.data.pageFrontmatter` (frontmatter, title, description) and starts `file.data.pageDiagnostics` with its
 * problems, an unclosed frontmatter block among them (`invalid-frontmatter`: remark-frontmatter, as the platform's
 * parser, then reads its lines as text). The vfile's `path` is the site-relative page file.
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
    file.data.pageDiagnostics =
      yamlNode || !UNCLOSED_FRONTMATTER.test(String(file.value))
        ? diagnostics
        : [
            {
              file: file.path,
              line: 1,
              column: 1,
              severity: 'warning',
              ruleId: 'invalid-frontmatter',
              message: 'Unexpected end of the page in its frontmatter, expected a closing `---` line',
              hint: 'Close the frontmatter with a line of three dashes; until then its lines are page text and the page has no title of its own.',
            },
            ...diagnostics,
          ];
  };
}

/** A page opening with `---` and a `key:` line, which no later `---` line closes: frontmatter its writer did not close. */
const UNCLOSED_FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n[A-Za-z_][\w-]*[ \t]*:(?![\s\S]*\n---[ \t]*(?:\r?\n|$))/;
