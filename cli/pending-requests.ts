import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** How long a closing `docsmith mcp` waits for the answers still being made (ms). */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Counts the requests a connected transport received and has not answered yet (wrapping its `onmessage` and
 * `send`), so that a server told to stop (stdin closed) first sends the answers it owes: `printf '…' | docsmith mcp`
 * gets its `tools/call` result. `settled()` resolves once none is pending, or after 10 s.
 */
export function trackPendingRequests(transport: Transport): { settled(): Promise<void> } {
  const pending = new Set<string | number>();
  let resolveIdle: (() => void) | undefined;
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('method' in message && 'id' in message) pending.add(message.id);
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    if (('result' in message || 'error' in message) && 'id' in message && message.id !== undefined) {
      pending.delete(message.id);
      if (pending.size === 0) resolveIdle?.();
    }
  };
  return {
    async settled() {
      if (pending.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (resolveIdle = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
    },
  };
}
