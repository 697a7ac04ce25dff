import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** The requests this server answers, by method, with the SDK's schema of each. */
const REQUEST_SCHEMAS = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
} as const;

/** A JSON-RPC error response to one request. */
export interface JsonRpcInvalidParams {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/**
 * The JSON-RPC error response (-32602 Invalid params) to a request of a method this server answers whose params the
 * SDK's schema refuses, with one line naming the first field and why (`params.arguments`: expected record, received
 * array); undefined for any other message. The SDK itself answers such a request with -32603 Internal error and the
 * schema library's issue list.
 */
export function invalidParamsResponse(message: unknown): JsonRpcInvalidParams | undefined {
  if (typeof message !== 'object' || message === null || !('id' in message)) return undefined;
  const { method, id } = message as { method?: unknown; id?: unknown };
  if (typeof method !== 'string' || !Object.hasOwn(REQUEST_SCHEMAS, method)) return undefined;
  const parsed = REQUEST_SCHEMAS[method as keyof typeof REQUEST_SCHEMAS].safeParse(message);
  if (parsed.success) return undefined;
  const [issue] = parsed.error.issues;
  const field = issue?.path.length ? `\`${issue.path.join('.')}\`` : 'the request';
  return {
    jsonrpc: '2.0',
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    error: {
      code: ErrorCode.InvalidParams,
      message: `Invalid params of \`${method}\`: ${field}: ${issue?.message ?? 'invalid'}.`,
    },
  };
}
