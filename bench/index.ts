import { runAnswersBench } from './answers/run-answers-bench.ts';
import { runArtifactsBench } from './artifacts/run-artifacts-bench.ts';
import { runBuildBench } from './build/run-build-bench.ts';
import { runDevBench } from './dev/run-dev-bench.ts';
import { runDomainsBench } from './domains/run-domains-bench.ts';
import { captureOutput, updateLatestOutput } from './latest-output.ts';
import { runMcpBench } from './mcp/run-mcp-bench.ts';
import { runHybridBench } from './retrieval/run-hybrid-bench.ts';
import { runInsightsBench } from './insights/run-insights-bench.ts';
import { runRerankBench } from './retrieval/run-rerank-bench.ts';
import { runRetrievalBench } from './retrieval/run-retrieval-bench.ts';
import { runBurstBench } from './serve/run-burst-bench.ts';
import { runMemoryBench } from './serve/run-memory-bench.ts';
import { runServeBench } from './serve/run-serve-bench.ts';
import { runWidgetBench } from './widget/run-widget-bench.ts';

/** Each bench, and whether it takes site filters (`npm run bench -- build versioned`: only the sites whose name contains a filter word). */
const benches: Record<string, { run: (sites: string[]) => Promise<unknown>; filtersSites: boolean }> = {
  build: { run: runBuildBench, filtersSites: true },
  artifacts: { run: runArtifactsBench, filtersSites: false },
  retrieval: { run: runRetrievalBench, filtersSites: false },
  hybrid: { run: runHybridBench, filtersSites: false },
  rerank: { run: runRerankBench, filtersSites: false },
  answers: { run: runAnswersBench, filtersSites: false },
  serve: { run: runServeBench, filtersSites: false },
  burst: { run: runBurstBench, filtersSites: false },
  memory: { run: runMemoryBench, filtersSites: false },
  domains: { run: runDomainsBench, filtersSites: false },
  insights: { run: runInsightsBench, filtersSites: false },
  mcp: { run: runMcpBench, filtersSites: false },
  widget: { run: runWidgetBench, filtersSites: false },
  dev: { run: runDevBench, filtersSites: false },
};

/** `build versioned artifacts` → build with the site filter `versioned`, then artifacts. */
const wanted: { name: string; sites: string[] }[] = [];
for (const word of process.argv.slice(2)) {
  if (word in benches) wanted.push({ name: word, sites: [] });
  else if (wanted.at(-1) && benches[wanted.at(-1)!.name]!.filtersSites) wanted.at(-1)!.sites.push(word);
  else {
    process.stderr.write(
      `npm run bench: unknown bench ${word}; choose from ${Object.keys(benches).join(', ')} (only build takes site names after it)\n`,
    );
    process.exit(2);
  }
}
process.stdout.write(
  `docsmith benchmarks on node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`,
);
// Each bench's output also replaces its section of docs/performance/latest.md (a run filtered to some sites does not).
const outputs = new Map<string, string>();
for (const { name, sites } of wanted.length > 0 ? wanted : Object.keys(benches).map((name) => ({ name, sites: [] }))) {
  const text = await captureOutput(() => benches[name]!.run(sites));
  if (sites.length === 0) outputs.set(name, text);
}
await updateLatestOutput(outputs, Object.keys(benches));
