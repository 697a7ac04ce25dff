import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, type ErrorCode } from './error-catalog.ts';

/** The catalogue entry of an error Node's HTTP parser raises before a request exists. */
function codeOfClientError(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  return 'bad_request';
}

/**
 * fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (malformed, headers past 16 KiB, headers or
 * request past their timeouts) is answered with the catalogue's JSON and the connection closed, as fastify's own
 * handler does with a body of its own shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const apiError = new ApiError(codeOfClientError(error));
    const body = JSON.stringify(apiError.toBody());
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
