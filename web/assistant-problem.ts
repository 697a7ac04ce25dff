import type { ErrorCode } from '../runtime/http/error-catalog.ts';
import { DroppedStreamError, StreamErrorPart } from './ui-message-stream.ts';

/** What went wrong, told twice: one plain sentence for the reader, the precise reason for the developer's console. */
export interface AssistantProblem {
  /** The error catalogue's code, or `network`, `offline`, `dropped`, `stream`, `http_<status>`. */
  code: string;
  /** Shown in the panel; never a response body. */
  reader: string;
  /** Logged to the console: status, code and the server's message. */
  developer: string;
  /** What the panel offers: resend the question, start a new conversation, or nothing (the assistant cannot work here). */
  action: 'retry' | 'start-over' | 'none';
}

/** The sentence of every problem that no reader can fix: a key, a domain or an origin that is not right for this page. */
export const UNAVAILABLE = "This assistant isn't available on this page.";
const TROUBLE = 'The assistant is having trouble right now. Try again in a moment.';
const NOT_SENT = "Your question couldn't be sent. Try again.";

type ProblemKind = 'unavailable' | 'rate' | 'too-long' | 'trouble' | 'not-sent' | 'slow';

/** Every code of the HTTP error catalogue (runtime/http/error-catalog.ts, docs/errors.md), as a reader meets it. */
const KIND_OF_CODE: Record<ErrorCode, ProblemKind> = {
  missing_key: 'unavailable',
  invalid_key: 'unavailable',
  forbidden_domain: 'unavailable',
  forbidden_origin: 'unavailable',
  admin_required: 'unavailable',
  metrics_unauthorized: 'unavailable',
  unknown_domain: 'unavailable',
  not_found: 'unavailable',
  method_not_allowed: 'unavailable',
  web_client_missing: 'unavailable',
  rate_limited: 'rate',
  body_too_large: 'too-long',
  invalid_body: 'not-sent',
  invalid_url: 'not-sent',
  bad_request: 'not-sent',
  headers_too_large: 'not-sent',
  forbidden_key: 'not-sent',
  unsupported_charset: 'not-sent',
  uri_too_long: 'not-sent',
  unsupported_media_type: 'not-sent',
  page_not_found: 'not-sent',
  unknown_message: 'not-sent',
  request_timeout: 'slow',
  internal: 'trouble',
  artifacts_not_ready: 'trouble',
  store_unavailable: 'trouble',
};

/** The problem an error response tells (its catalogue code, or its status when the body is not the catalogue's JSON). */
export async function problemFromResponse(response: Response): Promise<AssistantProblem> {
  const text = await response.text().catch(() => '');
  let code: string | undefined;
  let message = text.slice(0, 300);
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not the catalogue's JSON (a proxy's page, say): the status decides.
  }
  const kind = (code && KIND_OF_CODE[code as ErrorCode]) || kindOfStatus(response.status);
  const developer = `${response.status} ${code ?? 'without an error code'}: ${message || response.statusText}`;
  const problemCode = code ?? `http_${response.status}`;
  if (kind === 'rate') {
    const wait = retryAfterSeconds(response.headers.get('retry-after'));
    return {
      code: problemCode,
      reader: `Too many questions right now — try again ${wait === undefined ? 'later' : humanDelay(wait)}.`,
      developer,
      action: 'retry',
    };
  }
  return { code: problemCode, ...READER_OF_KIND[kind], developer };
}

const READER_OF_KIND: Record<Exclude<ProblemKind, 'rate'>, Pick<AssistantProblem, 'reader' | 'action'>> = {
  unavailable: { reader: UNAVAILABLE, action: 'none' },
  'too-long': { reader: 'This conversation has grown too long. Start a new one to ask again.', action: 'start-over' },
  'not-sent': { reader: NOT_SENT, action: 'retry' },
  slow: { reader: 'Your question took too long to send. Check your connection and try again.', action: 'retry' },
  trouble: { reader: TROUBLE, action: 'retry' },
};

function kindOfStatus(status: number): ProblemKind {
  if (status === 401 || status === 403 || status === 404) return 'unavailable';
  if (status === 429) return 'rate';
  if (status === 413) return 'too-long';
  return status >= 500 ? 'trouble' : 'not-sent';
}

/** The problem of a request that threw: no answer from the server (offline, unreachable, refused by CORS) or a stream cut short. */
export function problemFromFailure(error: unknown, online: boolean): AssistantProblem {
  if (error instanceof StreamErrorPart)
    return {
      code: 'stream',
      reader: "The assistant couldn't finish this answer. Try again.",
      developer: `the answer stream carried an error part: ${error.message}`,
      action: 'retry',
    };
  if (error instanceof DroppedStreamError)
    return {
      code: 'dropped',
      reader: 'The answer was cut off. Check your connection and try again.',
      developer: error.message,
      action: 'retry',
    };
  if (!online)
    return {
      code: 'offline',
      reader: "You're offline. Reconnect and try again.",
      developer: `the browser is offline (${String(error)})`,
      action: 'retry',
    };
  return {
    code: 'network',
    reader: "Couldn't reach the assistant. Check your connection and try again.",
    developer: `no response from the assistant server (${String(error)}): the network failed, or the server's CORS settings (DOCSMITH_CORS_ORIGIN) refuse this page's origin`,
    action: 'retry',
  };
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A wait as a reader says it, rounded up to whole units: "in 40 seconds", "in 3 minutes", "in 2 hours", "in 5 days". */
export function humanDelay(seconds: number): string {
  if (seconds <= 1) return 'in a moment';
  const [amount, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 90 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : seconds < 36 * 3600
          ? [Math.ceil(seconds / 3600), 'hour']
          : [Math.ceil(seconds / 86_400), 'day'];
  return `in ${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
