import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteTextFetcher } from '../../cli/remote-text-fetcher.ts';

describe("remoteTextFetcher (the build's --allow-network fetcher)", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const route = request.url ?? '';
      if (route === '/spec.json') return void response.end('{"openapi":"3.0.3"}');
      if (route === '/moved') return void response.writeHead(302, { location: '/spec.json' }).end();
      if (route === '/to-file') return void response.writeHead(301, { location: 'file:///etc/passwd' }).end();
      if (route === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
      if (route === '/announced-large')
        return void response.writeHead(200, { 'content-length': '2048' }).end('x'.repeat(2048));
      if (route === '/streamed-large') {
        response.writeHead(200);
        for (let chunk = 0; chunk < 8; chunk += 1) response.write('y'.repeat(256));
        return void response.end();
      }
      if (route === '/silent') return; // never answers
      response.writeHead(404).end('missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a text and follows http redirects', async () => {
    const fetchRemote = remoteTextFetcher();
    expect(await fetchRemote(`${origin}/spec.json`)).toBe('{"openapi":"3.0.3"}');
    expect(await fetchRemote(`${origin}/moved`)).toBe('{"openapi":"3.0.3"}');
  });

  it('refuses other schemes, also behind a redirect, and endless redirects', async () => {
    const fetchRemote = remoteTextFetcher();
    await expect(fetchRemote('file:///etc/passwd')).rejects.toThrow('Unexpected `file:` URL, expected http(s)');
    await expect(fetchRemote(`${origin}/to-file`)).rejects.toThrow(
      'Unexpected redirect to a `file:` URL, expected http(s)',
    );
    await expect(fetchRemote(`${origin}/loop`)).rejects.toThrow('more than 5 redirects');
  });

  it('stops reading past the size cap, announced or streamed', async () => {
    const fetchRemote = remoteTextFetcher({ maxBytes: 1024 });
    await expect(fetchRemote(`${origin}/announced-large`)).rejects.toThrow('larger than 1 KB');
    await expect(fetchRemote(`${origin}/streamed-large`)).rejects.toThrow('larger than 1 KB');
  });

  it('gives up on a server that does not answer, and names HTTP errors', async () => {
    await expect(remoteTextFetcher({ timeoutMs: 50 })(`${origin}/silent`)).rejects.toThrow('no answer within 0.05 s');
    await expect(remoteTextFetcher()(`${origin}/nothing`)).rejects.toThrow('HTTP 404');
  });
});
