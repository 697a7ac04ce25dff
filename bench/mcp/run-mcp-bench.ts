import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { corpusPath, median, printTable } from '../bench-helpers.ts';

const CORPUS = 'ollama';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The MCP server against the routes it mirrors: latencies and how often their top 5 agree. */
export interface McpFigures {
  questions: number;
  searchRatio: number;
  pageRatio: number;
  topFiveEqual: number;
  topFiveEqualAtPageSize5: number;
}

/**
 * Serves the ollama corpus in process and asks its retrieval bench questions three ways: `POST /v1/search` (the
 * baseline), the MCP `search` tool with its default page size and with `pageSize: 5`; reads each question's first
 * result with `GET /v1/page` (the baseline) and the MCP `get_page` tool. Prints the median latency of each (server
 * side, `inject`, no socket), the MCP/baseline ratios measured in the same run, and how many top 5s are equal.
 */
export async function runMcpBench(): Promise<McpFigures> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-mcp-'));
  try {
    const result = await buildSite(await readSiteSource(corpusPath(CORPUS)), { domain: CORPUS });
    const domainDir = path.join(directory, 'dist', CORPUS);
    await writeBuildDirectory(domainDir, result.manifest!.buildId, result.files);
    await publishBuild(domainDir, result.manifest!.buildId);
    const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
      domains: [CORPUS],
      org: 'bench',
    }).key;
    const app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
      limits: { perKeyPerMonth: 1e9, perOrgPerHour: 1e9, perIpPerDay: 1e9 },
    });
    const questions = (
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../retrieval/questions.json'), 'utf8')) as {
        corpus: string;
        question: string;
      }[]
    )
      .filter((entry) => entry.corpus === CORPUS)
      .map((entry) => entry.question);
    const authorization = `Bearer ${key}`;
    const mcpHeaders = {
      authorization,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    };
    const apiSearch = async (query: string) =>
      (
        await app.inject({
          method: 'POST',
          url: `/v1/search/${CORPUS}`,
          headers: { authorization },
          payload: { query },
        })
      ).json() as { path: string }[];
    const callTool = async (name: string, args: Record<string, unknown>) =>
      (
        await app.inject({
          method: 'POST',
          url: `/sites/${CORPUS}/mcp`,
          headers: mcpHeaders,
          payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
        })
      ).json() as { result: { structuredContent?: { results: { path: string }[] }; isError?: boolean } };
    const toolSearch = async (query: string, pageSize?: number) =>
      (await callTool('search', { query, ...(pageSize ? { pageSize } : {}) })).result.structuredContent?.results ?? [];
    let topFiveEqual = 0;
    let topFiveEqualAtPageSize5 = 0;
    const firstPaths: string[] = [];
    for (const question of questions) {
      const expected = JSON.stringify((await apiSearch(question)).slice(0, 5).map((entry) => entry.path));
      const found = await toolSearch(question);
      if (JSON.stringify(found.slice(0, 5).map((entry) => entry.path)) === expected) topFiveEqual += 1;
      if (JSON.stringify((await toolSearch(question, 5)).map((entry) => entry.path)) === expected)
        topFiveEqualAtPageSize5 += 1;
      if (found[0]) firstPaths.push(found[0].path);
    }
    const durations: Record<string, number[]> = { apiSearch: [], toolSearch: [], apiPage: [], toolPage: [] };
    const time = async (name: string, work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      durations[name]!.push(performance.now() - started);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const question of questions) {
        await time('apiSearch', () => apiSearch(question));
        await time('toolSearch', () => toolSearch(question));
      }
      for (const pagePath of firstPaths) {
        await time('apiPage', () =>
          app.inject({ url: `/v1/page/${CORPUS}?path=${encodeURIComponent(pagePath)}`, headers: { authorization } }),
        );
        await time('toolPage', () => callTool('get_page', { path: pagePath }));
      }
    }
    await app.close();
    const ms = (name: string) => median(durations[name]!);
    const figures = {
      questions: questions.length,
      searchRatio: ms('toolSearch') / ms('apiSearch'),
      pageRatio: ms('toolPage') / ms('apiPage'),
      topFiveEqual,
      topFiveEqualAtPageSize5,
    };
    printTable(
      `MCP server on ${CORPUS} (${questions.length} bench questions, ${ROUNDS} rounds, in process): median ms`,
      ['request', 'baseline', 'MCP tool', 'ratio'],
      [
        [
          'search (POST /v1/search | tools/call search)',
          ms('apiSearch').toFixed(2),
          ms('toolSearch').toFixed(2),
          `${figures.searchRatio.toFixed(2)}×`,
        ],
        [
          'page (GET /v1/page | tools/call get_page)',
          ms('apiPage').toFixed(2),
          ms('toolPage').toFixed(2),
          `${figures.pageRatio.toFixed(2)}×`,
        ],
      ],
    );
    process.stdout.write(
      `top 5 equal to POST /v1/search's: ${topFiveEqual}/${questions.length} at the default page size, ${topFiveEqualAtPageSize5}/${questions.length} with pageSize 5\n`,
    );
    return figures;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
