import { runArtifactsBench } from './artifacts/run-artifacts-bench.ts';
import { runBuildBench } from './build/run-build-bench.ts';
import { runDomainsBench } from './domains/run-domains-bench.ts';
import { runHybridBench } from './retrieval/run-hybrid-bench.ts';
import { runRetrievalBench } from './retrieval/run-retrieval-bench.ts';
import { runServeBench } from './serve/run-serve-bench.ts';

const benches: Record<string, () => Promise<unknown>> = {
  build: runBuildBench,
  artifacts: runArtifactsBench,
  retrieval: runRetrievalBench,
  hybrid: runHybridBench,
  serve: runServeBench,
  domains: runDomainsBench,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benches));
if (unknown.length > 0) {
  process.stderr.write(`npm run bench: unknown bench ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}\n`);
  process.exit(2);
}
process.stdout.write(`docsmith benchmarks on node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);
for (const name of wanted.length > 0 ? wanted : Object.keys(benches)) await benches[name]!();
