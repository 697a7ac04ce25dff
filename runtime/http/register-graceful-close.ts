import type { FastifyInstance } from 'fastify';
import { ServerShutdownError } from '../assistant/answer-failure.ts';
import type { InFlightAnswers } from './in-flight-answers.ts';

/** Milliseconds in-flight answers may take to finish once the app closes, by default: within a container orchestrator's usual 30 s grace. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** Options of `registerGracefulClose`. */
export interface GracefulCloseOptions {
  /** The answers streaming now; those still running when the grace period ends are aborted (ServerShutdownError). */
  answersInFlight: InFlightAnswers;
  /** Milliseconds they may take to finish (default DEFAULT_SHUTDOWN_GRACE_MS; 0 ends them at once). */
  shutdownGraceMs?: number | undefined;
  /** Stops what the app started and closes its stores, once the app has closed. */
  release: () => Promise<void>;
}

/**
 * Closes the app gracefully: once closing, connections are closed as their responses end, the answers in flight get
 * the grace period to finish, and then `release` runs.
 */
export function registerGracefulClose(app: FastifyInstance, options: GracefulCloseOptions): void {
  const { answersInFlight } = options;
  const shutdownGraceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  let graceTimer: NodeJS.Timeout | undefined;
  let closing = false;
  // Once closing, a connection whose response has ended is closed, rather than kept alive until its idle timeout.
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
  app.addHook('preClose', (done) => {
    closing = true;
    if (answersInFlight.size > 0)
      app.log.info(
        { answers: answersInFlight.size, shutdownGraceMs },
        'closing: the answers in flight may take the grace period to finish',
      );
    graceTimer = setTimeout(() => answersInFlight.abortAll(new ServerShutdownError()), shutdownGraceMs);
    done();
  });
  app.addHook('onClose', async () => {
    clearTimeout(graceTimer);
    await options.release();
  });
}
