import { describe, expect, it } from 'vitest';
import { parsePage } from '../../pipeline/content/parse-page.ts';
import { readContentFixtures } from './read-content-fixtures.ts';

const fixtures = readContentFixtures();
const readSnippet = (sitePath: string): string | undefined => fixtures.get(sitePath);
const parseFixture = (file: string) => parsePage({ file, text: fixtures.get(file) ?? '', readSnippet });

describe('parsePage on an MDX page with every component', () => {
  const page = parseFixture('components.mdx');

  it('returns the frontmatter, headings, sections, links and imports', () => {
    expect({ ...page, contentHash: undefined }).toMatchInlineSnapshot(`
      {
        "contentHash": undefined,
        "description": "One page with each component of the spec.",
        "diagnostics": [],
        "file": "components.mdx",
        "frontmatter": {
          "description": "One page with each component of the spec.",
          "hidden": true,
          "noindex": true,
          "openapi": "GET /plants",
          "searchable": false,
          "title": "Every component",
        },
        "headings": [
          {
            "anchor": "parameters",
            "depth": 1,
            "line": 15,
            "text": "Parameters",
          },
          {
            "anchor": "callouts",
            "depth": 2,
            "line": 33,
            "text": "Callouts",
          },
          {
            "anchor": "code",
            "depth": 2,
            "line": 43,
            "text": "Code",
          },
          {
            "anchor": "structure",
            "depth": 2,
            "line": 66,
            "text": "Structure",
          },
          {
            "anchor": "parameters-2",
            "depth": 3,
            "line": 93,
            "text": "Parameters",
          },
          {
            "anchor": "2026-01-15",
            "depth": 1,
            "line": 95,
            "text": "2026-01-15",
          },
        ],
        "imports": [
          "snippets/chart.jsx",
        ],
        "kind": "mdx",
        "links": [
          {
            "column": 42,
            "line": 12,
            "url": "/quickstart#install",
          },
          {
            "column": 47,
            "kind": "image",
            "line": 13,
            "url": "/images/diagram.png",
          },
          {
            "column": 3,
            "line": 83,
            "url": "/guides/start",
          },
          {
            "column": 3,
            "line": 84,
            "url": "https://github.com/example/plants",
          },
          {
            "column": 3,
            "kind": "image",
            "line": 88,
            "url": "/images/dashboard.png",
          },
        ],
        "sections": [
          {
            "anchor": "",
            "headingPath": [],
            "markdown": "Intro with \`inline code\`, **bold** and a [quick start](/quickstart#install). The value is an expression. Diagram alt",
            "text": "Intro with inline code, bold and a quick start. The value is an expression. Diagram alt",
          },
          {
            "anchor": "parameters",
            "headingPath": [
              "Parameters",
            ],
            "text": "limit (number, required, default 10): How many items to return.
      cursor (string): Where to start.
      - first item
      - second item
      data (object[], required): The items.
      properties
      id (string): Identifier.",
          },
          {
            "anchor": "callouts",
            "headingPath": [
              "Parameters",
              "Callouts",
            ],
            "text": "A note.
      A tip.
      A warning.
      Some info.
      A check.
      Hover API (Application programming interface) for help.",
          },
          {
            "anchor": "code",
            "headingPath": [
              "Parameters",
              "Code",
            ],
            "text": "\`\`\`bash npm
      npm install plants
      \`\`\`
      \`\`\`bash yarn
      yarn add plants
      \`\`\`
      \`\`\`bash cURL
      curl https://api.example.com/plants
      \`\`\`
      \`\`\`json 200
      { "data": [] }
      \`\`\`",
          },
          {
            "anchor": "structure",
            "headingPath": [
              "Parameters",
              "Structure",
            ],
            "markdown": "1. Install
        Run the installer.
      2. Configure
        Edit \`plants.json\`.
      macOS
      Use Homebrew.
      Linux
      Use apt.
      Why plants?
      Because they grow.
      [Guides](/guides/start)
      Read the guides.
      [GitHub](https://github.com/example/plants)
      The dashboard",
            "text": "1. Install
        Run the installer.
      2. Configure
        Edit plants.json.
      macOS
      Use Homebrew.
      Linux
      Use apt.
      Why plants?
      Because they grow.
      Guides
      Read the guides.
      GitHub
      The dashboard",
          },
          {
            "anchor": "parameters-2",
            "headingPath": [
              "Parameters",
              "Structure",
              "Parameters",
            ],
            "text": "",
          },
          {
            "anchor": "2026-01-15",
            "headingPath": [
              "2026-01-15",
            ],
            "markdown": "v2.0
      Released the **new** API.",
            "text": "v2.0
      Released the new API.",
          },
        ],
        "title": "Every component",
      }
    `);
  });

  it('keeps no JSX or ESM syntax in the text', () => {
    const text = page.sections.map((section) => section.text).join('\n');
    expect(text).not.toMatch(/import |export const|release\.version|props\.reason|<\/?[A-Za-z]|cols=|\{\[1/);
  });

  it('hashes the page content but its title: a title-only change keeps the hash (docsmith diff lists it once)', () => {
    const text = fixtures.get('components.mdx') ?? '';
    const hashOf = (changed: string): string =>
      parsePage({ file: 'components.mdx', text: changed, readSnippet }).contentHash;
    expect(page.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOf(text.replace(/^title: .*$/m, 'title: Another title'))).toBe(page.contentHash);
    expect(hashOf(text.replace(/^title: .*$/m, '$&\nsidebarTitle: Short'))).not.toBe(page.contentHash);
    expect(hashOf(`${text}\nOne more line.\n`)).not.toBe(page.contentHash);
  });

  it('takes the text an element-valued title or label shows, not its JSX source', () => {
    const text = [
      '<Update label={<><Icon icon="code" size={16} /><span style={{marginLeft: \'8px\'}}>Function {"Calling"}</span></>} tags={["LLM"]}>',
      '',
      'Add function calling.',
      '',
      '</Update>',
      '',
      '<Card title={<b>Recipes</b>} href="/recipes">All recipes.</Card>',
      '',
    ].join('\n');
    const parsed = parsePage({ file: 'recipes.mdx', text: `---\ntitle: Recipes\n---\n\n${text}` });
    expect(parsed.sections.map((section) => section.text).join('\n')).toBe(
      'Function Calling\nLLM\nAdd function calling.\nRecipes\nAll recipes.',
    );
  });

  it('names the view, tile and prompt its text belongs to (View title, Tile title and description, Prompt description)', () => {
    const text = [
      '<View title="React Native" icon="mobile">',
      'Wrap the app in the provider.',
      '</View>',
      '',
      '<Tile href="/sdks" title="SDKs" description="Client libraries">',
      '![Preview](/images/sdks.png)',
      '</Tile>',
      '',
      '<Prompt description="Summarise a support ticket.">',
      "Read the ticket and list the customer's problems.",
      '</Prompt>',
      '',
    ].join('\n');
    const parsed = parsePage({ file: 'views.mdx', text: `---\ntitle: Views\n---\n\n${text}` });
    expect(parsed.sections.map((section) => section.text).join('\n')).toBe(
      "React Native\nWrap the app in the provider.\nSDKs\nClient libraries\nPreview\nSummarise a support ticket.\nRead the ticket and list the customer's problems.",
    );
  });

  it('shows the props the platform shows: Update tags, Accordion description, file tree names, swatch names, field labels, tooltip cta', () => {
    const text = [
      '<Update label="2024-10-12" description="v1.2.0" tags={["Dashboard", "API"]}>',
      'Faster exports.',
      '</Update>',
      '',
      '<Accordion title="Limits" description="Per workspace">',
      'Ten projects.',
      '</Accordion>',
      '',
      '<Tree>',
      '  <Tree.Folder name="app" defaultOpen>',
      '    <Tree.File name="layout.tsx" />',
      '  </Tree.Folder>',
      '</Tree>',
      '',
      '<Color variant="compact">',
      '  <Color.Item name="brand-primary" value="#FF0000" />',
      '</Color>',
      '',
      '<ResponseField name="status" type="string" pre={["deprecated"]} post={["beta"]}>',
      'The state.',
      '</ResponseField>',
      '',
      'A <Tooltip tip="Application programming interface" cta="Read more" href="/api">API</Tooltip> call.',
      '',
    ].join('\n');
    const parsed = parsePage({ file: 'props.mdx', text: `---\ntitle: Props\n---\n\n${text}` });
    // The update's label is its heading; its tags and description are the first lines under it.
    expect(parsed.sections[0]?.headingPath).toEqual(['2024-10-12']);
    expect(parsed.sections.map((section) => section.text).join('\n')).toBe(
      [
        'Dashboard, API',
        'v1.2.0',
        'Faster exports.',
        'Limits',
        'Per workspace',
        'Ten projects.',
        'app',
        'layout.tsx',
        'brand-primary',
        'status (string, deprecated, beta): The state.',
        'A API (Application programming interface Read more) call.',
      ].join('\n'),
    );
  });

  it('marks a field required for `required="True"` in any case, and not for "false" or another string', () => {
    const text = [
      '<ParamField body="client_id" type="str" required="True">Client identifier.</ParamField>',
      '<ParamField body="scope" type="str" required="TRUE">Scopes.</ParamField>',
      '<ResponseField name="id" type="string" required="true">Identifier.</ResponseField>',
      '<ParamField body="state" type="str" required="False">State.</ParamField>',
      '<ParamField body="nonce" type="str" required="yes">Nonce.</ParamField>',
    ].join('\n\n');
    const parsed = parsePage({ file: 'fields.mdx', text: `---\ntitle: Fields\n---\n\n${text}` });
    expect(parsed.sections.map((section) => section.text).join('\n')).toBe(
      [
        'client_id (str, required): Client identifier.',
        'scope (str, required): Scopes.',
        'id (string, required): Identifier.',
        'state (str): State.',
        'nonce (str): Nonce.',
      ].join('\n'),
    );
  });

  it('reads JSX heading elements as headings: anchored by their id, else the slug of their text; inline ones stay text', () => {
    const text = [
      'Intro.',
      '',
      '<h2 id="custom-id">JSX heading</h2>',
      '',
      'Text under it.',
      '',
      '<h3>',
      '  Plain <code>code</code> one',
      '</h3>',
      '',
      'More, with an inline <h2>not a heading</h2> here.',
      '',
    ].join('\n');
    const parsed = parsePage({ file: 'jsx-headings.mdx', text: `---\ntitle: JSX headings\n---\n\n${text}` });
    expect(parsed.headings).toEqual([
      { depth: 2, text: 'JSX heading', anchor: 'custom-id', line: 7 },
      { depth: 3, text: 'Plain code one', anchor: 'plain-code-one', line: 11 },
    ]);
    expect(parsed.sections).toEqual([
      { anchor: '', headingPath: [], text: 'Intro.' },
      { anchor: 'custom-id', headingPath: ['JSX heading'], text: 'Text under it.' },
      {
        anchor: 'plain-code-one',
        headingPath: ['JSX heading', 'Plain code one'],
        text: 'More, with an inline not a heading here.',
        markdownHeading: 'Plain `code` one',
      },
    ]);
  });

  it('reads LaTeX in $…$ and $$…$$ as math, as the platform renders it, not as MDX expressions (braces included); text keeps its dollars', () => {
    const text = [
      'A price of $\\frac{3 \\cdot 10^6}{10^{18}} \\approx 2.5$ USDC; plans cost $5 and $10.',
      '',
      '$$',
      'S = \\left\\{ x \\in \\{0, Y\\} \\right\\}',
      '$$',
      '',
      '<Note>',
      'Inside $a^{2}$ a note.',
      '</Note>',
      '',
    ].join('\n');
    const parsed = parsePage({ file: 'math.mdx', text: `---\ntitle: Math\n---\n\n${text}` });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.sections.map((section) => section.text)).toEqual([
      'A price of $\\frac{3 \\cdot 10^6}{10^{18}} \\approx 2.5$ USDC; plans cost $5 and $10.\n$$\nS = \\left\\{ x \\in \\{0, Y\\} \\right\\}\n$$\nInside $a^{2}$ a note.',
    ]);
  });

  it('writes each row of an HTML table as one line, its cells joined like a Markdown table row', () => {
    const table = [
      '<table>',
      '  <thead>',
      '    <tr>',
      '      <th>Plan</th>',
      '      <th>Price</th>',
      '    </tr>',
      '  </thead>',
      '  <tbody>',
      '    <tr>',
      '      <td>**Starter**</td>',
      '      <td>',
      '        Free for',
      '        one seat',
      '      </td>',
      '    </tr>',
      '    <tr><td>Pro</td><td>$10 <Tooltip tip="per seat">monthly</Tooltip></td></tr>',
      '  </tbody>',
      '</table>',
    ].join('\n');
    const markdownTable = ['| Plan | Price |', '| --- | --- |', '| Team | $30 |'].join('\n');
    const parsed = parsePage({ file: 'plans.mdx', text: `---\ntitle: Plans\n---\n\n${table}\n\n${markdownTable}\n` });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.sections.map((section) => section.text)).toEqual([
      'Plan | Price\nStarter | Free for one seat\nPro | $10 monthly (per seat)\nPlan | Price\nTeam | $30',
    ]);
  });

  it('keeps the words of HTML blocks and line breaks written inline apart, and inline elements joined', () => {
    const text = [
      '<table><tr><td><p>Consider these fields:</p><ul><li><p>Opened date</p></li><li>Paid date</li></ul></td></tr></table>',
      '',
      '<div><p>First paragraph</p><p>Second</p></div>',
      '',
      '| Provider | Variables |',
      '| --- | --- |',
      '| Ollama | OLLAMA_MODEL<br/>OLLAMA_URL |',
      '',
      'un<span>break</span>able, <code>x</code>y',
    ].join('\n');
    const parsed = parsePage({ file: 'blocks.mdx', text: `---\ntitle: Blocks\n---\n\n${text}\n` });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.sections.map((section) => section.text)).toEqual([
      [
        'Consider these fields: Opened date Paid date',
        'First paragraph Second',
        'Provider | Variables',
        'Ollama | OLLAMA_MODEL OLLAMA_URL',
        'unbreakable, xy',
      ].join('\n'),
    ]);
  });
});

