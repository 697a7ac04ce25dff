import type { FastifyError, FastifyRequest } from 'fastify';
import { StoreUnavailableError } from '../stores/store-unavailable-error.ts';
import { ApiError } from './error-catalog.ts';

/** The catalogue error a request failure answers with: validation, body and media-type errors mapped, anything else logged and `internal`. */
export function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError) {
    request.log.error({ err: error }, 'store unavailable');
    return new ApiError('store_unavailable');
  }
  if (error.validation) {
    // A path parameter past its length (a domain, a page path): the URL is too long, whatever the method.
    if (error.validationContext === 'params') return new ApiError('uri_too_long');
    const first = error.validation[0];
    const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
    const field =
      `${(first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')}${missing ? `${first?.instancePath ? '.' : ''}${missing}` : ''}${extra ? `${first?.instancePath ? '.' : ''}${extra}` : ''}` ||
      'body';
    const allowed = (first?.params as { allowedValues?: unknown[] } | undefined)?.allowedValues;
    const expected =
      first?.keyword === 'pattern'
        ? (first as { parentSchema?: { description?: string } }).parentSchema?.description
        : undefined;
    const reason = extra
      ? 'is not a known field'
      : missing
        ? 'is required'
        : allowed
          ? `must be one of: ${allowed.join(', ')}`
          : expected
            ? `is invalid, expected ${expected.charAt(0).toLowerCase()}${expected.slice(1).replace(/\.$/, '')}`
            : (first?.message ?? 'is invalid');
    const where = error.validationContext === 'querystring' ? 'query' : 'request body';
    return new ApiError('invalid_body', `Invalid ${where}: \`${field}\` ${reason}.`, field);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('body_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.statusCode === 415
        ? new ApiError('unsupported_media_type')
        : new ApiError('invalid_body', 'The request body cannot be read.');
    default:
      break;
  }
  if (error.statusCode === 415) return new ApiError('unsupported_media_type');
  if (error.statusCode === 413) return new ApiError('body_too_large');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(
      'invalid_body',
      error instanceof SyntaxError || /JSON/i.test(error.message)
        ? 'The request body is not valid JSON.'
        : 'The request is invalid.',
      'body',
    );
  }
  request.log.error({ err: error }, 'unexpected error');
  return new ApiError('internal');
}
