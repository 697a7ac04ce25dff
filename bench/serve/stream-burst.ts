import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** A request of the burst, written as raw HTTP/1.1 (`Connection: close`, so the socket ends with the response). */
export interface BurstRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What a burst of streams did to health and readiness, and to the event loop of this process. */
export interface BurstFigures {
  streams: number;
  /** Streams whose response began with a 200 status line. */
  answered: number;
  /** Milliseconds from the burst's requests all written to the end of the last response. */
  burstMs: number;
  /** Milliseconds from sending each probe to its first response byte, in probe order. */
  healthMs: number[];
  readyMs: number[];
  /** Probes that did not answer 200. */
  failedProbes: number;
  /** Longest and 99th-percentile event-loop delay of this process while the burst ran (monitorEventLoopDelay, 10 ms resolution). */
  maxStallMs: number;
  p99StallMs: number;
}

const CLIENT = path.join(import.meta.dirname, 'burst-client.mjs');

/**
 * Opens `streams` requests at once from a child process (`burst-client.mjs`: raw sockets, so the clients neither
 * share this process's event loop nor trickle in) and, from their all being written until the last response has
 * ended, probes GET /healthz and GET /readyz in turn, one at a time, `probeEveryMs` (default 10) apart. The server
 * listens at `url`, in this process: the event-loop figures are the server's.
 */
export async function measureHealthUnderBurst(
  url: string,
  streams: number,
  request: (index: number) => BurstRequest,
  probeEveryMs = 10,
): Promise<BurstFigures> {
  const { hostname, port } = new URL(url);
  const burst = openBurst(url, streams, request);
  await burst.open;
  const monitor = monitorEventLoopDelay({ resolution: 10 });
  monitor.enable();
  const started = performance.now();
  let running = true;
  void burst.answered.then(() => (running = false));
  const healthMs: number[] = [];
  const readyMs: number[] = [];
  let failedProbes = 0;
  for (let probe = 0; running; probe += 1) {
    const path = probe % 2 === 0 ? '/healthz' : '/readyz';
    const sent = performance.now();
    const response = await send(Number(port), hostname, raw('GET', { path, headers: {}, body: '' }), () =>
      (probe % 2 === 0 ? healthMs : readyMs).push(performance.now() - sent),
    );
    if (!response.startsWith('HTTP/1.1 200')) failedProbes += 1;
    await new Promise((resolve) => setTimeout(resolve, probeEveryMs));
  }
  const answered = await burst.answered;
  const burstMs = performance.now() - started;
  monitor.disable();
  return {
    streams,
    answered,
    burstMs,
    healthMs,
    readyMs,
    failedProbes,
    maxStallMs: monitor.max / 1e6,
    p99StallMs: monitor.percentile(99) / 1e6,
  };
}

/** A burst under way: `open` resolves once every request is written, `answered` to the number of 200 answers once all ended. */
export interface Burst {
  open: Promise<void>;
  answered: Promise<number>;
}

/** Opens `streams` requests at once from a child process (`burst-client.mjs`, raw sockets) against the server at `url`. */
export function openBurst(url: string, streams: number, request: (index: number) => BurstRequest): Burst {
  const { hostname, port } = new URL(url);
  const client = spawn(process.execPath, [CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  client.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('open\n')) opened();
  });
  const answered = new Promise<number>((resolve) =>
    client.once('exit', () => {
      opened();
      resolve(Number(output.split('\n').filter(Boolean)[1] ?? 0));
    }),
  );
  client.stdin.end(
    JSON.stringify({
      port: Number(port),
      host: hostname,
      requests: Array.from({ length: streams }, (_, index) => raw('POST', request(index))),
    }),
  );
  return { open, answered };
}

function raw(method: string, request: BurstRequest): string {
  const headers = {
    host: 'localhost',
    connection: 'close',
    ...request.headers,
    ...(method === 'POST' ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
  };
  return `${method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n${request.body}`;
}

/** Writes one raw request on a new socket; resolves to the whole response once the server closes it. */
function send(port: number, host: string, text: string, onFirstByte: () => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, host, () => socket.write(text));
    let response = '';
    socket.on('data', (chunk) => {
      if (response === '') onFirstByte();
      response += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(response));
  });
}
