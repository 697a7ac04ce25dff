import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { readPromptQuestion, readPromptSources } from './assistant-prompt.ts';
import { composeAnswer } from './compose-answer.ts';

/**
 * The default, offline answer model: a LanguageModelV3 that answers from the sources in its prompt by
 * extracting the sentences sharing the most terms with the question (favouring higher-ranked sources and
 * earlier sentences). It leads with the best sentence of the best source, then the others in reading order, cites
 * each `[n]`, quotes only prose (`answerSentencesOf`: no code, table rows or fragments; lists and tables with the
 * line introducing them), and adds the best-matching code block of the sources in a fenced block when the question
 * asks for code or a command. One sentence per delta; with nothing relevant, or when the question names what no
 * source mentions, it says so.
 */
export function createExtractiveModel(): LanguageModelV3 {
  const answer = (options: LanguageModelV3CallOptions): { sentences: string[]; usage: LanguageModelV3Usage } => {
    let system = '';
    let prompt = '';
    for (const message of options.prompt) {
      if (message.role === 'system') system += message.content;
      else if (message.role === 'user') prompt += message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
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
