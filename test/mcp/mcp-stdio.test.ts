import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionedSiteFiles } from '../helpers/mcp-test-site.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

/** Runs the compiled CLI to its end: exit code and stderr. */
async function docsmith(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [cli, ...args], { timeout: 20_000 });
    return { code: 0, stderr };
  } catch (error) {
    const failure = error as { code: number; stderr: string };
    return { code: failure.code, stderr: failure.stderr };
  }
}

/** An official SDK client on `docsmith mcp <args>` over stdio (the compiled CLI, as an agent starts it). */
async function stdioClient(...args: string[]): Promise<Client> {
  const client = new Client({ name: 'docsmith-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', ...args], stderr: 'ignore' }),
  );
  return client;
}

describe('docsmith mcp: the same tools over stdio, read by the official SDK client', { timeout: 60_000 }, () => {
  let directory: string;
  let dist: string;
  let buildId: string;
  let client: Client;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-mcp-stdio-'));
    dist = path.join(directory, 'dist');
    buildId = await publishTestSite(dist, 'example', versionedSiteFiles());
    await publishTestSite(dist, 'other', versionedSiteFiles('Other'), 'https://docs.other.test');
    client = await stdioClient(dist, '--domain', 'example');
  });
  afterAll(async () => {
    await client.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('lists the tools, searches with every parameter, reads a result, and a bad path or tool is a tool error', async () => {
    expect((await client.getServerVersion())?.name).toBe('example-docs');
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.title])).toEqual([
      ['search', 'Search the Example documentation'],
      ['get_page', 'Read a page of the Example documentation'],
    ]);
    const found = await client.callTool({
      name: 'search',
      arguments: { query: 'skip the login in CI', pageSize: 1, scoreThreshold: 0.2, version: 'v2', language: 'en' },
    });
    // No site URL and no runtime address over stdio: the results carry no link, only the path for get_page.
    expect(found.structuredContent).toEqual({
      results: [
        {
          title: 'Configure the CLI',
          breadcrumb: 'Start › Configure the CLI › Tokens in CI',
          path: '/cli/configure#tokens-in-ci',
          snippet: expect.stringContaining('EXAMPLE_TOKEN'),
          score: expect.any(Number),
          version: 'v2',
        },
      ],
    });
    const page = await client.callTool({ name: 'get_page', arguments: { path: '/cli/configure#tokens-in-ci' } });
    expect((page.content as { text: string }[])[0]?.text).toBe(
      await readFile(path.join(dist, 'example', 'builds', buildId, 'pages', 'cli', 'configure.md'), 'utf8'),
    );
    expect(await client.callTool({ name: 'get_page', arguments: { path: '/nope' } })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^No page \/nope in the Example documentation\. Closest paths: /) }],
    });
    expect(await client.callTool({ name: 'get_page', arguments: { path: '../other/current' } })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^Unexpected path/) }],
    });
    expect(await client.callTool({ name: 'search', arguments: { query: 'install', pageSize: 500 } })).toMatchObject({
      isError: true,
    });
    expect(await client.callTool({ name: 'nope', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('Tool nope not found') }],
    });
    expect(
      (await client.callTool({ name: 'search', arguments: { query: 'install', version: 'v9' } })).structuredContent,
    ).toEqual({ results: [], note: 'This site has no version `v9`; its versions are v2, v1.' });
  });

  it("serves a domain's own folder without --domain, with its site URL in the links", async () => {
    const other = await stdioClient(path.join(dist, 'other'));
    try {
      const found = await other.callTool({ name: 'search', arguments: { query: 'invoices' } });
      expect((found.structuredContent as { results: { url: string }[] }).results[0]?.url).toBe(
        'https://docs.other.test/billing',
      );
    } finally {
      await other.close();
    }
  });

  it('answers every request piped in before stdin closes, then exits 0 (printf … | docsmith mcp)', async () => {
    const requests = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      ...Array.from({ length: 40 }, (_, index) => ({
        jsonrpc: '2.0',
        id: index + 2,
        method: 'tools/call',
        params:
          index % 2
            ? { name: 'get_page', arguments: { path: 'billing' } }
            : { name: 'search', arguments: { query: `invoices ${index}` } },
      })),
    ];
    const child = execFile(process.execPath, [cli, 'mcp', dist, '--domain', 'example'], { timeout: 20_000 });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin?.end(`${requests.map((request) => JSON.stringify(request)).join('\n')}\n`);
    expect(await exited).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; result?: unknown });
    expect(answers.map((answer) => answer.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 41 }, (_, index) => index + 1),
    );
    expect(JSON.stringify(answers.at(-1)?.result)).toContain('billing');
  });

  it('a folder with no site, several sites and no --domain, or an unknown domain: exit 2 with one line', async () => {
    const empty = path.join(directory, 'empty');
    await mkdir(empty);
    expect(await docsmith('mcp', empty)).toEqual({
      code: 2,
      stderr: `docsmith mcp: ${empty}: no published site; run docsmith build <site> --out ${path.join(empty, '<domain>')} --publish first\n`,
    });
    expect(await docsmith('mcp', dist)).toEqual({
      code: 2,
      stderr: `docsmith mcp: ${dist} holds several sites (example, other); name one with --domain\n`,
    });
    expect(await docsmith('mcp', dist, '--domain', 'nope')).toEqual({
      code: 2,
      stderr: `docsmith mcp: ${dist} has no site nope; its sites: example, other\n`,
    });
    expect(await docsmith('mcp', path.join(directory, 'missing'))).toEqual({
      code: 2,
      stderr: `docsmith mcp: ${path.join(directory, 'missing')}: no such folder\n`,
    });
  });
});
