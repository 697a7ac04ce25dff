import { describe, expect, it } from 'vitest';
import { parsePage } from '../../pipeline/content/parse-page.ts';

/** Each heading of a parsed page as `text -> #anchor (depth n)`. */
function headingsOf(text: string): string[] {
  return parsePage({ file: 'page.mdx', text }).headings.map(
    (heading) => `${heading.text} -> #${heading.anchor} (depth ${heading.depth})`,
  );
}

// Expected ids: the table of contents `@mdx-js/mdx`'s compile gives these pages with the platform's
// `remarkExtractTableOfContents` (@mintlify/common, @mintlify/validation 0.1.878), Markdown headings numbered by its
// `remarkComponentIds` (found by the fifteenth site sweep).
describe('headings the platform makes of components and JSX elements', () => {
  it('lists a JSX heading element alone on its line, and one inside a block element, with their ids', () => {
    const page = parsePage({
      file: 'page.mdx',
      text: '---\ntitle: Roadmap\n---\n\n<h2>Custom domains</h2>\n\nServe the docs.\n\n<div className="item">\n  <h3>Webhooks</h3>\n  <p>Get notified.</p>\n</div>\n\nText <h3>In a sentence</h3> stays text.\n',
    });
    expect(page.headings.map((heading) => `${heading.text} -> #${heading.anchor}`)).toEqual([
      'Custom domains -> #custom-domains',
      'Webhooks -> #webhooks',
    ]);
    expect(page.sections.map((section) => `${section.anchor}: ${section.text}`)).toEqual([
      'custom-domains: Serve the docs.',
      'webhooks: Get notified.\nText In a sentence stays text.',
    ]);
  });

  it('makes a labelled Update a heading of level 1 (its own id first), its tags and description under it', () => {
    const text = [
      '---',
      'title: Changelog',
      '---',
      '',
      '<Update label="v2.0" id="Release Two" tags={["API"]} description="Big one">',
      '  ## Changes',
      '',
      '  New API.',
      '</Update>',
      '',
      '<Update label="March 2025">',
      '  ## Changes',
      '</Update>',
      '',
      '<Update description="No label">Unlisted.</Update>',
    ].join('\n');
    expect(headingsOf(text)).toEqual([
      'v2.0 -> #Release Two (depth 1)',
      'Changes -> #changes (depth 2)',
      'March 2025 -> #march-2025 (depth 1)',
      'Changes -> #changes-2 (depth 2)',
    ]);
    expect(parsePage({ file: 'page.mdx', text }).sections[0]).toEqual({
      anchor: 'Release Two',
      headingPath: ['v2.0'],
      text: 'API\nBig one',
    });
  });

  it("makes a Step whose title size (its own, else its Steps') is h2 or h3 a heading under its number", () => {
    const text = [
      '---',
      'title: Setup',
      '---',
      '',
      '<Steps titleSize="h2">',
      '  <Step title="Install the CLI">Run the installer.</Step>',
      '  <Step title="Log in">Paste your key.</Step>',
      '  <Step title="Quiet" noAnchor>No heading.</Step>',
      '</Steps>',
      '',
      '<Steps>',
      '  <Step title="Plain">A list item.</Step>',
      '  <Step title="Own size" titleSize="h3">Its own size.</Step>',
      '</Steps>',
      '',
      '## Log in',
    ].join('\n');
    expect(headingsOf(text)).toEqual([
      '1. Install the CLI -> #install-the-cli (depth 2)',
      '2. Log in -> #log-in (depth 2)',
      '2. Own size -> #own-size (depth 3)',
      'Log in -> #log-in-2 (depth 2)',
    ]);
    expect(parsePage({ file: 'page.mdx', text }).sections[1]?.text).toBe(
      'Paste your key.\n3. Quiet\n  No heading.\n1. Plain\n  A list item.',
    );
  });

  it('gives the headings of a `mode: custom` page no id, as the platform renders none (Markdown) or only their own (JSX)', () => {
    const text = [
      '---',
      'title: Home',
      'mode: custom',
      '---',
      '',
      '<h1>Ship faster</h1>',
      '',
      '## Pricing',
      '',
      'Plans start at ten dollars.',
      '',
      '<h2 id="faq">FAQ</h2>',
      '',
      '<Update label="v1">Still listed.</Update>',
    ].join('\n');
    expect(headingsOf(text)).toEqual([
      'Ship faster -> # (depth 1)',
      'Pricing -> # (depth 2)',
      'FAQ -> #faq (depth 2)',
      'v1 -> #v1 (depth 1)',
    ]);
  });

  it("reads a Step's, Tab's or Card's title as Markdown: ids and text from its words, the page Markdown keeping its marks", () => {
    const text = [
      '---',
      'title: Testing',
      '---',
      '',
      '<Steps titleSize="h3">',
      '  <Step title="Re-use your `sequin.yml` for testing">Reuse it.</Step>',
      '  <Step title="Install the [CLI](https://example.com/cli)">Install it.</Step>',
      '  <Step title="Check **status** [here](nowhere)">Check it.</Step>',
      '</Steps>',
      '',
      '<Card title="Use the *API*" href="/api">Call it.</Card>',
    ].join('\n');
    expect(headingsOf(text)).toEqual([
      '1. Re-use your sequin.yml for testing -> #re-use-your-sequin-yml-for-testing (depth 3)',
      '2. Install the CLI -> #install-the-cli (depth 3)',
      '3. Check status [here](nowhere) -> #check-status-here-nowhere (depth 3)',
    ]);
    const page = parsePage({ file: 'page.mdx', text });
    expect(page.sections.at(-1)?.text).toBe('Check it.\nUse the API\nCall it.');
    expect(page.sections.at(-1)?.markdown).toContain('[Use the *API*](/api)');
  });
});
