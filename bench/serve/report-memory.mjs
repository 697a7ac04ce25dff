// Preloaded (`node --import`) into the server of the memory bench: each IPC message is answered with the process's
// memory — process.memoryUsage() and, from /proc/self/status, the resident anonymous and file-backed memory; the
// message `memory-after-gc` first collects garbage (the server runs with --expose-gc), so heapUsed is the live heap.
import { readFileSync } from 'node:fs';

process.on('message', (message) => {
  if (message === 'memory-after-gc') globalThis.gc?.();
  const status = readFileSync('/proc/self/status', 'utf8');
  const bytes = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  process.send?.({
    ...process.memoryUsage(),
    rssAnon: bytes('RssAnon'),
    rssFile: bytes('RssFile'),
    peakRss: bytes('VmHWM'),
  });
});
process.channel?.unref();
