import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const page = (title: string, body = ''): string => `---\ntitle: ${title}\n---\n\n${body}\n`;

describe('page paths that cannot be URLs (issue #30 item 6)', () => {
  it('warns about `#` and `?` in a page path and about paths that differ only in case; a percent-encoded link resolves, an unescaped one says why not', async () => {
    const source = siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Paths',
        colors: { primary: '#0F766E' },
        navigation: { pages: ['index', 'langs/c#sharp', 'faq?', 'Upper', 'upper'] },
      }),
      'index.mdx': page(
        'Home',
        'Read [C#](/langs/c%23sharp), [the FAQ](/faq%3F), [again](/langs/c#sharp) and [upper](/Upper).',
      ),
      'langs/c#sharp.mdx': page('C#'),
      'faq?.mdx': page('FAQ'),
      'Upper.mdx': page('Upper'),
      'upper.mdx': page('Lower'),
    });
    const result = await buildSite(source, { domain: 'paths' });
    expect(await validateSite(source)).toEqual(result.diagnostics);
    expect(result.diagnostics.map(({ file, ruleId, message }) => `${file} ${ruleId} ${message}`)).toEqual([
      'faq?.mdx page-path-not-url Unexpected `?` in the path of page `faq?`, expected characters a URL path carries as written',
      'index.mdx broken-link Unexpected link to `/langs/c#sharp`, expected `/langs/c` to be a page: the page `langs/c#sharp` is cut at its `#`',
      'langs/c#sharp.mdx page-path-not-url Unexpected `#` in the path of page `langs/c#sharp`, expected characters a URL path carries as written',
      'upper.mdx page-path-case Unexpected page `upper` whose path differs from `Upper` only in case, expected paths that differ in more than case',
    ]);
    expect(result.diagnostics[1]?.hint).toBe(
      '`#` and `?` end the path of a URL: write `/langs/c%23sharp`, or rename the page file.',
    );
    expect(result.diagnostics[2]?.hint).toBe(
      'Rename the file (letters, digits, `-`, `_`, `/`); until then links reach it only as `/langs/c%23sharp`.',
    );
    expect(result.manifest?.pages.map((entry) => entry.path)).toEqual([
      'index',
      'langs/c#sharp',
      'faq?',
      'Upper',
      'upper',
    ]);
  });

  it('reports the second file of one page path (`retries.md` beside `retries.mdx`) as not built, not as a case difference', async () => {
    const source = siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Twins',
        colors: { primary: '#0F766E' },
        navigation: { pages: ['concepts/retries'] },
      }),
      'concepts/retries.md': page('Retries', 'Retries back off exponentially.'),
      'concepts/retries.mdx': page('Retries again', 'Duplicate.'),
    });
    const result = await buildSite(source, { domain: 'twins' });
    expect(await validateSite(source)).toEqual(result.diagnostics);
    expect(result.diagnostics.map(({ file, ruleId, message }) => `${file} ${ruleId} ${message}`)).toEqual([
      'concepts/retries.md duplicate-page-file Unexpected second file for page `concepts/retries`, expected one file per page: `concepts/retries.mdx` is built, this one is not',
    ]);
    expect(result.manifest?.pages.map((entry) => `${entry.path} ${entry.file}`)).toEqual([
      'concepts/retries concepts/retries.mdx',
    ]);
  });

  it('warns about two page paths that differ only in Unicode normalization (café in NFC and in NFD)', async () => {
    const composed = 'guides/caf\u00e9';
    const decomposed = 'guides/cafe\u0301';
    const source = siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Twins',
        colors: { primary: '#0F766E' },
        navigation: { pages: [composed, decomposed] },
      }),
      [`${composed}.mdx`]: page('Composed'),
      [`${decomposed}.mdx`]: page('Decomposed'),
    });
    const result = await buildSite(source, { domain: 'twins' });
    expect(result.diagnostics.map(({ file, ruleId }) => `${file.normalize('NFC')} ${ruleId}`)).toEqual([
      `${composed}.mdx page-path-case`,
    ]);
    expect(result.diagnostics[0]?.message).toContain('composed differently in Unicode');
    expect(result.manifest?.pages).toHaveLength(2);
  });
});
