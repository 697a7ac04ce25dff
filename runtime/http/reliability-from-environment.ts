import type { AppOptions } from './build-app.ts';
import { parseTrustProxy } from './client-address.ts';

const NUMERIC_SETTINGS = {
  DOCSMITH_STORE_TIMEOUT_MS: 'storeTimeoutMs',
  DOCSMITH_MAX_THREAD_MESSAGES: 'maxMessagesPerThread',
  DOCSMITH_THREAD_RETENTION_DAYS: 'threadRetentionDays',
  DOCSMITH_MODEL_TIMEOUT_MS: 'modelTimeoutMs',
  DOCSMITH_BODY_TIMEOUT_MS: 'bodyTimeoutMs',
} as const;

/**
 * The reliability settings of `buildApp` from the environment: `TRUST_PROXY` (hop count or proxy
 * addresses/CIDRs), `DOCSMITH_STORE_TIMEOUT_MS`, `DOCSMITH_MAX_THREAD_MESSAGES`, `DOCSMITH_THREAD_RETENTION_DAYS`,
 * `DOCSMITH_MODEL_TIMEOUT_MS`, `DOCSMITH_BODY_TIMEOUT_MS`, `DOCSMITH_HEADERS_TIMEOUT_MS`,
 * `DOCSMITH_REQUEST_TIMEOUT_MS`. Unset variables keep buildApp's defaults; a malformed one throws, naming it.
 */
export function reliabilityFromEnvironment(environment: NodeJS.ProcessEnv): Partial<AppOptions> {
  const options: Partial<AppOptions> = {};
  const numberOf = (name: string): number | undefined => {
    const text = environment[name]?.trim();
    if (!text) return undefined;
    if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) throw new Error(`${name}: unexpected "${text}", expected a positive number`);
    return Number(text);
  };
  for (const [name, option] of Object.entries(NUMERIC_SETTINGS)) {
    const value = numberOf(name);
    if (value !== undefined) options[option] = value;
  }
  const headersTimeoutMs = numberOf('DOCSMITH_HEADERS_TIMEOUT_MS');
  const requestTimeoutMs = numberOf('DOCSMITH_REQUEST_TIMEOUT_MS');
  if (headersTimeoutMs || requestTimeoutMs) options.timeouts = { ...(headersTimeoutMs ? { headersTimeoutMs } : {}), ...(requestTimeoutMs ? { requestTimeoutMs } : {}) };
  const trustProxy = parseTrustProxy(environment.TRUST_PROXY);
  if (trustProxy !== false) options.trustProxy = trustProxy;
  return options;
}
