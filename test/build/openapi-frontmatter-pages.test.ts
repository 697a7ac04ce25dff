import { describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** A site whose pages name operations of `openapi.json` (or the specs given) in their frontmatter. */
function build(pages: Record<string, string>, specs: Record<string, unknown>): Promise<BuildResult> {
  return buildSite(
    siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Acme',
        colors: { primary: '#0F766E' },
        navigation: { groups: [{ group: 'API', pages: Object.keys(pages).map((file) => file.replace(/\.mdx$/, '')) }] },
      }),
      ...pages,
      ...Object.fromEntries(Object.entries(specs).map(([file, spec]) => [file, JSON.stringify(spec)])),
    }),
    { domain: 'acme' },
  );
}

/** Diagnostics as `file:line severity ruleId: message`. */
function diagnostics(result: BuildResult): string[] {
  return result.diagnostics.map(
    ({ file, line, severity, ruleId, message }) => `${file}:${line} ${severity} ${ruleId}: ${message}`,
  );
}

const rpcSpec = {
  openapi: '3.0.3',
  info: { title: 'RPC', version: '1' },
  paths: {
    // A path item's summary is not the operation's: the platform titles pages from the operation's only.
    '/getCompressedAccount': { summary: 'getCompressedAccount', post: { responses: { 200: { description: 'OK' } } } },
    '/getHealth': { get: { summary: 'Get health', responses: { 200: { description: 'OK' } } } },
  },
};

describe('MDX pages with frontmatter `openapi`', () => {
  it('are titled by the operation summary, else from their file name as the platform titles them', async () => {
    const result = await build(
      {
        'api/get-compressed-account.mdx': '---\nopenapi: post /getCompressedAccount\n---\n',
        'api/health.mdx': '---\nopenapi: get /getHealth\n---\n',
      },
      { 'openapi.json': rpcSpec },
    );
    expect(result.manifest?.pages.map((page) => page.title)).toEqual(['Get compressed account', 'Get health']);
    expect(result.files.get('pages/api/get-compressed-account.md')).toMatch(/^# Get compressed account\n\n## API\n/);
    expect(diagnostics(result)).toEqual([]);
  });
});
