import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

/**
 * A test answer model: calls `started` (if any) when asked, streams `deltas`, waits for `gate` (if any) before
 * finishing; honours the abort signal.
 */
export function scriptedModel(
  options: { deltas?: string[]; gate?: Promise<void>; hang?: boolean; fail?: Error; started?: () => void } = {},
): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    modelId: 'scripted',
    doStream: async ({ abortSignal }) => {
      options.started?.();
      if (options.fail) throw options.fail;
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          async start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 'a' });
            for (const delta of options.deltas ?? ['An answer. '])
              controller.enqueue({ type: 'text-delta', id: 'a', delta });
            const aborted = new Promise<void>((resolve) =>
              abortSignal?.addEventListener('abort', () => resolve(), { once: true }),
            );
            if (options.hang) await aborted;
            else if (options.gate) await Promise.race([options.gate, aborted]);
            if (abortSignal?.aborted) {
              controller.error(abortSignal.reason);
              return;
            }
            controller.enqueue({ type: 'text-end', id: 'a' });
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: {
                inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
                outputTokens: { total: 1, text: 1, reasoning: 0 },
              },
            });
            controller.close();
          },
        }),
      };
    },
  });
}
