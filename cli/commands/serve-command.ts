import { Command, InvalidArgumentError } from 'commander';
import { buildApp } from '../../runtime/http/build-app.ts';
import { parseTrustProxy, type TrustProxy } from '../../runtime/http/client-address.ts';
import { reliabilityFromEnvironment } from '../../runtime/http/reliability-from-environment.ts';

interface ServeCommandOptions {
  artifacts: string;
  data: string;
  port: number;
  host: string;
  trustProxy?: TrustProxy;
}

/** `docsmith serve`: serves the assistant API for every domain published under the artifacts folder. */
export function serveCommand(): Command {
  return new Command('serve')
    .description('Serve the assistant API for the published builds of an artifacts folder')
    .option('--artifacts <dir>', 'published builds, one folder per domain (env DOCSMITH_ARTIFACTS)', process.env.DOCSMITH_ARTIFACTS ?? 'dist')
    .option('--data <dir>', 'keys file and SQLite database (env DOCSMITH_DATA)', process.env.DOCSMITH_DATA ?? '.data')
    .option('--port <port>', 'port to listen on (env PORT)', parsePort, parsePort(process.env.PORT ?? '8080'))
    .option('--host <host>', 'address to listen on (env HOST)', process.env.HOST ?? '127.0.0.1')
    .option('--trust-proxy <hops|addresses>', 'take the client IP from X-Forwarded-For set by these proxies: a hop count or addresses/CIDRs, comma-separated (env TRUST_PROXY)', parseTrustProxyOption)
    .action(async (options: ServeCommandOptions) => {
      const app = await buildApp({
        artifactsDir: options.artifacts,
        dataDir: options.data,
        ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
        ...reliabilityFromEnvironment(process.env),
        ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
        ...(process.env.DOCSMITH_CORS_ORIGIN ? { corsOrigin: process.env.DOCSMITH_CORS_ORIGIN.split(',') } : {}),
      });
      const shutdown = (signal: string): void => {
        app.log.info({ signal }, 'shutting down');
        void app.close().then(() => process.exit(0));
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
      try {
        await app.listen({ port: options.port, host: options.host });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        process.stderr.write(`docsmith serve: cannot listen on ${options.host}:${options.port} (${code === 'EADDRINUSE' ? 'the port is in use; pass --port or set PORT' : (code ?? (error as Error).message)})\n`);
        await app.close();
        process.exitCode = 1;
        return;
      }
      await new Promise<void>((resolve) => app.server.once('close', resolve));
    });
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new InvalidArgumentError('expected a port number');
  return port;
}

function parseTrustProxyOption(value: string): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}
