/** A malformed environment setting: the CLI reports its message as a usage error (exit 2), never a stack trace. */
export class EnvironmentSettingError extends Error {
  override name = 'EnvironmentSettingError';
}

/**
 * The whole number an environment variable holds, or undefined when it is unset or blank. Anything else (`abc`,
 * `1.5`, `-1`, a number below `minimum`, default 0) throws EnvironmentSettingError
 * "Unexpected DOCSMITH_X=abc, expected a whole number ≥ 0". Every numeric setting of `serve` goes through it, and
 * its flags through `parseWholeNumber`.
 */
export function wholeNumberFromEnvironment(
  environment: NodeJS.ProcessEnv,
  name: string,
  minimum = 0,
): number | undefined {
  const text = environment[name]?.trim();
  if (!text) return undefined;
  const value = parseWholeNumber(text, minimum);
  if (value === undefined)
    throw new EnvironmentSettingError(`Unexpected ${name}=${text}, expected a whole number ≥ ${minimum}`);
  return value;
}

/** The whole number a text holds (blanks around it ignored) when it is at least `minimum` (default 0), else undefined. */
export function parseWholeNumber(text: string, minimum = 0): number | undefined {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return /^\d+$/.test(trimmed) && Number.isSafeInteger(value) && value >= minimum ? value : undefined;
}
