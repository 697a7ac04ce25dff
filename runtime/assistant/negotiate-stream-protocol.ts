/** The two wire protocols: AI SDK 4's data stream and AI SDK 5+'s UI message stream (SSE). */
export type StreamProtocol = 'data' | 'ui';

/** What protocol negotiation looks at. */
export interface NegotiationInput {
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * Picks the stream protocol, first match wins (docs/reference/http-api.mdx, "Ask the assistant"): a `/v2/` path → UI; `?stream=ui|data` or the
 * `x-assistant-stream` header → that; an Accept header with text/event-stream → UI; a string `trigger` in
 * the body → UI; messages none of which has a string `content` → UI; otherwise the data stream.
 */
export function negotiateStreamProtocol(input: NegotiationInput): StreamProtocol {
  if (input.path.startsWith('/v2/')) return 'ui';
  const explicit = String(input.query.stream ?? headerValue(input.headers['x-assistant-stream']) ?? '').toLowerCase();
  if (explicit === 'ui' || explicit === 'data') return explicit;
  if ((headerValue(input.headers.accept) ?? '').includes('text/event-stream')) return 'ui';
  const body = input.body as { trigger?: unknown; messages?: unknown } | null;
  if (typeof body?.trigger === 'string') return 'ui';
  if (
    Array.isArray(body?.messages) &&
    body.messages.length > 0 &&
    body.messages.every((message) => typeof (message as { content?: unknown } | null)?.content !== 'string')
  ) {
    return 'ui';
  }
  return 'data';
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
