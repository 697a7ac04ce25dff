import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../../pipeline/content/parse-page.ts';
import { remarkParseInSlices } from '../../pipeline/content/remark-parse-in-slices.ts';
import { MAX_SECTIONS_PER_PAGE } from '../../pipeline/content/section-writer.ts';
import { splitPageBlocks } from '../../pipeline/content/split-page-blocks.ts';

/** One stretch of a page with every construct a cut must not fall into. */
const stretch = (index: number): string =>
  [
    `## Part ${index}`,
    '',
    `Text of part ${index} with a [link](/guides/${index}) and \`code\`.`,
    '',
    '```js',
    'const a = 1;',
    '',
    'const b = 2;',
    '```',
    '',
    '<Note>',
    '',
    `Inside a note ${index}.`,
    '',
    '</Note>',
    '',
    '<Card',
    '  title="Card"',
    '',
    '  href="/x"',
    '/>',
    '',
    '- item one',
    '',
    '- item two',
    '',
    '| a | b |',
    '| - | - |',
    `| ${index} | x |`,
    '',
    '{/* a comment',
    '',
    'over lines */}',
    '',
    '$$',
    'x = 1',
    '',
    'y = 2',
    '$$',
    '',
  ].join('\n');

/** A tree as the page stages read it: every node's type and value, and the start of every node that is not text. */
function readable(tree: Root): unknown[] {
  const nodes: unknown[] = [];
  visit(tree, (node) => {
    const start = ['text', 'inlineCode', 'break', 'emphasis', 'strong', 'delete', 'inlineMath'].includes(node.type)
      ? undefined
      : node.position?.start;
    nodes.push([node.type, 'value' in node ? node.value : undefined, start?.line, start?.column]);
  });
  return nodes;
}

const processor = (blocksPerParse: number) =>
  unified()
    .use(remarkParse)
    .use(remarkParseInSlices, { blocksPerParse })
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkGfm)
    .use(remarkMath)
    .use(remarkMdx);

describe('pages of many blocks (issue #30 item 3)', () => {
  it('are parsed in slices cut only between top-level blocks, into the tree a whole parse gives', () => {
    const text = `---\ntitle: Big\n---\n\n${Array.from({ length: 60 }, (_, index) => stretch(index)).join('\n')}`;
    const slices = splitPageBlocks(text, 20);
    expect(slices.length).toBeGreaterThan(10);
    expect(slices.map((slice) => slice.text).join('')).toBe(text);
    for (const slice of slices.slice(1))
      expect(slice.text).toMatch(/^## Part \d+|^Text of part|^<Note>|^<Card|^\{\/\*/);
    expect(readable(processor(20).parse(text))).toEqual(readable(processor(1_000_000).parse(text)));
  });

  it('are parsed whole when the cuts cannot be trusted (an element left open)', () => {
    expect(splitPageBlocks(`<Tabs>\n\n${'Paragraph.\n\n'.repeat(100)}`, 10)).toHaveLength(1);
    expect(splitPageBlocks(`<!-- a comment\n\n${'Paragraph.\n\n'.repeat(100)}`, 10)).toHaveLength(1);
    expect(splitPageBlocks(`\`\`\`\n\n${'Code.\n\n'.repeat(100)}`, 10)).toHaveLength(1);
  });

  it('split into at most 10,000 sections: the headings past that are text of the last section, with one warning', () => {
    const count = MAX_SECTIONS_PER_PAGE + 3;
    const text = `---\ntitle: Many\n---\n\n${Array.from({ length: count }, (_, index) => `## Heading ${index}\n\nLine ${index}.\n`).join('\n')}`;
    const page = parsePage({ file: 'many.mdx', text });
    expect(page.sections).toHaveLength(MAX_SECTIONS_PER_PAGE);
    expect(page.headings).toHaveLength(MAX_SECTIONS_PER_PAGE);
    expect(page.sections.at(-1)?.text.split('\n').slice(-4)).toEqual([
      `Heading ${count - 2}`,
      `Line ${count - 2}.`,
      `Heading ${count - 1}`,
      `Line ${count - 1}.`,
    ]);
    expect(page.diagnostics).toMatchObject([
      { ruleId: 'too-many-sections', severity: 'warning', line: 5 + 4 * MAX_SECTIONS_PER_PAGE },
    ]);
  });
});
