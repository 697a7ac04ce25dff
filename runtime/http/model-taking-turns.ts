import type { LanguageModelV3 } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import type { EventLoopTurns } from './event-loop-turns.ts';

/**
 * The answer model, waiting for its turn of the event loop before each call: an in-process model (the extractive
 * default) composes its whole answer synchronously in `doStream`, so a burst of answers would otherwise compose
 * back to back while health checks wait. A remote model only waits one loop iteration.
 */
export function modelTakingTurns(model: LanguageModelV3, turns: EventLoopTurns): LanguageModelV3 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v3',
      wrapStream: async ({ doStream }) => {
        await turns.next();
        return doStream();
      },
      wrapGenerate: async ({ doGenerate }) => {
        await turns.next();
        return doGenerate();
      },
    },
  });
}