describe('parsePage on a Markdown page', () => {
  it('parses it as MDX, as the platform does: HTML reads like JSX, HTML links are recorded', () => {
    expect(parseFixture('guide.md')).toMatchInlineSnapshot(`
      {
        "contentHash": "0141e68f456b03781a5f347dfc3f08e76005fee3578ae10b09b4c24f9e17072d",
        "description": "A plain Markdown page.",
        "diagnostics": [],
        "file": "guide.md",
        "frontmatter": {
          "description": "A plain Markdown page.",
          "title": "Markdown guide",
        },
        "headings": [
          {
            "anchor": "setup-&-install",
            "depth": 2,
            "line": 8,
            "text": "Setup & install",
          },
        ],
        "imports": [],
        "kind": "md",
        "links": [
          {
            "column": 18,
            "line": 13,
            "url": "../other.md",
          },
          {
            "column": 1,
            "line": 15,
            "url": "/html-link",
          },
          {
            "column": 1,
            "line": 17,
            "url": "https://example.com/reference",
          },
        ],
        "sections": [
          {
            "anchor": "",
            "headingPath": [],
            "markdown": "Some text with inline HTML and a [link](https://example.com/reference).",
            "text": "Some text with inline HTML and a link.",
          },
          {
            "anchor": "setup-&-install",
            "headingPath": [
              "Setup & install",
            ],
            "markdown": "1. Download it.
      2. Run \`setup --all\`.
      A quote with a [second link](../other.md).
      HTML link",
            "text": "1. Download it.
      2. Run setup --all.
      A quote with a second link.
      HTML link",
          },
        ],
        "title": "Markdown guide",
      }
    `);
  });

  it("reads a component's text as in an .mdx page, and a page that is no valid MDX as plain Markdown, with a warning", () => {
    const steps = parsePage({
      file: 'install.md',
      text: '---\ntitle: Install\n---\n<Steps>\n  <Step title="Create a virtual environment">\n    Run the command.\n  </Step>\n</Steps>\n',
    });
    expect(steps.sections[0]?.text).toBe('1. Create a virtual environment\n  Run the command.');
    expect(steps.diagnostics).toEqual([]);
    const placeholder = parsePage({
      file: 'keys.md',
      text: '---\ntitle: Keys\n---\nSet OPENAI_API_KEY=<openai_key> in your shell.\n\n## Next\n\nStart the server.\n',
    });
    expect(placeholder.sections.map((section) => section.text)).toEqual([
      'Set OPENAI_API_KEY=<openai_key> in your shell.',
      'Start the server.',
    ]);
    expect(placeholder.diagnostics.map(({ line, severity, ruleId }) => `${line} ${severity} ${ruleId}`)).toEqual([
      '4 warning markdown-not-mdx',
    ]);
  });

  it('titles a page without a title from its file name, silently, as the platform does', () => {
    const page = parseFixture('guides/no-frontmatter_page.md');
    expect(page.title).toBe('No frontmatter page');
    expect(page.frontmatter).toEqual({});
    expect(page.diagnostics).toEqual([]);
    const withSidebarTitle = parsePage({
      file: 'guides/quick-start.mdx',
      text: '---\nsidebarTitle: Start\n---\n\nGo.\n',
    });
    expect(withSidebarTitle).toMatchObject({ title: 'Quick start', diagnostics: [] });
    // `slugToTitle` makes each `-` and `_` a space, runs and ends kept, and reads no extension but `.mdx`/`.md`.
    const titleOf = (file: string) => parsePage({ file, text: 'Body.\n' }).title;
    expect(titleOf('guides/my--page.mdx')).toBe('My  page');
    expect(titleOf('guides/setup_.md')).toBe('Setup ');
    expect(titleOf('guides/v1.2-notes.mdx')).toBe('V1.2 notes');
  });

  it('hides TOML frontmatter (`+++`) from the text and reads none of its keys, as the platform does', () => {
    const page = parsePage({
      file: 'guides/hugo-page.md',
      text: '+++\ntitle = "From Hugo"\ndescription = "Old site"\n+++\n\nThe body.\n',
    });
    expect(page).toMatchObject({ title: 'Hugo page', frontmatter: {}, diagnostics: [] });
    expect(page.description).toBeUndefined();
    expect(page.sections.map((section) => section.text)).toEqual(['The body.']);
  });

  it('warns of frontmatter no `---` line closes, whose lines are then page text, and not of a page opening with a rule', () => {
    const unclosed = parsePage({ file: 'guides/open.mdx', text: '---\ntitle: Open\n\n# Hello\n\nBody.\n' });
    expect(unclosed.diagnostics).toMatchObject([
      { line: 1, column: 1, severity: 'warning', ruleId: 'invalid-frontmatter' },
    ]);
    expect(unclosed.sections[0]?.text).toContain('title: Open');
    const rule = parsePage({ file: 'guides/rule.mdx', text: '---\n\nA page opening with a thematic break.\n' });
    expect(rule.diagnostics).toEqual([]);
  });
});

