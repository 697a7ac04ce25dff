import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CATALOG, type ErrorCode } from '../../runtime/http/error-catalog.ts';
import {
  humanDelay,
  problemFromFailure,
  problemFromResponse,
  retryAfterSeconds,
  UNAVAILABLE,
} from '../../web/assistant-problem.ts';
import { DroppedStreamError, StreamErrorPart } from '../../web/ui-message-stream.ts';

/** The response the runtime sends for a catalogue error (sendError's body and headers). */
function errorResponse(code: ErrorCode, headers: Record<string, string> = {}): Response {
  const error = new ApiError(code);
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('what a reader is told, and what the developer is told', () => {
  it('a key, domain or origin that cannot work here is one sentence for the reader and the precise reason for the console', async () => {
    for (const code of [
      'missing_key',
      'invalid_key',
      'forbidden_domain',
      'forbidden_origin',
      'unknown_domain',
    ] as const) {
      const problem = await problemFromResponse(errorResponse(code));
      expect(problem).toMatchObject({ code, reader: UNAVAILABLE, action: 'none' });
      expect(problem.developer).toBe(`${ERROR_CATALOG[code].status} ${code}: ${ERROR_CATALOG[code].message}`);
    }
  });

  it('every catalogue code gets a sentence without JSON, code or status in it', async () => {
    for (const code of Object.keys(ERROR_CATALOG) as ErrorCode[]) {
      const { reader } = await problemFromResponse(errorResponse(code, { 'retry-after': '90' }));
      expect(reader).toMatch(/^[A-Z][^{}_]+[.!]$/);
      expect(reader).not.toContain(String(ERROR_CATALOG[code].status));
    }
  });

  it('a rate limit says when to try again, in human units from Retry-After', async () => {
    const problem = await problemFromResponse(errorResponse('rate_limited', { 'retry-after': '150' }));
    expect(problem).toMatchObject({
      reader: 'Too many questions right now — try again in 3 minutes.',
      action: 'retry',
    });
    expect((await problemFromResponse(errorResponse('rate_limited', { 'retry-after': '384408' }))).reader).toBe(
      'Too many questions right now — try again in 5 days.',
    );
    expect((await problemFromResponse(errorResponse('rate_limited'))).reader).toBe(
      'Too many questions right now — try again later.',
    );
  });

  it('a body that is not the catalogue (a proxy page) is judged by its status and never shown', async () => {
    const problem = await problemFromResponse(
      new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
    );
    expect(problem).toMatchObject({
      code: 'http_502',
      reader: 'The assistant is having trouble right now. Try again in a moment.',
      action: 'retry',
    });
    expect(problem.developer).toContain('502 without an error code: <html>');
    expect((await problemFromResponse(new Response('no', { status: 413 }))).action).toBe('start-over');
  });

  it('no response, a cut stream and an error part offer a retry; offline says so', () => {
    expect(problemFromFailure(new TypeError('Failed to fetch'), true)).toMatchObject({
      code: 'network',
      action: 'retry',
    });
    expect(problemFromFailure(new TypeError('Failed to fetch'), true).developer).toContain('CORS');
    expect(problemFromFailure(new TypeError('Failed to fetch'), false)).toMatchObject({
      code: 'offline',
      reader: "You're offline. Reconnect and try again.",
    });
    expect(problemFromFailure(new DroppedStreamError('ended early'), true)).toMatchObject({
      code: 'dropped',
      action: 'retry',
    });
    expect(
      problemFromFailure(new StreamErrorPart('The answer model did not respond within 60 s. Please try again.'), true),
    ).toMatchObject({ code: 'stream', reader: "The assistant couldn't finish this answer. Try again." });
  });

  it('reads Retry-After as seconds or as an HTTP date, and says waits in whole units rounded up', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 12:02:30 GMT', now)).toBe(150);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect([0, 1, 2, 59, 60, 61, 5399, 5400, 129_599, 129_600, 384_408].map(humanDelay)).toEqual([
      'in a moment',
      'in a moment',
      'in 2 seconds',
      'in 59 seconds',
      'in 1 minute',
      'in 2 minutes',
      'in 90 minutes',
      'in 2 hours',
      'in 36 hours',
      'in 2 days',
      'in 5 days',
    ]);
  });
});
