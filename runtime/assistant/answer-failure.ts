/**
 * Why an answer did not complete: the answer model failed (`model_error`) or exceeded the model timeout (`timeout`),
 * the client went away (`client_aborted`), the server shut down past its grace period (`shutdown`), or the complete
 * answer could not be stored (`not_stored`).
 */
export type AnswerFailureReason = 'model_error' | 'timeout' | 'client_aborted' | 'shutdown' | 'not_stored';

/** Every reason, in the order metrics and documentation list them. */
export const ANSWER_FAILURE_REASONS: readonly AnswerFailureReason[] = [
  'model_error',
  'timeout',
  'client_aborted',
  'shutdown',
  'not_stored',
];

/** The abort reason of the answers still streaming when the server's shutdown grace period ends. */
export class ServerShutdownError extends Error {
  override name = 'ServerShutdownError';
  constructor() {
    super('the server is shutting down');
  }
}

/** An answer that did not complete: why, what the model had said until then, and the error behind it, if any. */
export interface AnswerFailure {
  reason: AnswerFailureReason;
  text: string;
  error?: unknown;
}
