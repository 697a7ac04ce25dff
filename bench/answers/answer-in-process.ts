import type { LanguageModelV3 } from '@ai-sdk/provider';
import { answerQuestion } from '../../runtime/assistant/answer-question.ts';
import { readPromptSources } from '../../runtime/assistant/assistant-prompt.ts';
import type { AssistantRequestBody } from '../../runtime/assistant/assistant-request.ts';
import type { LoadedSite } from '../../runtime/artifacts/create-artifact-store.ts';
import type { ComposedAnswer } from './score-answer.ts';

/** An answer with the evidence its model was given: the text of each numbered source in its prompt. */
export interface AnswerWithEvidence extends ComposedAnswer {
  sourceTexts: string[];
}

/**
 * Answers a question exactly as `POST /v1/assistant/{domain}/message` does, in process: the route's use case
 * (`answerQuestion`: retrieval with the default page size, the prompt, the model through `streamText`, the data
 * stream), with the thread store replaced by one that keeps the stored answer (its text and its sources' paths)
 * and the model wrapped to keep the sources its prompt carried.
 */
export async function answerInProcess(
  site: LoadedSite,
  model: LanguageModelV3,
  question: string,
): Promise<AnswerWithEvidence> {
  let stored: { text: string; sources: string[] } | undefined;
  let sourceTexts: string[] = [];
  const recording: LanguageModelV3 = {
    ...model,
    doGenerate: (options) => model.doGenerate(options),
    doStream: (options) => {
      const system = options.prompt.map((message) => (message.role === 'system' ? message.content : '')).join('');
      sourceTexts = readPromptSources(system).map((source) =>
        [source.text, ...source.sections.map((section) => section.text)].join('\n'),
      );
      return model.doStream(options);
    },
  };
  const threads = {
    resolveThread: async () => ({ threadId: 'thr_bench', isNew: true }),
    recentMessages: async () => [],
    appendMessage: async ({ message }: { message: { role: string; text: string; sources: { path: string }[] } }) => {
      if (message.role === 'assistant')
        stored = { text: message.text, sources: message.sources.map((source) => source.path) };
    },
  };
  const body = { fp: 'bench', messages: [{ id: 'q', role: 'user', content: question }] } as AssistantRequestBody;
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const { stream } = await answerQuestion({
    site,
    body,
    protocol: 'data',
    model: recording,
    sinks: { threads, log: silent },
  });
  const reader = stream.body.getReader();
  while (!(await reader.read()).done);
  if (!stored) throw new Error(`no answer was stored for "${question}"`);
  return { ...stored, sourceTexts };
}
