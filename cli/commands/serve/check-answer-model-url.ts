import { parseHttpUrl } from '../../parse-http-url.ts';
import { EnvironmentSettingError } from '../../whole-number-from-environment.ts';

/** Refuses an ASSISTANT_LLM_BASE_URL that is not an http(s) URL at start, rather than failing every answer after its sources. */
export function checkAnswerModelUrl(environment: NodeJS.ProcessEnv): void {
  const url = environment.ASSISTANT_LLM_BASE_URL;
  if (!url) return;
  try {
    parseHttpUrl(url);
  } catch (error) {
    throw new EnvironmentSettingError(`Unexpected ASSISTANT_LLM_BASE_URL=${url}, ${(error as Error).message}`);
  }
}
