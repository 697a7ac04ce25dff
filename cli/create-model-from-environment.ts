import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createExtractiveModel } from '../runtime/assistant/extractive-model.ts';

/**
 * The answer model `docsmith serve` and `docsmith dev` give the runtime: an OpenAI-compatible chat model when ASSISTANT_LLM_BASE_URL is set
 * (with ASSISTANT_LLM_MODEL, default `gpt-4o-mini`, and ASSISTANT_LLM_API_KEY), else the offline extractive model.
 */
export function createModelFromEnvironment(environment: NodeJS.ProcessEnv = process.env): LanguageModelV3 {
  const baseURL = environment.ASSISTANT_LLM_BASE_URL;
  if (!baseURL) return createExtractiveModel();
  const provider = createOpenAICompatible({
    name: 'assistant-llm',
    baseURL,
    ...(environment.ASSISTANT_LLM_API_KEY ? { apiKey: environment.ASSISTANT_LLM_API_KEY } : {}),
  });
  return provider.chatModel(environment.ASSISTANT_LLM_MODEL ?? 'gpt-4o-mini');
}
