import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { composeAnswer } from '../../runtime/assistant/compose-answer.ts';
import { buildAssistantPrompt, readPromptSources } from '../../runtime/assistant/assistant-prompt.ts';
import { selectSourceSections } from '../../runtime/assistant/select-source-sections.ts';
import { sourcesFromResults } from '../../runtime/assistant/sources-from-results.ts';
import { loadSearchIndex, search, type SearchIndex, type SearchResult } from '../../runtime/search/index.ts';
import { pageSections } from '../../runtime/search/page-sections.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';
import { section } from '../helpers/section-record.ts';

/** An FAQ page whose sections share words, as real FAQs do: a question can rank the proxy answer above the queue one. */
const site = {
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Example',
    colors: { primary: '#16A34A' },
    navigation: { groups: [{ group: 'Help', pages: ['faq', 'install'] }] },
  }),
  'faq.mdx': [
    '---\ntitle: FAQ\n---',
    '## How can I use the server behind a proxy?\n\nThe server speaks HTTP and can be exposed through a proxy server such as Nginx, which forwards requests to it.',
    '## How does the server handle concurrent requests?\n\nEach model processes one request at a time. When every worker is busy the server queues requests; EXAMPLE_MAX_QUEUE sets how many it queues before rejecting new ones, 512 by default.',
    '## Where are logs stored?\n\nLogs go to ~/.example/logs.',
  ].join('\n\n'),
  'install.mdx': '---\ntitle: Install\n---\n\nInstall the server with npm i -g example-server.\n',
};

/** Sections of one page, by anchor, heading (none for the page's first) and text. */
const sectionsOfPage =
  (path: string, title: string) =>
  (anchor: string, heading: string, text: string): SectionRecord =>
    section(path, title, text, { anchor, headingPath: heading ? [heading] : [] });

/** A section as the search result that ranked it first. */
const rankedResult = (ranked: SectionRecord): SearchResult => ({
  ...ranked,
  snippet: ranked.text,
  score: 1,
  metadata: { groups: [] },
});

