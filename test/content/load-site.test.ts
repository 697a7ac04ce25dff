import { describe, expect, it } from 'vitest';
import { parsePage } from '../../pipeline/content/parse-page.ts';
import {
  findPageFile,
  isPageCandidate,
  isSnippetFile,
  loadSite,
  looksLikeApiSpec,
  pageFileFinder,
  pagePathForFile,
} from '../../pipeline/site/load-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

describe('loadSite', () => {
  const site = loadSite(
    siteSourceFromObject({
      'docs.json': '{"openapi": "3.1.0"}',
      'index.mdx': '',
      'guide.md': '',
      'Guides/Upper.MDX': '',
      'snippets/a.mdx': '',
      'snippets/button.jsx': '',
      'nested/_snippets/b.mdx': '',
      'README.md': '',
      'docs/readme.MD': '',
      'AGENTS.md': '',
      'CLAUDE.mdx': '',
      'SKILL.md': '',
      'skills/deploy/SKILL.md': '',
      'community/contributing.mdx': '',
      'community/LICENSE.md': '',
      'CHANGELOG.md': '',
      'releases/changelog.mdx': '',
      '.cursor/rules/style.mdc': '',
      '.github/page.mdx': '',
      'node_modules/pkg/readme-like.mdx': '',
      'node_modules/pkg/openapi.json': '{"openapi": "3.0.0"}',
      'rules.mdc': '',
      'openapi.yaml': '# API\nopenapi: 3.1.0\ninfo: {}\n',
      'specs/v2.json': '{\n  "swagger": "2.0",\n  "info": {}\n}',
      'specs/min.json': '{"openapi":"3.0.3","info":{}}',
      'events.yml': 'asyncapi: "3.0.0"\n',
      'nav.json': '{ "openapi": "/openapi.yaml", "pages": [] }',
      'data.json': '{"a": 1}',
    }),
  );

  it('finds docs.json and sorts pages, snippets and specs', () => {
    expect(site).toEqual({
      configFile: 'docs.json',
      pageFiles: [
        'Guides/Upper.MDX',
        'community/contributing.mdx',
        'guide.md',
        'index.mdx',
        'releases/changelog.mdx',
        'skills/deploy/SKILL.md',
      ],
      namedOnlyPageFiles: [
        'AGENTS.md',
        'CHANGELOG.md',
        'CLAUDE.mdx',
        'README.md',
        'SKILL.md',
        'community/LICENSE.md',
        'docs/readme.MD',
        'nested/_snippets/b.mdx',
        'snippets/a.mdx',
      ],
      snippetFiles: ['nested/_snippets/b.mdx', 'snippets/a.mdx', 'snippets/button.jsx'],
      specFiles: ['events.yml', 'openapi.yaml', 'specs/min.json', 'specs/v2.json'],
      unreadableFiles: new Map(),
      outsideLinks: [],
    });
  });

  it('finds specs anywhere outside node_modules and dot-folders, and lists unreadable pages and specs with the reason', () => {
    const tree = loadSite({
      files: new Map([
        ['deep/api/min.json', '{"info":{"title":"x"},"openapi":"3.0.3","paths":{}}'],
        ['node_modules/pkg/openapi.json', '{"openapi": "3.0.0"}'],
        ['.hidden/openapi.yaml', 'openapi: 3.1.0\n'],
        ['binary.mdx', 'title\u0000\u0001'],
        ['readme-notes.json', '{"a": "\u0000"}'],
      ]),
      skippedFiles: new Map([
        ['huge.mdx', { reason: 'too-large', bytes: 20_000_000, limitBytes: 10 * 1024 * 1024 }],
        [
          'specs/huge.yaml',
          { reason: 'too-large', bytes: 20_000_000, limitBytes: 10 * 1024 * 1024, head: 'openapi: 3.0.0\n' },
        ],
        [
          'data/huge.json',
          { reason: 'too-large', bytes: 20_000_000, limitBytes: 10 * 1024 * 1024, head: '{"rows": [' },
        ],
      ]),
    });
    expect(tree.specFiles).toEqual(['deep/api/min.json']);
    expect([...tree.unreadableFiles]).toEqual([
      ['binary.mdx', 'binary file'],
      ['huge.mdx', 'file larger than 10 MB'],
      ['specs/huge.yaml', 'file larger than 10 MB'],
    ]);
  });

  it("leaves files in the default root folders to the navigation, unless the site's .mintignore re-includes them", () => {
    const files = new Map([
      ['build/quickstart.mdx', ''],
      ['build/openapi.json', '{"openapi": "3.1.0"}'],
      ['tmp/notes.md', ''],
      ['dist/openapi.yaml', 'openapi: 3.1.0\n'],
      ['guides/build/workflow.mdx', ''],
    ]);
    const skippedFiles = new Map([
      ['dist/huge.json', { reason: 'too-large' as const, bytes: 2e7, limitBytes: 1e7, head: '{"openapi": "3.1.0"' }],
    ]);
    const defaults = loadSite({ files, skippedFiles });
    expect(defaults.pageFiles).toEqual(['guides/build/workflow.mdx']);
    expect(defaults.namedOnlyPageFiles).toEqual(['build/quickstart.mdx', 'tmp/notes.md']);
    expect(defaults.specFiles).toEqual([]);
    expect([...defaults.unreadableFiles]).toEqual([]);
    const reincluded = loadSite({ files, skippedFiles, mintIgnore: '!/build/\n' });
    expect(reincluded.pageFiles).toEqual(['build/quickstart.mdx', 'guides/build/workflow.mdx']);
    expect(reincluded.specFiles).toEqual(['build/openapi.json']);
  });

  it('keeps a text page with a stray NUL past its first 8,000 characters (text pasted from a PDF) as a page', () => {
    const page = `---\ntitle: Loader\n---\n\n${'Text of the page. '.repeat(500)}\n\nZejiang Shen1 (\u0000), Ruochen Zhang2\n`;
    const tree = loadSite({
      files: new Map([
        ['loader.md', page],
        ['early.md', `# Early\u0000${'x'.repeat(9000)}`],
      ]),
    });
    expect(tree.pageFiles).toEqual(['loader.md']);
    expect([...tree.unreadableFiles]).toEqual([['early.md', 'binary file']]);
    const text = parsePage({ file: 'loader.md', text: page })
      .sections.map((section) => section.text)
      .join('\n');
    expect(text).toContain('Zejiang Shen1 (\uFFFD), Ruochen Zhang2');
  });

  it('has no config file when docs.json is absent', () => {
    expect(loadSite(siteSourceFromObject({ 'index.mdx': '' })).configFile).toBeUndefined();
  });
});

