import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What the playground is told of a build of `docsmith dev`: its state and a line (or lines) to show. */
export interface BuildEvent {
  state: 'building' | 'ready' | 'failed';
  text: string;
}

/** Announces builds to every open playground over server-sent events; a new page gets the latest event at once. */
export interface BuildEventStream {
  /** Serves the stream at `path` of the app (GET, `text/event-stream`); the streams end when the app closes. */
  register(app: FastifyInstance, path: string): void;
  /** Sends an event to every open stream and keeps it for the pages that open one later. */
  publish(event: BuildEvent): void;
}

/** Seconds between comment lines that keep idle streams open through proxies and browsers. */
const KEEP_ALIVE_MS = 15_000;

/** Creates the build event stream of a dev server. */
export function createBuildEventStream(): BuildEventStream {
  const clients = new Set<ServerResponse>();
  let latest: BuildEvent | undefined;
  const send = (client: ServerResponse, event: BuildEvent): void => {
    client.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  return {
    register(app, path) {
      const keepAlive = setInterval(() => {
        for (const client of clients) client.write(': keep-alive\n\n');
      }, KEEP_ALIVE_MS);
      keepAlive.unref();
      app.addHook('preClose', async () => {
        clearInterval(keepAlive);
        for (const client of clients) client.end();
        clients.clear();
      });
      app.get(path, (_request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
        });
        clients.add(reply.raw);
        reply.raw.on('close', () => clients.delete(reply.raw));
        if (latest) send(reply.raw, latest);
      });
    },
    publish(event) {
      latest = event;
      for (const client of clients) send(client, event);
    },
  };
}
