#!/usr/bin/env node
// `npm start`: builds every site under sites/, makes sure a local API key exists, prints it with a curl
// line, then serves the assistant. Runs the compiled code in lib/; the work happens in cli/start-local.ts.
import { startLocal } from '../lib/cli/start-local.js';

process.exitCode = await startLocal();
