/** Every error the HTTP API returns, with its status and default message (documented in docs/errors.md). */
export const ERROR_CATALOG = {
  invalid_body: { status: 400, message: 'The request body is invalid.' },
  forbidden_key: {
    status: 400,
    message: 'The request body holds a key that is not allowed (`__proto__`, or `constructor` with `prototype`).',
  },
  invalid_url: { status: 400, message: 'The request URL cannot be decoded.' },
  bad_request: { status: 400, message: 'The request is not valid HTTP.' },
  missing_key: { status: 401, message: 'Missing API key: send Authorization: Bearer <key>.' },
  invalid_key: { status: 401, message: 'The API key is not valid.' },
  metrics_unauthorized: {
    status: 401,
    message: 'GET /metrics needs Authorization: Bearer <metrics token> (DOCSMITH_METRICS_TOKEN).',
  },
  forbidden_domain: { status: 403, message: 'The API key is not valid for this domain.' },
  forbidden_origin: {
    status: 403,
    message: 'The API key is not allowed from this origin (see `docsmith keys create --origin`).',
  },
  admin_required: { status: 403, message: 'This endpoint needs an admin key (`docsmith keys create --admin`).' },
  unknown_domain: { status: 404, message: 'No documentation site is published under this domain.' },
  not_found: { status: 404, message: 'No such endpoint.' },
  method_not_allowed: { status: 405, message: 'This endpoint does not accept this method; see the Allow header.' },
  request_timeout: { status: 408, message: 'The request did not arrive in time.' },
  page_not_found: { status: 404, message: 'No page of this site has that path.' },
  unknown_message: { status: 404, message: 'No such answer in a thread of this fingerprint.' },
  body_too_large: { status: 413, message: 'The request body is too large.' },
  uri_too_long: { status: 414, message: 'A part of the request path is too long.' },
  headers_too_large: { status: 431, message: 'The request URL and headers are too large.' },
  unsupported_media_type: { status: 415, message: 'Send the body as application/json.' },
  unsupported_charset: { status: 415, message: 'Send the JSON body as UTF-8.' },
  rate_limited: { status: 429, message: 'Rate limit exceeded.' },
  internal: { status: 500, message: 'Internal error.' },
  artifacts_not_ready: { status: 503, message: 'The documentation artifacts are not available yet.' },
  store_unavailable: { status: 503, message: 'A storage backend is unavailable; retry shortly.' },
  web_client_missing: { status: 503, message: 'The browser client is not built; run `npm run build:web`.' },
} as const;

/** A code of the error catalog. */
export type ErrorCode = keyof typeof ERROR_CATALOG;

/** The JSON body of every error response. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

/** An error the routes throw to answer with a catalog entry. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    /** The JSON-RPC error code on an MCP endpoint (default: from the status, see `toJsonRpcBody`). */
    readonly jsonRpcCode?: number,
  ) {
    super(message ?? ERROR_CATALOG[code].message);
  }

  /** HTTP status of the error. */
  get status(): number {
    return ERROR_CATALOG[this.code].status;
  }

  /** The response body. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }

  /**
   * The response body on an MCP endpoint: a JSON-RPC error response without an id, as the Streamable HTTP transport
   * allows with an HTTP error status (`jsonRpcCode`, else -32600 Invalid Request for a 400 and -32000 otherwise); the
   * catalog code in `data`.
   */
  toJsonRpcBody(): JsonRpcErrorBody {
    return {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: this.jsonRpcCode ?? (this.status === 400 ? -32600 : -32000),
        message: this.message,
        data: this.toBody().error,
      },
    };
  }
}

/** The JSON body of an error on an MCP endpoint. */
export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  id: null;
  error: { code: number; message: string; data: ErrorBody['error'] };
}
