import { Command } from 'commander';
import { buildApp } from '../../runtime/http/build-app.ts';
import { buildMetricsApp } from '../../runtime/http/build-metrics-app.ts';
import { createMetrics } from '../../runtime/http/metrics.ts';
import { AssistantSettingsError } from '../../runtime/settings/assistant-settings-store.ts';
import { StoreUnavailableError } from '../../runtime/stores/store-unavailable-error.ts';
import { createModelFromEnvironment } from '../create-model-from-environment.ts';
import { EXIT_INVALID, EXIT_USAGE } from '../exit-codes.ts';
import { switchFromEnvironment } from '../switch-from-environment.ts';
import { listenUntilClosed } from './serve/listen-until-closed.ts';
import { logServeStart } from './serve/log-serve-start.ts';
import { declareServeCommandOptions, type ServeCommandOptions } from './serve/serve-command-options.ts';
import { serveSettingsFromEnvironment, type ServeSettings } from './serve/serve-settings-from-environment.ts';

/** `docsmith serve`: serves the assistant API for every domain published under the artifacts folder. */
export function serveCommand(): Command {
  return declareServeCommandOptions(
    new Command('serve').description('Serve the assistant API for the published builds of an artifacts folder'),
  )
    .addHelpText(
      'after',
      '\nExample:\n  $ docsmith serve --artifacts dist --data .data --port 8080 --no-playground --limit-org-hour 5000',
    )
    .action(async (options: ServeCommandOptions) => {
      let settings: ServeSettings;
      let switches: { playground: boolean; searchToolParts: boolean; admin: boolean; storeQuestionText: boolean };
      try {
        settings = serveSettingsFromEnvironment(options, process.env);
        switches = {
          playground: options.playground && switchFromEnvironment(process.env, 'DOCSMITH_PLAYGROUND') !== false,
          searchToolParts:
            Boolean(options.searchToolParts) ||
            switchFromEnvironment(process.env, 'DOCSMITH_SEARCH_TOOL_PARTS') === true,
          admin: Boolean(options.admin) || switchFromEnvironment(process.env, 'DOCSMITH_ADMIN') === true,
          storeQuestionText:
            Boolean(options.storeQuestions) || switchFromEnvironment(process.env, 'DOCSMITH_STORE_QUESTIONS') === true,
        };
      } catch (error) {
        process.stderr.write(`docsmith serve: ${(error as Error).message}\n`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const { limits, feedbackLimits, metricsPort, artifactMemoryMiB } = settings;
      const { playground, searchToolParts, admin, storeQuestionText } = switches;
      const redisUrl = process.env.REDIS_URL || undefined;
      const metricsToken = process.env.DOCSMITH_METRICS_TOKEN?.trim() || undefined;
      const metricsAccess = metricsToken ? { token: metricsToken } : {};
      const metrics = createMetrics();
      const app = await buildApp({
        artifactsDir: options.artifacts,
        dataDir: options.data,
        model: createModelFromEnvironment(process.env),
        redisUrl,
        ...settings.reliability,
        ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
        ...(options.analyticsRetentionDays !== undefined
          ? { analyticsRetentionDays: options.analyticsRetentionDays }
          : {}),
        corsOrigin: process.env.DOCSMITH_CORS_ORIGIN ? process.env.DOCSMITH_CORS_ORIGIN.split(',') : undefined,
        limits: { perKeyPerMonth: limits.keyMonth, perOrgPerHour: limits.orgHour, perIpPerDay: limits.ipDay },
        feedbackLimits: {
          perKeyPerMonth: feedbackLimits.keyMonth,
          perOrgPerHour: feedbackLimits.orgHour,
          perIpPerDay: feedbackLimits.ipDay,
        },
        web: { playground },
        embeddings: settings.embeddings,
        searchToolParts,
        admin,
        storeQuestionText,
        publicDocs: settings.publicDocs,
        siteHosts: settings.siteHosts,
        metrics,
        artifactMemoryBytes: artifactMemoryMiB === undefined ? undefined : artifactMemoryMiB * 1024 * 1024,
        metricsRoute: metricsPort === undefined ? metricsAccess : false,
        ...(options.shutdownGrace !== undefined ? { shutdownGraceMs: options.shutdownGrace } : {}),
        assistantSettingsFile: options.assistantSettings || undefined,
      }).catch((error: unknown) => {
        if (error instanceof StoreUnavailableError) {
          // Redis down at start: one line and exit 1, for the supervisor to start it again.
          process.stderr.write(`docsmith serve: ${error.message} (REDIS_URL ${redisUrl ?? ''})\n`);
          process.exitCode = EXIT_INVALID;
          return undefined;
        }
        if (!(error instanceof AssistantSettingsError)) throw error;
        process.stderr.write(`docsmith serve: ${error.message}\n`);
        process.exitCode = EXIT_USAGE;
        return undefined;
      });
      if (!app) return;
      const metricsListener =
        metricsPort === undefined
          ? undefined
          : {
              app: buildMetricsApp(metrics, metricsAccess),
              host: options.metricsHost ?? process.env.DOCSMITH_METRICS_HOST ?? options.host,
              port: metricsPort,
            };
      logServeStart(
        app,
        settings,
        {
          artifactsDir: options.artifacts,
          dataDir: options.data,
          redisUrl,
          playground,
          searchToolParts,
          metricsAddress: metricsListener,
          metricsToken: Boolean(metricsToken),
          admin,
          storeQuestionText,
        },
        process.env,
      );
      await listenUntilClosed(app, { host: options.host, port: settings.port, metrics: metricsListener });
    });
}
