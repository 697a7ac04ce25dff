/** A malformed environment setting: the CLI reports its message as a usage error (exit 2), never a stack trace. */
export class EnvironmentSettingError extends Error {
  override name = 'EnvironmentSettingError';
}

/**
 * The whole number an environment variable holds, or undefined when it is unset or blank. Anything else (`abc`,
 * `1.5`, `-1`, a number below `minimum`, default 0) throws EnvironmentSettingError
 * "Unexpected DOCSMITH_X=abc, expected a whole number ≥ 0". Every numeric setting of `serve` goes through it.
 */
export function wholeNumberFromEnvironment(environment: NodeJS.ProcessEnv, name: string, minimum = 0): number | undefined {
  const text = environment[name]?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < minimum) throw new EnvironmentSettingError(`Unexpected ${name}=${text}, expected a whole number ≥ ${minimum}`);
  return value;
}
