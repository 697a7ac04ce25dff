#!/usr/bin/env node
// `npm start`: builds every site under sites/, makes sure a local API key exists, prints it with a curl
// line, then serves the assistant. Plain JavaScript entry; the work happens in cli/start-local.ts.
import { register } from 'tsx/esm/api';

register();
const { startLocal } = await import('../cli/start-local.ts');
process.exitCode = await startLocal();
