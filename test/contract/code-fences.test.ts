import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { codeBlockTitle } from '../../pipeline/content/code-block-title.ts';
import { fenceCode, textLines, withoutCodeFences } from '../../contract/search/code-fences.ts';
import { prepareText } from '../../contract/search/prepare-text.ts';
import { snippetOf } from '../../runtime/search/result-snippet.ts';

describe('code blocks in section text', () => {
  it('fences code with a fence longer than any run of backticks it holds', () => {
    expect(fenceCode('npm i x', 'bash')).toBe('```bash\nnpm i x\n```');
    expect(fenceCode('```js\nlet a;\n```')).toBe('````\n```js\nlet a;\n```\n````');
  });

  it('marks the lines of fenced blocks as code, a shorter fence inside a block included, and leaves prose alone', () => {
    const text = ['Install it:', fenceCode('```\ninner\n```', 'md'), 'Then run it.'].join('\n');
    expect(textLines(text).map((line) => [line.text, line.code, line.fence ?? ''])).toEqual([
      ['Install it:', false, ''],
      ['````md', true, 'open'],
      ['```', true, ''],
      ['inner', true, ''],
      ['```', true, ''],
      ['````', true, 'close'],
      ['Then run it.', false, ''],
    ]);
  });

  it('keeps the code and drops the fences for search: a fence language is never a term', () => {
    const text = ['Create a client.', fenceCode('client = Client()', 'python')].join('\n');
    expect(withoutCodeFences(text)).toBe('Create a client.\nclient = Client()');
    expect(prepareText(withoutCodeFences(text))).not.toContain('python');
  });

  it('shows no fence in a result snippet', () => {
    const text = ['Install the client first.', fenceCode('npm install client\n'.repeat(30).trim(), 'bash')].join('\n');
    expect(snippetOf(text, 'install client', '')).not.toContain('```');
  });

  it('writes each code block of a page fenced with its language and title, in the search records and the page Markdown', async () => {
    const site = siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Code',
        colors: { primary: '#0F766E' },
        navigation: { groups: [{ group: 'Guide', pages: ['start'] }] },
      }),
      'start.mdx': [
        '---',
        'title: Start',
        '---',
        '',
        'Install the client:',
        '',
        '```bash',
        'npm install client',
        '```',
        '',
        '<CodeGroup>',
        '```js Node',
        'await run();',
        '```',
        '```python Python',
        'run()',
        '```',
        '```sh title="Homebrew" {1} lines',
        'brew install client',
        '```',
        '</CodeGroup>',
        '',
      ].join('\n'),
    });
    const result = await buildSite(site, { domain: 'code' });
    const text = result.sectionRecords.find((record) => record.path === 'start')?.text;
    expect(text).toBe(
      'Install the client:\n```bash\nnpm install client\n```\n```js Node\nawait run();\n```\n```python Python\nrun()\n```\n```sh Homebrew\nbrew install client\n```',
    );
    expect(result.files.get('pages/start.md')).toContain('Install the client:\n```bash\nnpm install client\n```');
    const terms = result.searchArtifact?.terms[0]?.[2]?.split(' ') ?? [];
    expect(terms).toContain('npm');
    expect(terms).not.toContain('bash');
    expect(terms).not.toContain('homebrew');
  });

  it('reads the title a code block shows from its meta, options and line highlights left out', () => {
    expect(codeBlockTitle('Homebrew')).toBe('Homebrew');
    expect(codeBlockTitle('app.ts {2,4-5} lines wrap')).toBe('app.ts');
    expect(codeBlockTitle('title="Install with npm" icon="npm" highlight={1}')).toBe('Install with npm');
    expect(codeBlockTitle('{1} expandable')).toBeUndefined();
    expect(codeBlockTitle(null)).toBeUndefined();
    expect(codeBlockTitle(`${'word '.repeat(100)}`)?.length).toBeLessThanOrEqual(120);
  });
});