describe('the sections an answer is composed from', () => {
  let index: SearchIndex;
  beforeAll(async () => {
    const built = await buildSite(siteSourceFromObject(site), { domain: 'example' });
    index = loadSearchIndex(JSON.parse(built.files.get('search.json') as string));
  });

  it('reads every section of a page from the loaded index, in page order', () => {
    expect(pageSections(index, 'faq').map((section) => section.anchor)).toEqual([
      'how-can-i-use-the-server-behind-a-proxy',
      'how-does-the-server-handle-concurrent-requests',
      'where-are-logs-stored',
    ]);
    expect(pageSections(index, 'no/such/page')).toEqual([]);
  });

  it('adds the section of the ranked page that answers, when the ranking picked its neighbour, and links to it', () => {
    const question = 'how many requests does the server queue before it rejects them';
    const proxy = search(index, 'proxy server', { pageSize: 1 })[0] as SearchResult;
    expect(proxy.anchor).toBe('how-can-i-use-the-server-behind-a-proxy');
    const selected = selectSourceSections(question, [proxy], (path) => pageSections(index, path));
    expect(selected[0]?.map((section) => section.anchor)).toEqual([
      'how-does-the-server-handle-concurrent-requests',
      'how-can-i-use-the-server-behind-a-proxy',
    ]);
    const sources = sourcesFromResults([proxy], { siteUrl: 'https://docs.example.com', domain: 'example' }, selected);
    expect(sources[0]?.url).toBe('https://docs.example.com/faq#how-does-the-server-handle-concurrent-requests');
    const answer = composeAnswer(
      question,
      undefined,
      readPromptSources(buildAssistantPrompt({ question, sources }).system),
    ).join('');
    expect(answer).toContain('EXAMPLE_MAX_QUEUE sets how many it queues before rejecting new ones, 512 by default [1]');
  });

  it("gives a smaller matching section when a better one is too long for the sources' budget", () => {
    const record = sectionsOfPage('limits', 'Limits');
    const ranked = record('overview', 'Overview', 'Limits of the free plan and the paid plans.');
    const long = record(
      'batch-concurrency',
      'Batch concurrency',
      `Batch runs on the free plan execute in parallel. ${'Each batch item is processed in order. '.repeat(200)}`,
    );
    const short = record('concurrency', 'Concurrency', 'Runs executing at once: free plan 10, paid plans 100.');
    const result = rankedResult(ranked);
    const selected = selectSourceSections('how many runs can execute at once on the free plan', [result], () => [
      ranked,
      long,
      short,
    ]);
    expect(long.text.length).toBeGreaterThan(6000);
    expect(selected[0]?.map((section) => section.anchor)).toEqual(['concurrency', 'overview']);
  });

  it('gives a section with a code block for a command question when the chosen ones have none', () => {
    const record = sectionsOfPage('cli', 'CLI');
    const ranked = record(
      'overview',
      'Overview',
      'Use the CLI to run the tests of an exported collection from your terminal, in CI or by hand.',
    );
    const command = record(
      'test',
      'example test',
      'The test command runs a collection file.\n```bash\nexample test <collection file>\n```',
    );
    const unrelated = record('env', 'Environment', 'Environment files hold variables.\n```bash\nexample env list\n```');
    const result = rankedResult(ranked);
    const sectionsOf = (): SectionRecord[] => [ranked, command, unrelated];
    const asked = 'run the tests of an exported collection from the terminal';
    expect(selectSourceSections(asked, [result], sectionsOf)[0]?.map((section) => section.anchor)).toEqual([
      'overview',
      'test',
    ]);
  });

  it('gives a section with a list of steps for a steps question when the chosen ones have none', () => {
    const record = sectionsOfPage('concepts/webhooks', 'Webhooks');
    const ranked = record('', '', 'Verify that a webhook request comes from Relay and was not replayed.');
    const steps = record(
      'how-the-signature-is-computed',
      'How the signature is computed',
      '1. Take the timestamp t from the header.\n2. Build the signed string.\n3. Compute HMAC-SHA256 of that string.\n4. Compare the digest with the v1 value.',
    );
    const rotation = record('rotation', 'Rotation', 'During a rotation the header carries two signatures.');
    const sectionsOf = (): SectionRecord[] => [ranked, steps, rotation];
    expect(
      selectSourceSections('How do I verify webhook signatures?', [rankedResult(ranked)], sectionsOf)[0]?.map(
        (section) => section.anchor,
      ),
    ).toEqual(['', 'how-the-signature-is-computed']);
  });

  it('gives a section holding the form a question names (a size with its unit) when the chosen ones have none', () => {
    const record = sectionsOfPage('self-hosting/docker-compose', 'Docker Compose');
    const ranked = record(
      'aws',
      'Option 1: AWS',
      'Create a machine on AWS to run the app with Docker Compose; it must be at least a medium instance.',
    );
    const requirements = record('requirements', 'Requirements', 'The minimum machine: 2 vCPUs and 4 GB RAM.');
    const upgrade = record('upgrade', 'Upgrade', 'Stop the app before you upgrade it.');
    const sectionsOf = (): SectionRecord[] => [ranked, requirements, upgrade];
    const anchorsFor = (question: string) =>
      selectSourceSections(question, [rankedResult(ranked)], sectionsOf)[0]?.map((section) => section.anchor);
    expect(anchorsFor('minimum machine size to run the app with docker compose')).toEqual(['aws', 'requirements']);
    expect(anchorsFor('minimum machine to run the app with docker compose')).toEqual(['aws']);
  });

  it('reads each section by its own headings, not by the page title they all share', () => {
    const record = sectionsOfPage('docker-compose', 'Deploy with Docker Compose');
    const ranked = record('access', 'Access', 'Open the dashboard on your server at http://your_server_ip.');
    const sections = [
      record('', '', 'Run the app on your own machine.'),
      record('before', 'Before deployment', 'Check the requirements.'),
      record('hardware', 'Hardware', 'Two cores.'),
      record(
        'deploy-and-start',
        'Deploy and start',
        'Copy the environment file, then start the containers with docker compose up -d.',
      ),
      ranked,
    ];
    const result = rankedResult(ranked);
    const selected = selectSourceSections('deploy on my server with docker compose', [result], () => sections);
    expect(selected[0]?.map((section) => section.anchor)).toEqual(['deploy-and-start', 'access']);
  });

  it('brings the sibling holding the rarest question word the chosen sections lack', () => {
    const record = sectionsOfPage('networks', 'Networks and tokens');
    const ranked = record(
      'default-assets',
      'Default assets for dollar prices',
      'When you use "$0.01" prices, the default stablecoin of the chain is used. The chains below have defaults.',
    );
    const sections = [
      ranked,
      record(
        'pricing',
        'Specifying prices',
        'A "$0.01" price uses the default stablecoin; a token amount works on any chain.',
      ),
      record('summary', 'Summary', 'Default stablecoins are a convenience for "$0.01" prices on every chain.'),
      record('new-networks', 'Adding networks', 'Add a default stablecoin for a chain so "$0.01" prices work on it.'),
      record('contributing', 'Contributing a default', 'Contribute the default stablecoin of a new chain upstream.'),
      section('networks', 'Networks and tokens', 'Base | eip155:8453 | USDC\nStable | eip155:988 | USDT0', {
        anchor: 'evm',
        headingPath: ['Default assets for dollar prices', 'EVM'],
      }),
    ];
    const result = rankedResult(ranked);
    const selected = selectSourceSections(
      'which stablecoin is used by default for "$0.01" prices on the Stable chain',
      [result],
      () => sections,
    );
    expect(selected[0]?.map((section) => section.anchor)).toContain('evm');
  });

  it('keeps a ranked section alone when no other section of its page matches the question', () => {
    const install = search(index, 'install the server with npm', { pageSize: 1 })[0] as SearchResult;
    expect(selectSourceSections('install the server with npm', [install], (path) => pageSections(index, path))).toEqual(
      [[{ anchor: install.anchor, headingPath: install.headingPath, text: install.text }]],
    );
  });
});
