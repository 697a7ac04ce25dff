import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { textLines, withoutCodeFences } from '../../contract/search/code-fences.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';

const site = siteSourceFromObject({
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Lists',
    colors: { primary: '#0F766E' },
    navigation: { groups: [{ group: 'Guide', pages: ['start'] }] },
  }),
  'start.mdx': [
    '---',
    'title: Start',
    '---',
    '',
    'To schedule a scan:',
    '',
    '1. Open **Scans**.',
    '2. Pick the provider',
    '   and the time.',
    '',
    '   ```bash',
    '   - not: an item',
    '   ```',
    '3. Choose between:',
    '   - Daily',
    '   - Weekly',
    '',
    'After saving, the scan runs.',
    '',
    '| Option | Values |',
    '| --- | --- |',
    '| Mode | <ul><li>one</li></ul> |',
    '',
    '<Steps>',
    '  <Step title="Open the editor">',
    '    Channel menu, **Edit Time Slots**.',
    '  </Step>',
    '  <Step title="Save">',
    '    **Save Changes**.',
    '  </Step>',
    '</Steps>',
    '',
  ].join('\n'),
});

describe('lists and steps in section text', () => {
  it('writes each item after its marker and its further lines indented, a list inside an item among them, code and tables as they are', async () => {
    const result = await buildSite(site, { domain: 'lists' });
    expect(result.sectionRecords.find((record) => record.path === 'start')?.text).toBe(
      [
        'To schedule a scan:',
        '1. Open Scans.',
        '2. Pick the provider and the time.',
        '```bash',
        '- not: an item',
        '```',
        '3. Choose between:',
        '  - Daily',
        '  - Weekly',
        'After saving, the scan runs.',
        'Option | Values',
        'Mode | one',
        '1. Open the editor',
        '  Channel menu, Edit Time Slots.',
        '2. Save',
        '  Save Changes.',
      ].join('\n'),
    );
  });

  it('reads the marks back as items, and searches no marker', async () => {
    const result = await buildSite(site, { domain: 'lists' });
    const text = result.sectionRecords.find((record) => record.path === 'start')?.text ?? '';
    const lines = textLines(text);
    expect(lines.filter((line) => line.item === 'start').map((line) => line.text)).toEqual([
      'Open Scans.',
      'Pick the provider and the time.',
      'Choose between:',
      'Open the editor',
      'Save',
    ]);
    expect(lines.filter((line) => line.item === 'more').map((line) => line.text)).toEqual([
      '- Daily',
      '- Weekly',
      'Channel menu, Edit Time Slots.',
      'Save Changes.',
    ]);
    expect(lines.find((line) => line.text === '- not: an item')?.code).toBe(true);
    expect(withoutCodeFences('1. Open Scans.\n  - Daily\nPlain line.')).toBe('Open Scans.\n- Daily\nPlain line.');
    const terms = result.searchArtifact?.terms[0]?.[2]?.split(' ') ?? [];
    expect(terms).toContain('scan');
    expect(terms).not.toContain('1');
    expect(terms).not.toContain('3');
  });

  it('numbers a step by its stepNumber when it states one, and the next ones on from it', () => {
    const page = parsePage({
      file: 'numbered.mdx',
      text: '---\ntitle: Later\n---\n<Steps>\n  <Step title="Resume" stepNumber={4}>\n    Body four.\n  </Step>\n  <Step title="Finish">\n    Body five.\n  </Step>\n</Steps>\n',
    });
    expect(page.sections[0]?.text).toBe('4. Resume\n  Body four.\n5. Finish\n  Body five.');
  });

  it('reads an indented line as a further line only right after an item', () => {
    expect(textLines('Run this:\n  curl https://example.com').map((line) => [line.text, line.item])).toEqual([
      ['Run this:', undefined],
      ['  curl https://example.com', undefined],
    ]);
  });
});
