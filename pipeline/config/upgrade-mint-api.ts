import { type Json, jsonRecord } from './json-record.ts';
import type { OriginRecorder } from './upgrade-mint-node-origins.ts';

/** mint.json's playground modes as docs.json's `api.playground.display` values (the platform's `upgradeToDocsConfig`). */
const PLAYGROUND_DISPLAY: Record<string, string> = { show: 'interactive', simple: 'simple', hide: 'none' };

/**
 * mint.json `api` and `openapi` → docs.json `api`, as the platform's `upgradeToDocsConfig` maps them: specs, playground
 * display and proxy, example languages, parameter expansion, and the base URL and auth of `api:` pages (`api.mdx`).
 */
export function upgradeMintApi(mint: Json, origin: OriginRecorder, dropped: string[]): Json {
  const legacy = jsonRecord(mint.api);
  const api: Json = {};
  if (mint.openapi !== undefined) {
    api.openapi = mint.openapi;
    origin('/api/openapi', '/openapi', mint.openapi);
  }
  const playground = upgradePlayground(jsonRecord(legacy.playground), origin);
  if (playground) api.playground = playground;
  const languages = jsonRecord(jsonRecord(legacy.request).example).languages;
  if (languages !== undefined) {
    api.examples = { languages };
    origin('/api/examples/languages', '/api/request/example/languages', languages);
  }
  const expanded = jsonRecord(legacy.paramFields).expanded;
  if (expanded !== undefined) {
    api.params = { expanded: expanded === 'all' ? 'all' : 'closed' };
    origin('/api/params/expanded', '/api/paramFields/expanded');
  }
  const mdx = upgradeMdxApi(legacy, origin);
  if (mdx) api.mdx = mdx;
  for (const key of Object.keys(legacy))
    if (!['playground', 'request', 'paramFields', 'baseUrl', 'auth'].includes(key)) dropped.push(`api.${key}`);
  return api;
}

/** mint.json `api.playground` (`mode`, `disableProxy`) → docs.json `api.playground` (`display`, `proxy`). */
function upgradePlayground(legacy: Json, origin: OriginRecorder): Json | undefined {
  const playground: Json = {};
  if (typeof legacy.mode === 'string') {
    playground.display =
      (Object.hasOwn(PLAYGROUND_DISPLAY, legacy.mode) ? PLAYGROUND_DISPLAY[legacy.mode] : undefined) ?? legacy.mode;
    origin('/api/playground/display', '/api/playground/mode');
  }
  if (typeof legacy.disableProxy === 'boolean') {
    playground.proxy = !legacy.disableProxy;
    origin('/api/playground/proxy', '/api/playground/disableProxy');
  }
  return Object.keys(playground).length > 0 ? playground : undefined;
}

/** mint.json `api.baseUrl` and `api.auth` (the server and auth of `api:` frontmatter pages) → docs.json `api.mdx`. */
function upgradeMdxApi(legacy: Json, origin: OriginRecorder): Json | undefined {
  const auth = jsonRecord(legacy.auth);
  const hasAuth = auth.method !== undefined || auth.name !== undefined;
  if (legacy.baseUrl === undefined && !hasAuth) return undefined;
  const mdx: Json = {};
  if (legacy.baseUrl !== undefined) {
    mdx.server = legacy.baseUrl;
    origin('/api/mdx/server', '/api/baseUrl', legacy.baseUrl);
  }
  if (hasAuth) {
    mdx.auth = {
      ...(auth.method === undefined ? {} : { method: auth.method }),
      ...(auth.name === undefined ? {} : { name: auth.name }),
    };
    origin('/api/mdx/auth', '/api/auth', mdx.auth);
  }
  return mdx;
}
