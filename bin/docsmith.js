#!/usr/bin/env node
// Thin CLI entry: lets Node 20 run the TypeScript sources through tsx, then hands over to cli/main.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
