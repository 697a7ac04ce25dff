import type { AppOptions } from '../runtime/http/build-app.ts';
import { parseTrustProxy } from '../runtime/http/client-address.ts';
import { wholeNumberFromEnvironment } from './whole-number-from-environment.ts';

/** Each numeric setting: its variable, the buildApp option it sets and its smallest value (0 = keep forever). */
const NUMERIC_SETTINGS = [
  ['DOCSMITH_STORE_TIMEOUT_MS', 'storeTimeoutMs', 1],
  ['DOCSMITH_MAX_THREAD_MESSAGES', 'maxMessagesPerThread', 1],
  ['DOCSMITH_THREAD_RETENTION_DAYS', 'threadRetentionDays', 0],
  ['DOCSMITH_ANALYTICS_RETENTION_DAYS', 'analyticsRetentionDays', 0],
  ['DOCSMITH_MODEL_TIMEOUT_MS', 'modelTimeoutMs', 1],
  ['DOCSMITH_BODY_TIMEOUT_MS', 'bodyTimeoutMs', 1],
  ['DOCSMITH_SHUTDOWN_GRACE_MS', 'shutdownGraceMs', 0],
] as const;

/**
 * The reliability settings of `buildApp` from the environment: `TRUST_PROXY` (hop count or proxy
 * addresses/CIDRs), `DOCSMITH_STORE_TIMEOUT_MS`, `DOCSMITH_MAX_THREAD_MESSAGES`, `DOCSMITH_THREAD_RETENTION_DAYS`, `DOCSMITH_ANALYTICS_RETENTION_DAYS`,
 * `DOCSMITH_MODEL_TIMEOUT_MS`, `DOCSMITH_BODY_TIMEOUT_MS`, `DOCSMITH_SHUTDOWN_GRACE_MS`, `DOCSMITH_HEADERS_TIMEOUT_MS`,
 * `DOCSMITH_REQUEST_TIMEOUT_MS`. Unset variables keep buildApp's defaults; a malformed number throws
 * EnvironmentSettingError (`wholeNumberFromEnvironment`), naming the variable.
 */
export function reliabilityFromEnvironment(environment: NodeJS.ProcessEnv): Partial<AppOptions> {
  const options: Partial<AppOptions> = {};
  for (const [name, option, minimum] of NUMERIC_SETTINGS) {
    const value = wholeNumberFromEnvironment(environment, name, minimum);
    if (value !== undefined) options[option] = value;
  }
  const headersTimeoutMs = wholeNumberFromEnvironment(environment, 'DOCSMITH_HEADERS_TIMEOUT_MS', 1);
  const requestTimeoutMs = wholeNumberFromEnvironment(environment, 'DOCSMITH_REQUEST_TIMEOUT_MS', 1);
  if (headersTimeoutMs || requestTimeoutMs)
    options.timeouts = {
      ...(headersTimeoutMs ? { headersTimeoutMs } : {}),
      ...(requestTimeoutMs ? { requestTimeoutMs } : {}),
    };
  const trustProxy = parseTrustProxy(environment.TRUST_PROXY);
  if (trustProxy !== false) options.trustProxy = trustProxy;
  return options;
}
