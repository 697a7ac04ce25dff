// Child process of the artifacts bench: loads one published domain through the runtime's artifact store (compiled
// lib/, as `docsmith serve` runs it) while a 10 ms timer measures how long the event loop is held, then prints
// {loadMs, rssMiB, maxStallMs} as JSON. Plain JavaScript so that no TypeScript loader weighs on the RSS.
import { createArtifactStore } from '../../lib/runtime/artifacts/create-artifact-store.js';

const [root, domain] = process.argv.slice(2);
const TICK_MS = 10;
let last = performance.now();
let maxStallMs = 0;
const ticker = setInterval(() => {
  const now = performance.now();
  maxStallMs = Math.max(maxStallMs, now - last - TICK_MS);
  last = now;
}, TICK_MS);
await new Promise((resolve) => setTimeout(resolve, 50));
const started = performance.now();
last = started;
const site = await createArtifactStore({ root, memoryBudgetBytes: 4 * 1024 ** 3 }).get(domain);
const loadMs = performance.now() - started;
await new Promise((resolve) => setTimeout(resolve, 2 * TICK_MS));
clearInterval(ticker);
const rssMiB = process.memoryUsage().rss / 1024 / 1024;
process.stdout.write(`${JSON.stringify({ loadMs, rssMiB, maxStallMs, sections: site?.index.sections.length ?? 0 })}\n`);
