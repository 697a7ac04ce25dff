import type { AppOptions } from '../../../runtime/http/build-app.ts';
import type { SiteHost } from '../../../runtime/http/site-hosts.ts';
import { splitList } from '../../options/split-list.ts';
import { reliabilityFromEnvironment } from '../../reliability-from-environment.ts';
import { EnvironmentSettingError, wholeNumberFromEnvironment } from '../../whole-number-from-environment.ts';
import { checkAnswerModelUrl } from './check-answer-model-url.ts';
import { embeddingsFromEnvironment } from './embeddings-from-environment.ts';
import type { ServeCommandOptions } from './serve-command-options.ts';
import { siteHostsFromEnvironment } from './site-hosts-from-environment.ts';

/** The spec's limits (assistant-api.md): 10,000 uses per key per month, per organization per hour, per IP per day. */
const SPEC_LIMIT = 10_000;

/** Uses per key per month, per organization per hour and per client IP per day. */
export interface ServeLimits {
  keyMonth: number;
  orgHour: number;
  ipDay: number;
}

/** The settings of `docsmith serve` that a flag or else the environment gives, checked. */
export interface ServeSettings {
  siteHosts: SiteHost[];
  publicDocs: string[];
  reliability: ReturnType<typeof reliabilityFromEnvironment>;
  embeddings: NonNullable<AppOptions['embeddings']>;
  limits: ServeLimits;
  feedbackLimits: ServeLimits;
  port: number;
  metricsPort: number | undefined;
  artifactMemoryMiB: number | undefined;
}

/**
 * Resolves each setting from its flag, else its environment variable, else its default (port 8080, the spec's
 * limits, the feedback limits those of the answers); a malformed variable throws EnvironmentSettingError.
 */
export function serveSettingsFromEnvironment(
  options: ServeCommandOptions,
  environment: NodeJS.ProcessEnv,
): ServeSettings {
  const siteHosts = options.siteHost.length > 0 ? options.siteHost : siteHostsFromEnvironment(environment);
  const publicDocs =
    options.publicDocs.length > 0 ? options.publicDocs : splitList(environment.DOCSMITH_PUBLIC_DOCS ?? '');
  const reliability = reliabilityFromEnvironment(environment);
  const embeddings = embeddingsFromEnvironment(options, environment);
  checkAnswerModelUrl(environment);
  const limits = {
    keyMonth: options.limitKeyMonth ?? limitFromEnvironment(environment, 'DOCSMITH_LIMIT_KEY_MONTH'),
    orgHour: options.limitOrgHour ?? limitFromEnvironment(environment, 'DOCSMITH_LIMIT_ORG_HOUR'),
    ipDay: options.limitIpDay ?? limitFromEnvironment(environment, 'DOCSMITH_LIMIT_IP_DAY'),
  };
  const feedbackLimits = {
    keyMonth:
      options.feedbackLimitKeyMonth ??
      wholeNumberFromEnvironment(environment, 'DOCSMITH_FEEDBACK_LIMIT_KEY_MONTH', 1) ??
      limits.keyMonth,
    orgHour:
      options.feedbackLimitOrgHour ??
      wholeNumberFromEnvironment(environment, 'DOCSMITH_FEEDBACK_LIMIT_ORG_HOUR', 1) ??
      limits.orgHour,
    ipDay:
      options.feedbackLimitIpDay ??
      wholeNumberFromEnvironment(environment, 'DOCSMITH_FEEDBACK_LIMIT_IP_DAY', 1) ??
      limits.ipDay,
  };
  const port = options.port ?? portFromEnvironment(environment, 'PORT') ?? 8080;
  const metricsPort = options.metricsPort ?? portFromEnvironment(environment, 'DOCSMITH_METRICS_PORT');
  const artifactMemoryMiB =
    options.artifactMemory ?? wholeNumberFromEnvironment(environment, 'DOCSMITH_ARTIFACT_MEMORY_MB', 1);
  return {
    siteHosts,
    publicDocs,
    reliability,
    embeddings,
    limits,
    feedbackLimits,
    port,
    metricsPort,
    artifactMemoryMiB,
  };
}

/** A limit's environment variable, the spec's limit when unset. */
function limitFromEnvironment(environment: NodeJS.ProcessEnv, name: string): number {
  return wholeNumberFromEnvironment(environment, name, 1) ?? SPEC_LIMIT;
}

/** The port an environment variable names (PORT, DOCSMITH_METRICS_PORT), undefined when unset. */
function portFromEnvironment(environment: NodeJS.ProcessEnv, name: string): number | undefined {
  const port = wholeNumberFromEnvironment(environment, name);
  if (port !== undefined && port > 65_535)
    throw new EnvironmentSettingError(`Unexpected ${name}=${port}, expected a port number (0 to 65535)`);
  return port;
}