describe('parsePage with snippets', () => {
  const page = parseFixture('uses-snippets.mdx');

  it('inlines imported, nested, relative and <Snippet file> snippets where they are used', () => {
    expect(page.sections).toMatchInlineSnapshot(`
      [
        {
          "anchor": "first",
          "headingPath": [
            "First",
          ],
          "markdown": "Intro snippet text with a [link](/ignored-in-snippet).
      Nested snippet text.
      Local snippet text.
      GoButton text.",
          "text": "Intro snippet text with a link.
      Nested snippet text.
      Local snippet text.
      GoButton text.",
        },
        {
          "anchor": "legacy",
          "headingPath": [
            "Legacy",
          ],
          "markdown": "Legacy snippet text.
      Fallback snippet text from \\_snippets.",
          "text": "Legacy snippet text.
      Fallback snippet text from _snippets.",
        },
      ]
    `);
  });

  it('lists every imported file, JSX components included, and takes <Snippet file> from _snippets/ when snippets/ lacks it', () => {
    expect(page.imports).toEqual([
      '_snippets/fallback.mdx',
      '_snippets/local.mdx',
      'snippets/button.jsx',
      'snippets/intro.mdx',
      'snippets/legacy.mdx',
      'snippets/nested.mdx',
    ]);
    expect(page.diagnostics).toEqual([]);
  });

  it('records links of the page only, not of its snippets', () => {
    expect(page.links).toEqual([]);
  });

  it('hashes the page content with the bytes of each inlined snippet', () => {
    const changed = parsePage({
      file: 'uses-snippets.mdx',
      text: fixtures.get('uses-snippets.mdx') ?? '',
      readSnippet: (sitePath) => (sitePath === 'snippets/nested.mdx' ? 'Changed.' : readSnippet(sitePath)),
    });
    expect(changed.contentHash).not.toBe(page.contentHash);
    expect(changed.sections[0]?.text).toContain('Changed.');
  });

  it('stops at a snippet cycle with a warning', () => {
    const cyclic = parsePage({
      file: 'cyclic.mdx',
      text: "---\ntitle: Cyclic\n---\nimport A from '/snippets/cycle-a.mdx';\n\n<A />\n",
      readSnippet,
    });
    expect(cyclic.sections).toEqual([{ anchor: '', headingPath: [], text: 'Cycle A.\nCycle B.' }]);
    expect(cyclic.imports).toEqual(['snippets/cycle-a.mdx', 'snippets/cycle-b.mdx']);
    expect(cyclic.diagnostics).toMatchObject([
      { file: 'snippets/cycle-b.mdx', line: 5, column: 1, severity: 'warning', ruleId: 'snippet-cycle' },
    ]);
  });

  it('resolves a relative import like a URL path: `..` past the site root stays at the root', () => {
    const climbing = parsePage({
      file: 'vmagent/setup/docker.mdx',
      text: "---\ntitle: Docker\n---\nimport Intro from '../../../snippets/intro.mdx';\n\n<Intro />\n",
      readSnippet,
    });
    expect(climbing.imports).toEqual(['snippets/intro.mdx', 'snippets/nested.mdx']);
    expect(climbing.diagnostics).toEqual([]);
  });

  it('warns about a missing snippet at the import or element, and skips module imports', () => {
    const missing = parsePage({
      file: 'guides/missing.mdx',
      text: "---\ntitle: Missing\n---\nimport Gone from '../snippets/gone.mdx';\nimport { useState } from 'react';\n\n<Gone />\n\n<Snippet file=\"nowhere.mdx\" />\n",
      readSnippet,
    });
    expect(missing.imports).toEqual(['snippets/gone.mdx', 'snippets/nowhere.mdx']);
    expect(missing.diagnostics.map(({ line, column, ruleId }) => `${line}:${column} ${ruleId}`)).toEqual([
      '4:1 missing-snippet',
      '9:1 missing-snippet',
    ]);
  });
});

