/** What the HTTP reference says of one route beyond its schemas: a title, a description and the group it is listed in. */
export interface RouteDocumentation {
  summary: string;
  description: string;
  tag: 'Assistant' | 'Search and pages' | 'Threads and feedback' | 'Analytics' | 'Agents' | 'Browser client' | 'Operations';
  /** The route needs no key (health, metrics, the browser client). */
  public?: boolean;
  /** Content types of a 200 answer other than JSON. */
  produces?: string[];
  /** Left out of the reference: a route that only refuses (a method the protocol does not use). */
  hidden?: true;
}

/**
 * Titles and descriptions of the runtime's routes, keyed `METHOD /path` as fastify registers them (a route of several
 * methods: `GET|DELETE /path`). The request schemas come from the routes themselves (`runtime/http/register-*-routes.ts`);
 * a route missing here is still documented, titled by its method and path.
 */
export const HTTP_ROUTES: Record<string, RouteDocumentation> = {
  'POST /v1/assistant/:domain/message': {
    summary: 'Ask the assistant',
    description:
      'The specification\'s endpoint: retrieves the sections that answer the last user message and streams an answer citing them. AI SDK 4\'s data stream (`text/plain`, `x-vercel-ai-data-stream: v1`) by default; the UI message stream (`text/event-stream`) with `?stream=ui`, `x-assistant-stream: ui`, `Accept: text/event-stream`, a string `trigger` in the body, or messages that carry only `parts`. The thread id is in the `x-thread-id` header and the finish part. Counts against the key\'s, organization\'s and IP\'s limits.',
    tag: 'Assistant',
    produces: ['text/plain', 'text/event-stream'],
  },
  'POST /v2/assistant/:domain/message': {
    summary: 'Ask the assistant (UI message stream)',
    description: 'The same as the v1 endpoint, always answered as the AI SDK UI message stream (`text/event-stream`, `x-vercel-ai-ui-message-stream: v1`): what AI SDK 5 and later `DefaultChatTransport` reads.',
    tag: 'Assistant',
    produces: ['text/event-stream'],
  },
  'POST /v1/search/:domain': {
    summary: 'Search the documentation',
    description: 'Ranks the site\'s pages as the assistant retrieves them: `[{content, path, metadata}]`, one entry per page (its best section, with the anchor), best first. `scoreThreshold` keeps the results scoring at least that share of the best one. Counts against the limits like a question.',
    tag: 'Search and pages',
  },
  'GET /v1/page/:domain': {
    summary: 'Get a page as Markdown',
    description: 'The Markdown of one page of the current build (`text/markdown`); a search result\'s `path` works as it is. Spends no budget.',
    tag: 'Search and pages',
    produces: ['text/markdown'],
  },
  'POST /v1/page/:domain': {
    summary: 'Get a page (platform form)',
    description: 'The platform\'s form of the page route: `{path, groups?}` → `{path, content}`. Pages restricted to user groups are never in a build, so `groups` opens none. Spends no budget.',
    tag: 'Search and pages',
  },
  'GET /v1/assistant/:domain/threads': {
    summary: 'List a fingerprint\'s threads',
    description: 'The threads and messages of one `fp`, newest first, paged with `nextCursor`; at most 1 MiB and the newest 50 messages of each thread per page.',
    tag: 'Threads and feedback',
  },
  'POST /v1/assistant/:domain/feedback': {
    summary: 'Rate an answer',
    description: 'Thumbs up or down (and an optional comment) on an answer of one of the fingerprint\'s threads; 201 when recorded. Has its own budget, so rating never spends the answers\' quota.',
    tag: 'Threads and feedback',
  },
  'GET /v1/analytics/:domain/questions': {
    summary: 'Question analytics',
    description: 'For admin keys: top questions, questions answered "not found in the docs", feedback counts and comments, searches with no result, between `from` and `to` (default: the last 30 days).',
    tag: 'Analytics',
  },
  'GET /v1/analytics/:domain/insights': {
    summary: 'Insights',
    description:
      'For admin keys: the content gaps (questions not found, answered weakly, abandoned or thumbed down, grouped and merged by the topic the site lacks, with the closest pages), the question groups asked most, pages cited most, cited in thumbed-down answers and never cited, comments and each day\'s outcomes, over whole UTC days `from` to `to` (default: the 30 days ending today), optionally one `version` and one `language`; `limit` entries per list. See the insights guide.',
    tag: 'Analytics',
  },
  'POST /sites/:domain/mcp': {
    summary: 'MCP server',
    description: 'The site\'s search MCP server (Model Context Protocol over Streamable HTTP, stateless, JSON-RPC): tools `search` (`query`, `pageSize` 1–50, `scoreThreshold`, `version`, `language`) and `get_page` (a page\'s Markdown). Needs a key of the domain unless its documentation is public (`serve --public-docs`); each tool call counts once against the limits.',
    tag: 'Agents',
  },
  'POST /mcp/:domain': { summary: 'MCP server (short path)', description: 'The same MCP server as `/sites/{domain}/mcp`.', tag: 'Agents' },
  'GET|DELETE /sites/:domain/mcp': { summary: 'MCP methods not used', description: 'Stateless: no session stream, nothing to delete (405 as a JSON-RPC error).', tag: 'Agents', hidden: true },
  'GET|DELETE /mcp/:domain': { summary: 'MCP methods not used', description: 'Stateless: no session stream, nothing to delete.', tag: 'Agents', hidden: true },
  'GET|POST|DELETE /mcp': { summary: 'MCP without a domain', description: 'Refused unless the host is mapped to a domain (`--site-host`).', tag: 'Agents', hidden: true },
  'GET /sites/:domain/*': {
    summary: 'Files for agents',
    description: 'A site\'s `llms.txt`, `llms-full.txt`, the Markdown of each page (`/sites/{domain}/<page>.md`) and the MCP discovery documents (`/.well-known/mcp…`). Needs a key of the domain unless its documentation is public; also served at the root of a host mapped with `--site-host`.',
    tag: 'Agents',
    produces: ['text/plain', 'text/markdown'],
  },
  'GET /v1/assistant/:domain/settings': {
    summary: 'Site settings for a chat',
    description: 'What the widget and the playground show before a question: the site\'s name and docs.json colours (from the published build) and the operator\'s starter questions and support contact (the settings file). Checks the key, domain and origin like every `/{domain}` route, so a bad one is known before anyone asks; spends no limit.',
    tag: 'Browser client',
  },
  'GET /widget.:hash.js': { summary: 'Widget shell', description: 'The widget\'s shell under a content-hashed name, cached for good; an older name redirects to the current bundle.', tag: 'Browser client', public: true, produces: ['text/javascript'] },
  'GET /widget-chat.:hash.js': { summary: 'Widget chat', description: 'The widget\'s chat, loaded on first need, under a content-hashed name, cached for good; an older name redirects to the current bundle.', tag: 'Browser client', public: true, produces: ['text/javascript'] },
  'GET /playground': { summary: 'Playground', description: 'A page to try the assistant: pick a domain, give a key (none from this machine under `docsmith dev`), ask. Off with `serve --no-playground`.', tag: 'Browser client', public: true, produces: ['text/html'] },
  'GET /playground.js': { summary: 'Playground script', description: 'The playground\'s bundled script.', tag: 'Browser client', public: true, produces: ['text/javascript'] },
  'GET /widget.js': { summary: 'Ask AI widget', description: 'The embeddable widget: `<script src=".../widget.js" data-domain="acme" data-key="ds_…" async></script>` puts an "Ask AI" button on any page.', tag: 'Browser client', public: true, produces: ['text/javascript'] },
  'GET /admin': { summary: 'Insights dashboard', description: 'The owners\' dashboard of the insights route: charts, tables and CSV/JSON exports, read with an admin key typed into the page. Only with `serve --admin`; served with a strict content security policy, never framed.', tag: 'Analytics', public: true, produces: ['text/html'] },
  'GET /admin.js': { summary: 'Insights dashboard script', description: 'The dashboard\'s bundled script (charts by uPlot, no CDN). Only with `serve --admin`.', tag: 'Analytics', public: true, produces: ['text/javascript'] },
  'GET /healthz': { summary: 'Liveness', description: '200 while the process serves requests.', tag: 'Operations', public: true },
  'GET /readyz': { summary: 'Readiness', description: '200 once a published build is readable and the store is reachable; 503 otherwise (also when the SQLite file was deleted or replaced under the server).', tag: 'Operations', public: true },
  'GET /metrics': { summary: 'Prometheus metrics', description: 'Request counts and latency histograms per route, tokens, limit hits, answer failures and process metrics, in the Prometheus text format.', tag: 'Operations', public: true, produces: ['text/plain'] },
};
