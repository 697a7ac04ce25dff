import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { readPromptQuestion, readPromptSources } from './assistant-prompt.ts';
import { composeAnswer } from './compose-answer.ts';

/**
 * The default, offline answer model: a LanguageModelV3 that reads the question and the numbered sources (each with
 * its further sections) back out of the prompt every model gets, and composes the answer from them
 * (`composeAnswer`: the sentences, list lines, table rows and code blocks that answer what the question asks, each
 * cited `[n]`), or says it could not find the answer in the documentation. One delta per sentence, list, table or
 * code block; usage counts the prompt's and the answer's words.
 */
export function createExtractiveModel(): LanguageModelV3 {
  const answer = (options: LanguageModelV3CallOptions): { sentences: string[]; usage: LanguageModelV3Usage } => {
    let system = '';
    let prompt = '';
    for (const message of options.prompt) {
      if (message.role === 'system') system += message.content;
      else if (message.role === 'user')
        prompt += message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    }
    const { question, previousQuestion } = readPromptQuestion(prompt);
    const sentences = composeAnswer(question, previousQuestion, readPromptSources(system));
    const outputWords = sentences.join(' ').split(/\s+/).length;
    return { sentences, usage: usageOf(countWords(system) + countWords(prompt), outputWords) };
  };
  return {
    specificationVersion: 'v3',
    provider: 'docsmith',
    modelId: 'extractive',
    supportedUrls: {},
    async doGenerate(options) {
      const { sentences, usage } = answer(options);
      const content: LanguageModelV3Content[] = [{ type: 'text', text: sentences.join('') }];
      return { content, finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
    },
    async doStream(options) {
      const { sentences, usage } = answer(options);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'answer' },
        ...sentences.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 'answer', delta })),
        { type: 'text-end', id: 'answer' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ];
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function usageOf(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}
