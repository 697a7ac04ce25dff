import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { KeyFileError } from '../runtime/auth/key-file-error.ts';
import { createKeyStore } from '../runtime/auth/key-store.ts';
import { EXIT_OK } from './exit-codes.ts';
import { main } from './main.ts';

const SITES_DIR = 'sites';
const DIST_DIR = process.env.DOCSMITH_ARTIFACTS ?? 'dist';
const DATA_DIR = process.env.DOCSMITH_DATA ?? '.data';
const PORT = process.env.PORT ?? '8080';

/**
 * The local demo: creates a local API key for every site of sites/ on first run (kept in .data/local-dev-key so
 * later runs can print it again — a development convenience, never done by `docsmith keys create`), prints the
 * playground's address first (opening it connected), the key and a ready-to-paste curl line, then builds and
 * publishes every site and serves until interrupted, the sites' documentation public (their MCP servers and agent
 * files answer without a key, as on a developer's machine they may).
 */
export async function startLocal(): Promise<number> {
  const domains = readdirSync(SITES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(SITES_DIR, entry.name, 'docs.json')))
    .map((entry) => entry.name)
    .sort();
  if (domains.length === 0) {
    process.stderr.write('npm start: no site under sites/ (a site is a folder with a docs.json)\n');
    return 1;
  }
  let key: string;
  try {
    key = localKey(domains);
  } catch (error) {
    if (!(error instanceof KeyFileError)) throw error;
    process.stderr.write(`npm start: ${error.message}\n`);
    return 1;
  }
  const first = domains[0] as string;
  const url = `http://127.0.0.1:${PORT}`;
  // The playground first: the link opens it connected (the key travels in the fragment, which is never sent to a server).
  process.stdout.write(
    [
      `Playground: ${url}/playground?domain=${first}#key=${key}`,
      `Serving ${domains.join(', ')} on ${url} once built (below)`,
      `Local API key (valid for ${domains.join(', ')}): ${key}`,
      '',
      'Try it:',
      `curl -N ${url}/v1/assistant/${first}/message \\`,
      `  -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' \\`,
      `  -d '{"fp":"demo","messages":[{"id":"1","role":"user","content":"How do I verify webhook signatures?"}]}'`,
      '',
      `MCP server, no key needed locally: ${url}/sites/${first}/mcp  (agent files: ${url}/sites/${first}/llms.txt)`,
      '',
    ].join('\n'),
  );
  for (const domain of domains) {
    const code = await main([
      'build',
      path.join(SITES_DIR, domain),
      '--out',
      path.join(DIST_DIR, domain),
      '--publish',
      '--quiet',
    ]);
    if (code !== EXIT_OK) return code;
  }
  return main([
    'serve',
    '--artifacts',
    DIST_DIR,
    '--data',
    DATA_DIR,
    '--port',
    PORT,
    '--store-questions',
    '--public-docs',
    domains.join(','),
  ]);
}

function localKey(domains: string[]): string {
  const keyFile = path.join(DATA_DIR, 'local-dev-key');
  const store = createKeyStore({ file: path.join(DATA_DIR, 'keys.json') });
  if (existsSync(keyFile)) {
    const saved = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string; id: string; domains: string[] };
    const record = store.list().find((candidate) => candidate.id === saved.id && !candidate.revokedAt);
    if (record && domains.every((domain) => record.domains.includes(domain))) return saved.key;
  }
  const { key, record } = store.create({ domains, org: 'local', name: 'npm start' });
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(keyFile, JSON.stringify({ key, id: record.id, domains }), { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  return key;
}
