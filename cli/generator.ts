import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

/** The generator string written into manifests: `docsmith <version>`. */
export const GENERATOR = `${packageJson.name} ${packageJson.version}`;
