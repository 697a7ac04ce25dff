import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
} from '@ai-sdk/provider';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { versionedSiteFiles } from '../helpers/mcp-test-site.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

/** Tool calls one key may make per month in this suite: enough for each test, few enough to reach the limit. */
const CALLS_PER_KEY = 40;

interface SearchOutput {
  results: {
    title: string;
    breadcrumb: string;
    path: string;
    url?: string;
    snippet: string;
    score: number;
    version?: string;
  }[];
  note?: string;
}

/** The path of the first search result the model was shown: what it reads next (the tool result as the model sees it, the JSON text). */
function firstResultPath(prompt: LanguageModelV3Prompt): string | undefined {
  const part = prompt.find((message) => message.role === 'tool')?.content[0];
  const output = part?.type === 'tool-result' ? part.output : undefined;
  const text = output?.type === 'content' && output.value[0]?.type === 'text' ? output.value[0].text : '{"results":[]}';
  return (JSON.parse(text) as SearchOutput).results[0]?.path;
}

describe('the MCP server of a domain over Streamable HTTP, read by the official SDK and the AI SDK clients', () => {
  let directory: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let freshKeys: string[];
  let buildId: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-mcp-'));
    buildId = await publishTestSite(path.join(directory, 'dist'), 'example', versionedSiteFiles());
    const keys = createKeyStore({ file: path.join(directory, 'data', 'keys.json') });
    // Created before the app reads the keys file: each test spends a key of its own.
    freshKeys = Array.from({ length: 4 }, () => keys.create({ domains: ['example'], org: 'org' }).key);
    app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
      limits: { perKeyPerMonth: CALLS_PER_KEY, perOrgPerHour: 10_000, perIpPerDay: 10_000 },
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await rm(directory, { recursive: true, force: true });
  });
  const newKey = (): string => freshKeys.pop() as string;
  /** A link to a page's Markdown on this runtime, signed for the key that asked. */
  const signedLink = (pagePath: string, anchor?: string): RegExp =>
    new RegExp(
      `^${baseUrl.replaceAll('.', '\\.')}/sites/example/${pagePath}\\.md\\?sig=[0-9a-f]{12}\\.[\\w-]{22}${anchor ? `#${anchor}` : ''}$`,
    );
  const builtPage = (pagePath: string): Promise<string> =>
    readFile(path.join(directory, 'dist', 'example', 'builds', buildId, 'pages', `${pagePath}.md`), 'utf8');

  async function sdkClient(key: string): Promise<Client> {
    const client = new Client({ name: 'docsmith-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/sites/example/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    return client;
  }

  it('official SDK Client: lists the tools, searches with every parameter, reads a result, a bad path is a tool error, past the limit a 429', async () => {
    const client = await sdkClient(newKey());
    // Stateless: no stream to send notifications/tools/list_changed on, so the server must not promise them.
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'get_page']);
    expect(tools.map((tool) => tool.description)).toEqual([
      expect.stringMatching(/^Search the Example documentation/),
      expect.stringMatching(/^Read a whole page of the Example documentation/),
    ]);
    expect(tools[0]?.inputSchema.properties?.version).toMatchObject({
      description: expect.stringContaining('one of v2, v1 (default v2)'),
    });
    expect(tools[0]?.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });

    const found = await client.callTool({
      name: 'search',
      arguments: { query: 'install the CLI', pageSize: 3, scoreThreshold: 0.1, version: 'v1', language: 'en' },
    });
    const output = found.structuredContent as unknown as SearchOutput;
    expect(output.results).toEqual([
      {
        title: 'Quickstart (v1)',
        breadcrumb: 'Start › Quickstart (v1)',
        path: '/v1/quickstart',
        url: expect.stringMatching(signedLink('v1/quickstart')),
        snippet: 'Install the legacy CLI.',
        score: expect.any(Number),
        version: 'v1',
      },
    ]);
    expect(JSON.parse((found.content as { text: string }[])[0]?.text ?? '')).toEqual(output);

    const page = await client.callTool({ name: 'get_page', arguments: { path: output.results[0]?.path } });
    expect(page.isError).toBeFalsy();
    expect((page.content as { text: string }[])[0]?.text).toBe(await builtPage('v1/quickstart'));
    const byLink = await client.callTool({ name: 'get_page', arguments: { path: output.results[0]?.url } });
    expect((byLink.content as { text: string }[])[0]?.text).toBe(await builtPage('v1/quickstart'));
    // The link opens without a key (a person following it from the agent's answer), that page only.
    const link = output.results[0]?.url as string;
    const opened = await fetch(link);
    expect([opened.status, opened.headers.get('cache-control'), await opened.text()]).toEqual([
      200,
      expect.stringContaining('private'),
      await builtPage('v1/quickstart'),
    ]);
    const elsewhere = await fetch(link.replace('v1/quickstart.md', 'quickstart.md'));
    expect([elsewhere.status, ((await elsewhere.json()) as { error: { code: string } }).error.code]).toEqual([
      401,
      'invalid_key',
    ]);

    const missing = await client.callTool({ name: 'get_page', arguments: { path: '/cli/configur' } });
    expect(missing).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'No page /cli/configur in the Example documentation. Closest paths: /cli/configure, /billing, /quickstart.',
        },
      ],
    });

    let refused: unknown;
    for (let call = 4; call <= CALLS_PER_KEY + 1 && refused === undefined; call += 1) {
      await client
        .callTool({ name: 'search', arguments: { query: 'billing' } })
        .catch((error: unknown) => (refused = error));
    }
    expect(refused).toMatchObject({
      code: 429,
      message: expect.stringContaining('Rate limit exceeded (monthly limit of this key)'),
    });
    expect((await client.listTools()).tools).toHaveLength(2);
    await client.close();
  });

  it('the server card lists the tools as tools/list does (output schemas too), and every protocol version gets the same structured search', async () => {
    const key = newKey();
    const client = await sdkClient(key);
    const { tools } = await client.listTools();
    const card = (await (
      await fetch(`${baseUrl}/sites/example/.well-known/mcp/server-card.json`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { tools: unknown[] };
    expect(card.tools).toEqual(tools);
    expect(tools[0]?.outputSchema).toMatchObject({ type: 'object', required: ['results'] });
    expect(tools[1]?.outputSchema).toBeUndefined();
    await client.close();
    for (const protocolVersion of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
      const rpc = async (
        headers: Record<string, string>,
        body: unknown,
      ): Promise<{ result: Record<string, unknown> }> => {
        const response = await fetch(`${baseUrl}/sites/example/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            ...headers,
          },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        return JSON.parse(text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}')) as {
          result: Record<string, unknown>;
        };
      };
      const init = await rpc(
        {},
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion, capabilities: {}, clientInfo: { name: 'old-client', version: '1' } },
        },
      );
      expect(init.result.protocolVersion).toBe(protocolVersion);
      const call = await rpc(
        { 'mcp-protocol-version': protocolVersion },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: { query: 'install' } } },
      );
      const content = call.result.content as { type: string; text: string }[];
      expect(content[0]?.type).toBe('text');
      expect(JSON.parse(content[0]?.text ?? '')).toEqual(call.result.structuredContent);
    }
  });

  it("ranks as POST /v1/search: the tool's top 5 are its top 5, for plain, filtered and thresholded searches", async () => {
    const key = newKey();
    const client = await sdkClient(key);
    const searches = [
      { query: 'install the CLI' },
      { query: 'CI token login', pageSize: 5 },
      { query: 'install', version: 'v1' },
      { query: 'invoices billing contact', scoreThreshold: 0.5 },
      { query: 'settings config file' },
    ];
    for (const { version, ...search } of searches) {
      const response = await fetch(`${baseUrl}/v1/search/example`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...search, ...(version ? { filter: { version } } : {}) }),
      });
      const expected = ((await response.json()) as { path: string }[]).map((result) => result.path).slice(0, 5);
      const found = await client.callTool({
        name: 'search',
        arguments: { ...search, ...(version ? { version } : {}) },
      });
      expect(
        (found.structuredContent as unknown as SearchOutput).results.map((result) => result.path).slice(0, 5),
        search.query,
      ).toEqual(expected);
      expect(expected.length, search.query).toBeGreaterThan(0);
    }
    await client.close();
  });

  it('AI SDK MCP client: a generateText loop of a scripted model calls search, then get_page on its first result, then a bad path', async () => {
    const client: MCPClient = await createMCPClient({
      transport: { type: 'http', url: `${baseUrl}/mcp/example`, headers: { authorization: `Bearer ${newKey()}` } },
    });
    try {
      const tools = await client.tools();
      expect(Object.keys(tools).sort()).toEqual(['get_page', 'search']);
      const calls = [
        {
          toolName: 'search',
          input: { query: 'skip the login in CI', pageSize: 2, scoreThreshold: 0, version: 'v2', language: 'en' },
        },
        { toolName: 'get_page', input: (prompt: LanguageModelV3Prompt) => ({ path: firstResultPath(prompt) }) },
        { toolName: 'get_page', input: { path: '../../data/keys.json' } },
      ];
      const model = new MockLanguageModelV3({
        doGenerate: async (options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> => {
          const step = options.prompt.filter((message) => message.role === 'tool').length;
          const call = calls[step];
          const usage = {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          };
          if (!call)
            return {
              content: [{ type: 'text', text: 'Set EXAMPLE_TOKEN.' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            };
          const input = typeof call.input === 'function' ? call.input(options.prompt) : call.input;
          return {
            content: [
              { type: 'tool-call', toolCallId: `call_${step}`, toolName: call.toolName, input: JSON.stringify(input) },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage,
            warnings: [],
          };
        },
      });
      const result = await generateText({
        model,
        tools,
        stopWhen: stepCountIs(5),
        prompt: 'Which variable skips the login in CI?',
      });
      expect(result.text).toBe('Set EXAMPLE_TOKEN.');
      const toolResults = result.steps.flatMap((step) => step.toolResults) as unknown as {
        toolName: string;
        input: Record<string, unknown>;
        output: { content: { text: string }[]; structuredContent?: SearchOutput; isError?: boolean };
      }[];
      expect(toolResults.map((part) => part.toolName)).toEqual(['search', 'get_page', 'get_page']);
      expect(toolResults[0]?.output.structuredContent?.results[0]).toMatchObject({
        path: '/cli/configure#tokens-in-ci',
        version: 'v2',
        url: expect.stringMatching(signedLink('cli/configure', 'tokens-in-ci')),
      });
      expect(toolResults[1]?.input).toEqual({ path: '/cli/configure#tokens-in-ci' });
      expect(toolResults[1]?.output.content[0]?.text).toBe(await builtPage('cli/configure'));
      expect(toolResults[2]?.output).toMatchObject({
        isError: true,
        content: [
          {
            text: 'Unexpected path `../../data/keys.json`, expected a page path as search returns it, like /quickstart.',
          },
        ],
      });

      let refused: unknown;
      const search = tools.search as unknown as { execute: (input: unknown, options: unknown) => Promise<unknown> };
      for (let call = 4; call <= CALLS_PER_KEY + 1 && refused === undefined; call += 1) {
        await search
          .execute({ query: 'billing' }, { toolCallId: `limit_${call}`, messages: [] })
          .catch((error: unknown) => (refused = error));
      }
      expect(String(refused)).toContain('Rate limit exceeded');
    } finally {
      await client.close();
    }
  });
});