describe('page file rules', () => {
  it('tells snippets and page candidates apart', () => {
    expect(isSnippetFile('a/b/_snippets/c.mdx')).toBe(true);
    expect(isSnippetFile('my-snippets/c.mdx')).toBe(false);
    expect(isPageCandidate('my-snippets/c.mdx')).toBe(true);
    expect(isPageCandidate('docs/Readme.md')).toBe(false);
    expect(isPageCandidate('community/working-groups/agents.mdx')).toBe(true);
    expect(isPageCandidate('README.mdx')).toBe(false);
    expect(isPageCandidate('.cursor/rules/a.mdx')).toBe(false);
  });

  it('recognises API specs by a top-level version key', () => {
    expect(looksLikeApiSpec('openapi: "3.1.0"')).toBe(true);
    expect(looksLikeApiSpec('openapi: /specs/openapi.json')).toBe(false);
  });

  it('maps page files to routes and routes to page files', () => {
    expect(pagePathForFile('guides/intro.mdx')).toBe('guides/intro');
    expect(pagePathForFile('faq.md')).toBe('faq');
    const files = ['a.md', 'a.mdx', 'b.md', 'c/index.mdx'];
    expect(findPageFile(files, 'a')).toBe('a.mdx');
    expect(findPageFile(new Set(files), 'b')).toBe('b.md');
    expect(findPageFile(files, 'c')).toBe('c/index.mdx');
    expect(findPageFile(files, 'd')).toBeUndefined();
  });

  it('finds the same page files through an index of the files', () => {
    expect(['guides/intro.MDX', 'faq.Md', 'a.mdx.md', 'notes.txt', 'x', 'mdx'].map(pagePathForFile)).toEqual([
      'guides/intro',
      'faq',
      'a.mdx',
      'notes.txt',
      'x',
      'mdx',
    ]);
    const files = [
      'a.MD',
      'a.md',
      'a.mdx',
      'b.MDX',
      'b.md',
      'c/index.md',
      'c/index.mdx',
      'e.Mdx',
      'f.md',
      'f/index.mdx',
    ];
    const find = pageFileFinder(files);
    for (const route of ['a', 'b', 'c', 'c/index', 'd', 'e', 'f']) expect(find(route)).toBe(findPageFile(files, route));
    expect(['a', 'b', 'c', 'e', 'f'].map(find)).toEqual(['a.mdx', 'b.md', 'c/index.mdx', undefined, 'f.md']);
  });
});
