import type { AppOptions } from '../../../runtime/http/build-app.ts';
import { parseHttpUrl } from '../../parse-http-url.ts';
import { EnvironmentSettingError, wholeNumberFromEnvironment } from '../../whole-number-from-environment.ts';
import type { ServeCommandOptions } from './serve-command-options.ts';

/** The question embedder's settings: off with --no-embeddings, else the URL override (flag, then DOCSMITH_EMBEDDINGS_URL), key, timeout and fusion weight from the environment. */
export function embeddingsFromEnvironment(
  options: Pick<ServeCommandOptions, 'embeddings' | 'embeddingsUrl'>,
  environment: NodeJS.ProcessEnv,
): NonNullable<AppOptions['embeddings']> {
  if (!options.embeddings) return false;
  const url = options.embeddingsUrl ?? (environment.DOCSMITH_EMBEDDINGS_URL?.trim() || undefined);
  if (url !== undefined && options.embeddingsUrl === undefined) {
    try {
      parseHttpUrl(url);
    } catch (error) {
      throw new EnvironmentSettingError(`Unexpected DOCSMITH_EMBEDDINGS_URL=${url}, ${(error as Error).message}`);
    }
  }
  const timeoutMs = wholeNumberFromEnvironment(environment, 'DOCSMITH_EMBEDDINGS_TIMEOUT_MS', 1);
  const weight = environment.DOCSMITH_EMBEDDINGS_WEIGHT?.trim();
  if (weight && !/^\d+(\.\d+)?$/.test(weight))
    throw new EnvironmentSettingError(`Unexpected DOCSMITH_EMBEDDINGS_WEIGHT=${weight}, expected a number ≥ 0`);
  const apiKey = environment.DOCSMITH_EMBEDDINGS_API_KEY;
  return {
    url: url || undefined,
    apiKey,
    timeoutMs,
    weight: weight ? Number(weight) : undefined,
  };
}
