import type { FastifyInstance } from 'fastify';

/** Where `listenUntilClosed` listens. */
export interface ListenAddresses {
  host: string;
  port: number;
  /** The app serving GET /metrics on an address of its own (`--metrics-port`), if any. */
  metrics?: { app: FastifyInstance; host: string; port: number } | undefined;
}

/**
 * Listens with the API app (and the metrics app, if any) until the server closes. SIGTERM or SIGINT closes both,
 * letting the answers in flight finish, then exits 0; a second signal exits 1 at once. When either cannot listen,
 * says why, closes both and sets exit code 1.
 */
export async function listenUntilClosed(app: FastifyInstance, addresses: ListenAddresses): Promise<void> {
  const { metrics } = addresses;
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting for the answers in flight');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    void Promise.allSettled([app.close(), metrics?.app.close()]).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  const listening =
    (await listenOrReport(app, addresses.host, addresses.port, '--port or set PORT')) &&
    (!metrics ||
      (await listenOrReport(metrics.app, metrics.host, metrics.port, '--metrics-port or set DOCSMITH_METRICS_PORT')));
  if (!listening) {
    await Promise.allSettled([app.close(), metrics?.app.close()]);
    process.exitCode = 1;
    return;
  }
  if (metrics) app.log.info(`Metrics listening at ${metrics.app.listeningOrigin}`);
  await new Promise<void>((resolve) => app.server.once('close', resolve));
}

/** Listens, or writes why it cannot ("the port is in use; pass <hint>") and resolves to false. */
async function listenOrReport(server: FastifyInstance, host: string, port: number, hint: string): Promise<boolean> {
  try {
    await server.listen({ port, host });
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      `docsmith serve: cannot listen on ${host}:${port} (${code === 'EADDRINUSE' ? `the port is in use; pass ${hint}` : (code ?? (error as Error).message)})\n`,
    );
    return false;
  }
}
