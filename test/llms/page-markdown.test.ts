import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** A site of the given pages (file → text) in one navigation group, built in memory. */
async function build(pages: Record<string, string>) {
  return buildSite(
    siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Mini',
        colors: { primary: '#0F766E' },
        navigation: {
          groups: [{ group: 'Guide', pages: Object.keys(pages).map((file) => file.replace(/\.mdx?$/, '')) }],
        },
      }),
      ...pages,
    }),
    { domain: 'mini' },
  );
}

const page = (title: string, ...body: string[]) => ['---', `title: ${title}`, '---', '', ...body, ''].join('\n');

describe('page Markdown keeps inline code and links', () => {
  it('writes the audit example with code spans, links as written and an escaped <TOKEN>, the section text as before', async () => {
    const result = await build({
      'guides/setup.mdx': page(
        'Setup',
        'Run `mini init --token <TOKEN>` to set up the project.',
        '',
        'Read the [setup guide](/guides/setup#install-it) or the [old link](/old/setup).',
        '',
        'Replace \\<TOKEN> with **your** token, see *the* [site][home].',
        '',
        '## The `init` command',
        '',
        'It writes `mini.json`.',
        '',
        '[home]: https://mini.example.com/a_b',
      ),
    });
    expect(result.files.get('pages/guides/setup.md')).toBe(
      [
        '# Setup',
        '',
        'Run `mini init --token <TOKEN>` to set up the project.',
        'Read the [setup guide](/guides/setup#install-it) or the [old link](/old/setup).',
        'Replace \\<TOKEN> with **your** token, see *the* [site](https://mini.example.com/a_b).',
        '',
        '## The `init` command',
        '',
        'It writes `mini.json`.',
        '',
      ].join('\n'),
    );
    expect(result.sectionRecords.map(({ headingPath, text }) => ({ headingPath, text }))).toEqual([
      {
        headingPath: [],
        text: [
          'Run mini init --token <TOKEN> to set up the project.',
          'Read the setup guide or the old link.',
          'Replace <TOKEN> with your token, see the site.',
        ].join('\n'),
      },
      { headingPath: ['The init command'], text: 'It writes mini.json.' },
    ]);
    expect(result.files.get('llms-full.txt')).toBe(result.files.get('pages/guides/setup.md'));
  });

  it('writes a GFM table a Markdown renderer shows as one: delimiter row, blank lines around, `|` in a cell escaped', async () => {
    const result = await build({
      'table.mdx': page(
        'Table',
        'Flags:',
        '',
        '| Flag | Means |',
        '| --- | --- |',
        '| `-a` | all, `a\\|b` |',
        '',
        'Done.',
      ),
    });
    const markdown = result.files.get('pages/table.md') ?? '';
    const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    expect(tree.children.map((node) => node.type)).toEqual(['heading', 'paragraph', 'table', 'paragraph']);
    expect(result.sectionRecords[0]?.text).toBe('Flags:\nFlag | Means\n-a | all, a|b\nDone.');
  });

  it('writes an HTML table as a GFM table too, its first row the header, the search text its `a | b` lines as before', async () => {
    const result = await build({
      'html-table.mdx': page(
        'HTML table',
        'Plans:',
        '',
        '<table>',
        '  <thead>',
        '    <tr><th>Plan</th><th>Limit</th></tr>',
        '  </thead>',
        '  <tbody>',
        '    <tr>',
        '      <td>Free</td>',
        '      <td>10 `req/s`, a|b</td>',
        '    </tr>',
        '    <tr><td>Pro</td><td>100 req/s</td></tr>',
        '  </tbody>',
        '</table>',
        'Done.',
      ),
    });
    const markdown = result.files.get('pages/html-table.md') ?? '';
    const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    expect(tree.children.map((node) => node.type)).toEqual(['heading', 'paragraph', 'table', 'paragraph']);
    expect(markdown).toContain(
      ['| Plan | Limit |', '| --- | --- |', '| Free | 10 `req/s`, a\\|b |', '| Pro | 100 req/s |'].join('\n'),
    );
    expect(result.sectionRecords[0]?.text).toBe('Plans:\nPlan | Limit\nFree | 10 req/s, a|b\nPro | 100 req/s\nDone.');
  });

  it('fences code holding backticks with more backticks, and keeps whitespace-only code as it is', async () => {
    const result = await build({
      'code.mdx': page('Code', 'Quote with ``a`b``, wrap as `` `x` ``, or ```` ``` ```` for a fence.'),
    });
    expect(result.files.get('pages/code.md')).toBe(
      '# Code\n\nQuote with ``a`b``, wrap as `` `x` ``, or ```` ``` ```` for a fence.\n',
    );
    expect(result.sectionRecords[0]?.text).toBe('Quote with a`b, wrap as `x`, or ``` for a fence.');
  });

  it('keeps links in list items, table cells, callouts and cards, and a card title links to its href', async () => {
    const result = await build({
      'links.mdx': page(
        'Links',
        '- See [the API](../api/overview) and [below](#limits).',
        '- Mail ops@example.com or visit https://example.com.',
        '',
        '| Tool | Docs |',
        '| --- | --- |',
        '| `cli` | [CLI](/cli) |',
        '',
        '<Note>Read [the FAQ](/faq) before `--force`.</Note>',
        '',
        '<Card title="Use Array<T>" href="/types">',
        '  Lists of <a href="https://example.com/t">types</a>, see [more](/types#more).',
        '</Card>',
        '',
        '<ParamField path="ids" type="Array<string>">The ids, as in `a,b`.</ParamField>',
      ),
    });
    expect(result.files.get('pages/links.md')).toBe(
      [
        '# Links',
        '',
        '- See [the API](../api/overview) and [below](#limits).',
        '- Mail [ops@example.com](mailto:ops@example.com) or visit [https://example.com](https://example.com).',
        '',
        '| Tool | Docs |',
        '| --- | --- |',
        '| `cli` | [CLI](/cli) |',
        '',
        'Read [the FAQ](/faq) before `--force`.',
        '[Use Array\\<T>](/types)',
        'Lists of [types](https://example.com/t), see [more](/types#more).',
        'ids (Array\\<string>): The ids, as in `a,b`.',
        '',
      ].join('\n'),
    );
    expect(result.sectionRecords[0]?.text).toBe(
      [
        '- See the API and below.',
        '- Mail ops@example.com or visit https://example.com.',
        'Tool | Docs',
        'cli | CLI',
        'Read the FAQ before --force.',
        'Use Array<T>',
        'Lists of types, see more.',
        'ids (Array<string>): The ids, as in a,b.',
      ].join('\n'),
    );
  });

  it('escapes what Markdown would misread in text, and leaves words and URLs with underscores and spaces readable', async () => {
    const result = await build({
      'escapes.mdx': page(
        'Escapes',
        'Set snake_case to 2 \\* 3, not \\_private\\_ or \\[x\\] or object[] or &amp;amp; or \\`tick\\`.',
        '',
        'Open [the file](</docs/my file.md>).',
      ),
    });
    expect(result.files.get('pages/escapes.md')).toBe(
      [
        '# Escapes',
        '',
        'Set snake_case to 2 \\* 3, not \\_private\\_ or \\[x] or object[] or \\&amp; or \\`tick\\`.',
        'Open [the file](</docs/my file.md>).',
        '',
      ].join('\n'),
    );
  });

  it('gives a build whose page Markdown alone differs another build id (the manifest holds the agent files digest)', async () => {
    const plain = await build({ 'guides/setup.mdx': page('Setup', 'Run mini init to start.') });
    const coded = await build({ 'guides/setup.mdx': page('Setup', 'Run `mini init` to start.') });
    expect(coded.files.get('search.json')).toBe(plain.files.get('search.json'));
    expect(coded.files.get('pages/guides/setup.md')).not.toBe(plain.files.get('pages/guides/setup.md'));
    expect(coded.manifest?.artifacts.agentFiles).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), files: 3 });
    expect(coded.manifest?.artifacts.agentFiles?.sha256).not.toBe(plain.manifest?.artifacts.agentFiles?.sha256);
    expect(coded.manifest?.buildId).not.toBe(plain.manifest?.buildId);
  });
});
