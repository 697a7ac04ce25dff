import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** A page importing a `.jsx` snippet and an `.mdx` snippet, both broken; two pages hold this very text. */
const PAGE = [
  '---',
  'title: Same',
  '---',
  'import { Badge } from "/snippets/badge.jsx";',
  'import Broken from "/snippets/broken.mdx";',
  '',
  '<Badge />',
  '',
  '<Broken />',
  '',
].join('\n');

async function diagnosticsOf(files: Record<string, string>) {
  const config = { theme: 'mint', name: 'Snippets', colors: { primary: '#0F766E' }, navigation: { pages: ['a', 'b'] } };
  const result = await buildSite(siteSourceFromObject({ 'docs.json': JSON.stringify(config), ...files }), {
    domain: 'snippets',
  });
  return result.diagnostics.map(({ file, line, column, ruleId }) => `${file}:${line}:${column} ${ruleId}`);
}

describe('diagnostics of snippets two pages include', () => {
  it('names the snippet file once, not the page that shares its parse, and says where a .jsx snippet does not parse', async () => {
    const diagnostics = await diagnosticsOf({
      'a.mdx': PAGE,
      'b.mdx': PAGE,
      'snippets/badge.jsx': 'export const Badge = () => <span>beta;\n',
      'snippets/broken.mdx': '# Broken\n\n<div>\n',
    });
    expect(diagnostics).toEqual(['snippets/badge.jsx:1:34 jsx-parse', 'snippets/broken.mdx:3:1 mdx-parse']);
  });

  it('gives no jsx-parse warning for a .jsx snippet that parses', async () => {
    const diagnostics = await diagnosticsOf({
      'a.mdx': PAGE.replace('import Broken from "/snippets/broken.mdx";\n', '').replace('<Broken />\n', ''),
      'b.mdx': '---\ntitle: B\n---\n\nText.\n',
      'snippets/badge.jsx': 'export const Badge = () => <span>beta</span>;\n',
    });
    expect(diagnostics).toEqual([]);
  });
});
