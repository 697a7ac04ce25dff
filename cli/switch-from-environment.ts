import { EnvironmentSettingError } from './whole-number-from-environment.ts';

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['0', 'false', 'no', 'off']);

/**
 * The on/off setting an environment variable holds: `1`, `true`, `yes`, `on` (any case) turn it on, `0`, `false`,
 * `no`, `off` off; unset or blank is undefined. Anything else throws EnvironmentSettingError
 * "Unexpected DOCSMITH_ADMIN=maybe, expected 1 or 0", rather than being read as off.
 */
export function switchFromEnvironment(environment: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const text = environment[name]?.trim();
  if (!text) return undefined;
  const lower = text.toLowerCase();
  if (ON.has(lower)) return true;
  if (OFF.has(lower)) return false;
  throw new EnvironmentSettingError(`Unexpected ${name}=${text}, expected 1 or 0 (true or false)`);
}
