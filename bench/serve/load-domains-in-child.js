// Child process of the memory bench: loads the given domains one after the other through the runtime's artifact store
// (compiled lib/, as `docsmith serve` runs it) and prints, as JSON, the live heap (after a full GC) and RSS before and
// after, and the store's own estimate of what it holds. Run with --expose-gc. Plain JavaScript: no loader weighs on it.
import { createArtifactStore } from '../../lib/runtime/artifacts/create-artifact-store.js';

const [root, ...domains] = process.argv.slice(2);
const measure = () => {
  globalThis.gc();
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
  return { heapUsed, rss, external, arrayBuffers };
};
const store = createArtifactStore({ root, memoryBudgetBytes: 64 * 1024 ** 3, pollMs: 3_600_000 });
const before = measure();
let estimate = 0;
for (const domain of domains) estimate += ((await store.get(domain))?.bytes ?? 0) * 4;
const after = measure();
process.stdout.write(`${JSON.stringify({ before, after, estimate, loaded: store.loadedDomains().length })}\n`);
