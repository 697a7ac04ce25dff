#!/usr/bin/env node
// CLI entry: runs the JavaScript compiled from the TypeScript sources into lib/ (`npm run build`, run by `npm ci`).
import { main } from '../lib/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
