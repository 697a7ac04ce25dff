import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AnchorSlugger, cleanHeadingId, headingAnchor } from '../../pipeline/content/anchor-slugger.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';

/** Headings of 14 public sites with the ids the platform's own code gives them (see the file's `source`). */
const platformIds = JSON.parse(
  readFileSync(new URL('../fixtures/content/platform-heading-ids.json', import.meta.url), 'utf8'),
) as { headings: [string, string][] };

describe('heading anchors', () => {
  it("are the platform's DOM ids: cleanHeadingId(slugify(title)) of @mintlify/common", () => {
    const { headings } = platformIds;
    expect(headings.length).toBeGreaterThan(250);
    expect(headings.map(([title]) => [title, headingAnchor(title)])).toEqual(headings);
  });

  it('keep + @ = < > — %, drop only ? , ; : ! \' " ( ) [ ] { } and emoji', () => {
    expect(
      ['C++ guide', 'Using the @key directive', 'XML <-> JSON', 'A = B', 'Step 1 — Install', '100% uptime'].map(
        headingAnchor,
      ),
    ).toEqual(['c++-guide', 'using-the-@key-directive', 'xml-<->-json', 'a-=-b', 'step-1-—-install', '100%-uptime']);
    // A leading emoji leaves its hyphen; a colon between words leaves two.
    expect(headingAnchor('🚀 Quickstart')).toBe('-quickstart');
    expect(headingAnchor('Mutual TLS (mTLS): Two-Way')).toBe('mutual-tls-mtls--two-way');
    expect(cleanHeadingId('caf%C3%A9-100%')).toBe('café-100%');
  });

  it('number repeats as the platform does: a counter on Markdown slugs, then -2, -3 past ids taken', () => {
    const slugger = new AnchorSlugger();
    const titles = ['Overview', 'Overview', 'Overview 3', 'Overview', 'Setup', 'Foo?', 'Foo'];
    expect(titles.map((title) => slugger.slug(title))).toEqual([
      'overview',
      'overview-2',
      'overview-3',
      'overview-3-2',
      'setup',
      'foo',
      'foo-2',
    ]);
  });
});

describe('anchors of a parsed page', () => {
  // Expected ids: the platform's plugins (remark-smartypants 3.0.2, remarkComponentIds, remarkExtractTableOfContents,
  // cleanHeadingId of @mintlify/common 1.0.1211) run on this page by `@mdx-js/mdx`'s compile, which unravels a
  // paragraph of JSX elements alone before them.
  const text = [
    '---',
    'title: Anchors',
    '---',
    '',
    'Intro ends with a word',
    '',
    '## "Access Denied" errors',
    "## What's new in 'beta'",
    "## The `'raw'` option",
    '## Wait... -- then go',
    '## Overview',
    '##### Fine print',
    '<Accordion title="More">',
    '  ## Overview',
    '</Accordion>',
    '',
    '## Overview',
    '## Setup {#Custom Id!}',
    '<h2 id="jsx-id">JSX heading</h2>',
    '',
    '<h3>',
    'JSX flow',
    '</h3>',
    '',
    '<h3>JSX inline</h3>',
    '',
    'Text <h3>In text</h3> here.',
  ].join('\n');

  it('slug the text the reader sees (curled quotes, dashes), skip levels 5–6 and number past headings in accordions', () => {
    const { headings } = parsePage({ file: 'anchors.mdx', text });
    expect(headings.map((heading) => heading.anchor)).toEqual([
      // After `word`, SmartyPants reads the opening quote as a closing one: it joins the page's text into one string.
      '”access-denied”-errors',
      'what’s-new-in-‘beta’',
      'the-raw-option',
      'wait…-—-then-go',
      'overview',
      // Level 5 has no id on the platform: the heading it stands under.
      'overview',
      // Inside an accordion: counted, not listed.
      'overview-2',
      'overview-3',
      'Custom-Id',
      'jsx-id',
      'jsx-flow',
      // A heading element alone on its line is a block of the page, listed.
      'jsx-inline',
    ]);
    // The heading text stays as written.
    expect(headings[0]?.text).toBe('"Access Denied" errors');
  });
});

describe('quotes at the ends of a heading', () => {
  it('are curled as the text around the heading on the page makes them, as remark-smartypants 3.0.2 does', () => {
    // Expected ids: `@mdx-js/mdx`'s compile with the platform's plugins (remark-smartypants 3.0.2, which
    // `@mintlify/common` 1.0.1211 pins, then `getMDXOptions`' list and `cleanHeadingId`) on this page.
    const text = [
      '## "Opening" at the top',
      '',
      'It ends the sentence.',
      '',
      '### "Not found"',
      '',
      'A list:',
      '',
      '- item `code`',
      '',
      '### "After code"',
      '',
      '| a | b |',
      '|---|---|',
      '| x | y |',
      '',
      '### "After a table"',
      '',
      '<Note>',
      '  Inside a note.',
      '</Note>',
      '',
      '### "After a note"',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '### "After a code block"',
    ].join('\n');
    expect(parsePage({ file: 'quotes.mdx', text }).headings.map((heading) => heading.anchor)).toEqual([
      '“opening”-at-the-top',
      '”not-found”',
      '”after-code”',
      '”after-a-table”',
      // A code block adds no text: the two headings' quotes meet (`""`), and one of them stays straight.
      '”after-a-note',
      'after-a-code-block”',
    ]);
  });
});

describe('headings of a `<Snippet file>`', () => {
  it('keep straight quotes and `--`: the platform injects the snippet after SmartyPants ran on the page', () => {
    // Expected ids: the platform's compile of this page with `createSnippetTreeMap` of the snippet and
    // `remarkMdxInjectSnippets` (`@mintlify/common` 1.0.1211), which curls the page's heading and not the snippet's.
    const files: Record<string, string> = { 'snippets/news.mdx': "## What's new -- today\n\nSome text.\n" };
    const page = parsePage({
      file: 'page.mdx',
      text: '## What\'s on the page\n\n<Snippet file="news.mdx" />\n',
      readSnippet: (file) => files[file],
    });
    expect(page.headings.map((heading) => heading.anchor)).toEqual(['what’s-on-the-page', 'whats-new-today']);
  });
});
