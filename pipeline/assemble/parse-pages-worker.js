// Worker-thread entry of parsePagesInParallel: plain JavaScript so Node 20 can start it, then TypeScript through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./parse-pages-worker-loop.ts');