describe('parsePage on pages with mistakes', () => {
  it('reports broken MDX at its position, keeps the frontmatter, and has no sections', () => {
    const page = parseFixture('broken.mdx');
    expect(page).toMatchObject({
      title: 'Broken page',
      description: 'The body does not parse.',
      frontmatter: { hidden: true },
      sections: [],
      headings: [],
    });
    expect(page.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "column": 1,
          "file": "broken.mdx",
          "hint": "In MDX, write \`{\` as \`\\{\` and \`<\` as \`&lt;\` in prose, and close every component tag.",
          "line": 9,
          "message": "Expected a closing tag for \`<Note>\`",
          "ruleId": "mdx-parse",
          "severity": "error",
        },
      ]
    `);
  });

  it('reports bad MDX syntax inside a paragraph at the parser position', () => {
    const page = parsePage({ file: 'expression.mdx', text: '---\ntitle: T\n---\n\nA {broken expression\n' });
    expect(page.diagnostics).toMatchObject([{ ruleId: 'mdx-parse', severity: 'error', line: 5, column: 21 }]);
  });

  it('reports YAML that does not parse at its line and column, with the title from the file name', () => {
    const page = parsePage({
      file: 'step-one.mdx',
      text: '---\ndescription: ok\ntitle: Step 1: install\n---\n\nBody.\n',
    });
    expect(page.title).toBe('Step one');
    expect(page.frontmatter).toEqual({});
    expect(page.sections).toEqual([{ anchor: '', headingPath: [], text: 'Body.' }]);
    expect(page.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "column": 8,
          "file": "step-one.mdx",
          "hint": "Quote values that contain a colon, e.g. title: "Step 1: install".",
          "line": 3,
          "message": "Nested mappings are not allowed in compact mappings",
          "ruleId": "frontmatter-parse",
          "severity": "error",
        },
      ]
    `);
  });

  it('hints at closing the quote of a value left unclosed, not at quoting a colon', () => {
    for (const quote of ['"', "'"]) {
      const page = parsePage({ file: 'quickstart.mdx', text: `---\ntitle: ${quote}Quickstart\n---\n\nBody.\n` });
      expect(page.diagnostics).toMatchObject([
        {
          ruleId: 'frontmatter-parse',
          message: `Missing closing ${quote}quote`,
          hint: 'Close the quoted value on the line it opens, e.g. title: "Quickstart"; an unclosed quote runs to the end of the frontmatter.',
        },
      ]);
    }
  });

  it('warns about a title or description that is not text, keeping numbers as text', () => {
    const page = parsePage({ file: 'numbers.mdx', text: '---\ntitle: 404\ndescription:\n  - a\n---\n' });
    expect(page.title).toBe('404');
    expect(page.description).toBeUndefined();
    expect(
      page.diagnostics.map(({ line, column, ruleId, message }) => `${line}:${column} ${ruleId} ${message}`),
    ).toEqual([
      '2:1 invalid-frontmatter Unexpected number as frontmatter `title`, expected a string',
      '3:1 invalid-frontmatter Unexpected list as frontmatter `description`, expected a string',
    ]);
  });

  it('keeps a number title as written (3.10 is not 3.1)', () => {
    expect(parsePage({ file: 'release.mdx', text: '---\ntitle: 3.10\ndescription: 1.0\n---\n' })).toMatchObject({
      title: '3.10',
      description: '1.0',
    });
  });

  it('treats an empty title as missing', () => {
    const page = parsePage({ file: 'empty-title.md', text: '---\ntitle: ""\n---\n' });
    expect(page.title).toBe('Empty title');
    expect(page.diagnostics).toMatchObject([{ ruleId: 'missing-title', line: 2, column: 1 }]);
  });

  it('titles a page with a blank title by its sidebarTitle, and suggests `title` for a key in another case', () => {
    const blank = parsePage({ file: 'cli/api.mdx', text: '---\ntitle: " "\nsidebarTitle: prefect api\n---\n' });
    expect(blank.title).toBe('prefect api');
    expect(
      blank.diagnostics.map(({ line, ruleId, message, hint }) => `${line} ${ruleId} ${message} | ${hint}`),
    ).toEqual([
      '2 missing-title Unexpected blank frontmatter `title`, using `prefect api` from `sidebarTitle` | The platform shows this page without a title: write one, `title: …`.',
    ]);
    const capital = parsePage({
      file: 'integrations.mdx',
      text: '---\nTitle: Integrations\ndescription: All of them\n---\n',
    });
    expect(capital.title).toBe('Integrations');
    expect(capital.diagnostics.map(({ ruleId, message, hint }) => `${ruleId} ${message} | ${hint}`)).toEqual([
      'missing-title Missing frontmatter `title`, using `Integrations` from the file name | Did you mean `title`? Frontmatter keys are case-sensitive (found `Title`).',
    ]);
  });

  it('gives duplicate heading anchors -2, -3 per page, as the platform does', () => {
    const page = parsePage({ file: 'dup.md', text: '---\ntitle: Dup\n---\n# A\n## A\n### A\n' });
    expect(page.headings.map((heading) => heading.anchor)).toEqual(['a', 'a-2', 'a-3']);
    expect(parsePage({ file: 'other.md', text: '---\ntitle: Other\n---\n# A\n' }).headings[0]?.anchor).toBe('a');
  });
});

describe('parsePage on hostile pages', () => {
  it('reports elements nested too deep to walk instead of overflowing the stack', () => {
    const page = parsePage({
      file: 'deep.mdx',
      text: `---\ntitle: Deep\n---\n\n${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}\n`,
    });
    expect(page.diagnostics).toMatchObject([
      { severity: 'error', ruleId: 'mdx-parse', message: expect.stringContaining('nesting too deep') },
    ]);
    expect(page.title).toBe('Deep');
  });

  it('blanks `{#id}` heading suffixes in snippets too, so their headings take the custom anchor', () => {
    const page = parsePage({
      file: 'page.mdx',
      text: '---\ntitle: P\n---\n\nimport Part from "/snippets/part.mdx";\n\n<Part />\n',
      readSnippet: (file) =>
        file === 'snippets/part.mdx' ? '## From the snippet {#from-snippet}\n\nText.\n' : undefined,
    });
    expect(page.headings).toMatchObject([{ text: 'From the snippet', anchor: 'from-snippet' }]);
  });
});
