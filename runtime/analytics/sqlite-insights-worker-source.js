// Worker-thread entry of the SQLite insights queries from the TypeScript sources (tests, benches): plain JavaScript so
// Node 20 can start it, then TypeScript through tsx. The compiled runtime starts sqlite-insights-worker-loop.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./sqlite-insights-worker-loop.ts');
