import { describe, expect, it } from 'vitest';
import { parsePage } from '../../pipeline/content/parse-page.ts';
import { loadSite } from '../../pipeline/site/load-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const componentsPage = `---
title: "Components"
description: Every component.
hidden: false
---
import Shared from '/snippets/shared.mdx';
export const version = '2';

Intro with \`inline code\` and a [link](/quickstart#install).

## Parameters

<ParamField body="limit" type="number" default="10" required>
  How many items to return.
</ParamField>
<ResponseField name="id" type="string" required>Identifier.</ResponseField>

<Tabs>
  <Tab title="npm">
    \`\`\`bash
    npm i -g example-cli
    \`\`\`
  </Tab>
</Tabs>

<Steps><Step title="Log in">Run example login.</Step></Steps>
<AccordionGroup><Accordion title="Why?">Because {props.reason} it helps.</Accordion></AccordionGroup>
<Card title="Guide" href="/guides/start">Read the guide.</Card>
<Note>A note.</Note>
<Update label="2026-01" description="New CLI">Released.</Update>
<Frame caption="A screenshot">![Alt text](/img.png)</Frame>

## Parameters

<Shared />
<Snippet file="legacy.mdx" />
`;

const snippets: Record<string, string> = {
  'snippets/shared.mdx': 'Shared snippet text.',
  'snippets/legacy.mdx': 'Legacy snippet text.',
};

describe('parsePage', () => {
  const page = parsePage({ file: 'guides/components.mdx', text: componentsPage, readSnippet: (file) => snippets[file] });

  it('reads frontmatter, headings with unique anchors, and sections', () => {
    expect(page.title).toBe('Components');
    expect(page.description).toBe('Every component.');
    expect(page.frontmatter.hidden).toBe(false);
    expect(page.headings.map((heading) => heading.anchor)).toEqual(['parameters', 'parameters-1']);
    expect(page.sections.map((section) => section.anchor)).toEqual(['', 'parameters', 'parameters-1']);
    expect(page.diagnostics).toEqual([]);
  });

  it('keeps component text and meaningful attributes, drops JSX and ESM syntax', () => {
    const text = page.sections[1]?.text ?? '';
    expect(text).toContain('limit (number, required, default 10): How many items to return.');
    expect(text).toContain('id (string, required): Identifier.');
    expect(text).toContain('npm\nnpm i -g example-cli');
    expect(text).toContain('Log in\nRun example login.');
    expect(text).toContain('Why?\nBecause it helps.');
    expect(text).toContain('Guide\nRead the guide.');
    expect(text).toContain('2026-01\nNew CLI\nReleased.');
    expect(text).toContain('A screenshot\nAlt text');
    expect(page.sections.map((section) => section.text).join('\n')).not.toMatch(/import |export const|props\.reason|<\w/);
  });

  it('inlines imported and <Snippet file> snippets and hashes them into the content', () => {
    expect(page.sections[2]?.text).toBe('Shared snippet text.\nLegacy snippet text.');
    expect(page.imports).toEqual(['snippets/legacy.mdx', 'snippets/shared.mdx']);
    const changed = parsePage({ file: 'guides/components.mdx', text: componentsPage, readSnippet: (file) => (file === 'snippets/shared.mdx' ? 'Changed.' : snippets[file]) });
    expect(changed.contentHash).not.toBe(page.contentHash);
  });

  it('records links with their positions', () => {
    expect(page.links).toEqual([
      { url: '/quickstart#install', line: 9, column: 32 },
      { url: '/guides/start', line: 28, column: 1 },
    ]);
  });

  it('falls back to the file name for a missing title, with a warning', () => {
    const untitled = parsePage({ file: 'getting_started/first-steps.md', text: '# Hello\n\nText.' });
    expect(untitled.title).toBe('First steps');
    expect(untitled.kind).toBe('md');
    expect(untitled.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['missing-title']);
  });

  it('reports broken MDX and broken frontmatter at their position without throwing', () => {
    const broken = parsePage({ file: 'broken.mdx', text: '---\ntitle: Broken\n---\n\nText\n\n<Note>\nnever closed\n' });
    expect(broken.diagnostics[0]).toMatchObject({ file: 'broken.mdx', ruleId: 'mdx-parse', severity: 'error' });
    expect(broken.diagnostics[0]?.line).toBeGreaterThan(1);
    expect(broken.title).toBe('Broken');
    const yaml = parsePage({ file: 'yaml.mdx', text: '---\ntitle: Step 1: install\n---\n\nBody.\n' });
    expect(yaml.diagnostics[0]).toMatchObject({ ruleId: 'frontmatter-parse', line: 2 });
  });
});

describe('loadSite', () => {
  it('keeps snippets, README-style files, editor rules and dot-folders out of the pages', () => {
    const site = loadSite(
      siteSourceFromObject({
        'docs.json': '{}',
        'index.mdx': '',
        'guide.md': '',
        'snippets/a.mdx': '',
        'nested/_snippets/b.mdx': '',
        'README.md': '',
        'AGENTS.md': '',
        'community/contributing.mdx': '',
        '.cursor/rules/style.mdc': '',
        'openapi.yaml': 'openapi: 3.1.0\n',
        'data.json': '{"a": 1}',
      }),
    );
    expect(site.pageFiles).toEqual(['community/contributing.mdx', 'guide.md', 'index.mdx']);
    expect(site.snippetFiles).toEqual(['nested/_snippets/b.mdx', 'snippets/a.mdx']);
    expect(site.specFiles).toEqual(['openapi.yaml']);
  });
});
