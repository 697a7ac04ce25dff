import type { Root } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../../pipeline/content/parse-page.ts';
import { remarkInlineSnippets } from '../../pipeline/content/remark-inline-snippets.ts';
import { remarkLiteralExpressions } from '../../pipeline/content/remark-literal-expressions.ts';
import { readContentFixtures } from './read-content-fixtures.ts';

/** test/fixtures/literal-expressions: a page of `{expressions}` and the snippets it imports, by site path. */
const site = readContentFixtures('literal-expressions');
const page = parsePage({ file: 'page.mdx', text: site.get('page.mdx') ?? '', readSnippet: (file) => site.get(file) });
const sectionText = (anchor: string): string => page.sections.find((section) => section.anchor === anchor)?.text ?? '';

describe('remarkLiteralExpressions through parsePage', () => {
  it('fences a CodeBlock of a snippet constant inside a CodeGroup, with its language and filename, like a titled fence', () => {
    expect(sectionText('create-a-table')).toContain(
      '```Python Python\ntable = db.create_table("camelot", data=data)\n```\n' +
        '```TypeScript TypeScript\nimport * as db from "db";\n\nconst table = await db.createTable("camelot", data);\n```',
    );
  });

  it('fences a CodeBlock of a page constant, and one whose code is written as plain text', () => {
    expect(sectionText('create-a-table')).toContain('```python Local\nlocal_value = compute_local()\n```');
    expect(sectionText('create-a-table')).toContain('```bash bash\npip install acme\n```');
  });

  it('puts a page constant in text where it stands', () => {
    expect(sectionText('create-a-table')).toContain('You can now create a table in Acme Cloud.');
  });

  it('puts string literals in table cells, HTML and Markdown, and literals in text', () => {
    expect(sectionText('keys').split('\n')).toEqual(
      expect.arrayContaining(['Workflow | workflow_{id}', 'Message | message_{id}', 'Send tmpl with 42 retries.']),
    );
  });

  it('reads a constant in an attribute, a renamed import and an import the snippet imports itself', () => {
    expect(sectionText('keys')).toContain('Limits\nRenamed: renamed text. Chained: chained from base.');
  });

  it("reads an inlined snippet's expressions with the snippet's own constants", () => {
    expect(sectionText('dropped')).toContain('Shared text about the shared product.');
  });

  it('drops unknown names, non-literal values, import cycles, operators and unresolved CodeBlocks, without a diagnostic', () => {
    expect(sectionText('dropped')).toContain('Unknown , member , call , loop , helper , sum .');
    expect(sectionText('dropped')).not.toContain('```');
    expect(page.diagnostics).toEqual([]);
  });

  it('lists the snippets it followed, so a change to one reparses the page', () => {
    expect(page.imports).toEqual([
      'snippets/base.mdx',
      'snippets/code.mdx',
      'snippets/loop-a.mdx',
      'snippets/loop-b.mdx',
      'snippets/shared.mdx',
    ]);
    const changed = parsePage({
      file: 'page.mdx',
      text: site.get('page.mdx') ?? '',
      readSnippet: (file) => (file === 'snippets/base.mdx' ? 'export const Base = "changed";\n' : site.get(file)),
    });
    expect(changed.contentHash).not.toBe(page.contentHash);
  });
});

describe('remarkLiteralExpressions', () => {
  const snippets = new Map([['snippets/text.mdx', 'export const Word = "snippet word";\n']]);
  function expand(text: string, maxExpandedCharacters?: number): { tree: Root; file: VFile } {
    const processor = unified()
      .use(remarkParse)
      .use(remarkMdx)
      .use(remarkInlineSnippets)
      .use(remarkLiteralExpressions, maxExpandedCharacters === undefined ? {} : { maxExpandedCharacters });
    const file = new VFile({
      path: 'page.mdx',
      value: text,
      data: { pageInput: { readSnippet: (sitePath: string) => snippets.get(sitePath) } },
    });
    return { tree: processor.runSync(processor.parse(file), file) as Root, file };
  }

  it('replaces a resolved expression by a text node and leaves an unknown one as it is', () => {
    const { tree } = expand('import { Word } from "/snippets/text.mdx";\n\nA {Word} and {Other}.\n');
    expect(tree.children[1]).toMatchObject({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'A ' },
        { type: 'text', value: 'snippet word' },
        { type: 'text', value: ' and ' },
        { type: 'mdxTextExpression', value: 'Other' },
        { type: 'text', value: '.' },
      ],
    });
  });

  it('makes a resolved attribute value a string', () => {
    const { tree } = expand('export const Label = "Setup";\n\n<Card title={Label} icon={icon} />\n');
    expect(tree.children[1]).toMatchObject({
      attributes: [
        { name: 'title', value: 'Setup' },
        { name: 'icon', value: { type: 'mdxJsxAttributeValueExpression', value: 'icon' } },
      ],
    });
  });

  it('stops expanding past the character limit of a page and says where', () => {
    const { tree, file } = expand('{"12345"}\n\n{"67890"}\n', 8);
    expect(tree.children).toMatchObject([{ type: 'paragraph' }, { type: 'mdxFlowExpression' }]);
    expect(file.data.pageDiagnostics).toMatchObject([
      { file: 'page.mdx', line: 3, column: 1, severity: 'warning', ruleId: 'too-much-expression-text' },
    ]);
  });
});
