import type { Root } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { remarkInlineSnippets } from '../../pipeline/content/remark-inline-snippets.ts';

const snippets = new Map([
  ['snippets/outer.mdx', 'import Inner from "/snippets/inner.mdx";\n\nOuter text.\n\n<Inner />\n'],
  ['snippets/inner.mdx', '\n\n## Inner {#inner-id}\n'],
  ['snippets/box.mdx', 'export const Box = ({ children }) => <div>{children}</div>;\n'],
]);

function inline(text: string, maxDepth?: number): { tree: Root; file: VFile } {
  const processor = unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkInlineSnippets, maxDepth === undefined ? {} : { maxDepth });
  const file = new VFile({
    path: 'page.mdx',
    value: text,
    data: { pageInput: { readSnippet: (sitePath: string) => snippets.get(sitePath) } },
  });
  const tree = processor.runSync(processor.parse(file), file) as Root;
  return { tree, file };
}

describe('remarkInlineSnippets', () => {
  it("keeps the usage element, gives it the snippet tree as children and names the snippet file, positions staying the snippet's", () => {
    const { tree, file } = inline(
      'import Button from "/snippets/button.jsx";\n\n<Snippet file="outer.mdx" />\n\n<Button />\n',
    );
    const usage = tree.children[1];
    expect(usage).toMatchObject({
      type: 'mdxJsxFlowElement',
      name: 'Snippet',
      data: { snippet: { file: 'snippets/outer.mdx' } },
    });
    const [esm, paragraph, inner] = (usage as { children: Root['children'] }).children;
    expect(esm?.type).toBe('mdxjsEsm');
    expect(paragraph).toMatchObject({ type: 'paragraph', position: { start: { line: 3, column: 1 } } });
    expect(inner).toMatchObject({
      name: 'Inner',
      data: { snippet: { file: 'snippets/inner.mdx', headingIds: new Map([[3, 'inner-id']]) } },
    });
    expect((inner as { children: Root['children'] }).children[0]).toMatchObject({
      type: 'heading',
      position: { start: { line: 3 } },
    });
    expect(tree.children[2]).toMatchObject({ name: 'Button', data: { importedFrom: 'snippets/button.jsx' } });
    expect(file.data.pageSnippets).toEqual({
      imports: ['snippets/button.jsx', 'snippets/inner.mdx', 'snippets/outer.mdx'],
      inlinedTexts: [snippets.get('snippets/outer.mdx'), snippets.get('snippets/inner.mdx')],
    });
  });

  it('renders a component a snippet exports by name with its children inside; a default import stands for the snippet', () => {
    const { tree } = inline(
      'import { Box } from "/snippets/box.mdx";\nimport Inner from "/snippets/inner.mdx";\n\n<Box>\n  Text inside the box.\n</Box>\n\n<Inner />\n',
    );
    expect(tree.children[1]).toMatchObject({
      name: 'Box',
      children: [
        {
          name: 'div',
          data: { renderedBy: 'Box' },
          children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Text inside the box.' }] }],
        },
      ],
    });
    expect(tree.children[2]).toMatchObject({
      name: 'Inner',
      data: { snippet: { file: 'snippets/inner.mdx' } },
      children: [{ type: 'heading' }],
    });
  });

  it('never changes the cached snippet tree it inlines from', () => {
    const first = inline('<Snippet file="outer.mdx" />\n').tree;
    const second = inline('<Snippet file="outer.mdx" />\n').tree;
    expect(second).toEqual(first);
    expect((first.children[0] as { children: Root['children'] }).children[1]).not.toBe(
      (second.children[0] as { children: Root['children'] }).children[1],
    );
  });

  it('reports a chain deeper than maxDepth, no cycle, as past the limit at the usage in the snippet file', () => {
    const { file } = inline('<Snippet file="outer.mdx" />\n', 1);
    expect(file.data.pageDiagnostics).toMatchObject([
      { file: 'snippets/outer.mdx', line: 5, column: 1, ruleId: 'snippet-limit' },
    ]);
    expect(file.data.pageDiagnostics?.[0]?.message).toContain('page.mdx → snippets/outer.mdx → snippets/inner.mdx');
  });

  it('stops after 1,000 snippets in one page with one warning: ten uses a level, eight levels deep, is no hang', () => {
    const levels = 8;
    for (let level = 0; level < levels; level += 1)
      snippets.set(
        `snippets/fan-${level}.mdx`,
        level + 1 < levels
          ? `import Next from "/snippets/fan-${level + 1}.mdx";\n\nLevel ${level}.\n\n${'<Next />\n\n'.repeat(10)}`
          : `Level ${level}.\n`,
      );
    const { file } = inline('import Fan from "/snippets/fan-0.mdx";\n\n<Fan />\n');
    expect(file.data.pageDiagnostics?.map((diagnostic) => diagnostic.ruleId)).toEqual(['snippet-limit']);
    expect(file.data.pageDiagnostics?.[0]?.message).toContain('after 1000 others');
  });
});
