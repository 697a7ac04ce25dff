#!/usr/bin/env node
// CLI entry: runs the JavaScript compiled from the TypeScript sources into lib/ (`npm run build`, run by `npm ci`).
import { main } from '../lib/cli/main.js';

// A reader that stops early (`docsmith serve --help | head`) closes the pipe: end quietly, as other command-line tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
}

process.exitCode = await main(process.argv.slice(2));
