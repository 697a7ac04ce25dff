import type { FastifyInstance } from 'fastify';
import type { AssistantSettingsStore } from '../settings/assistant-settings-store.ts';
import type { AppOptions } from './app-options.ts';
import { registerAgentFileRoutes } from './register-agent-file-routes.ts';
import { registerAnalyticsRoutes } from './register-analytics-routes.ts';
import { registerInsightsRoutes } from './register-insights-routes.ts';
import { registerMcpRoutes } from './register-mcp-routes.ts';
import { registerMessageRoutes } from './register-message-routes.ts';
import { registerOperationalRoutes } from './register-operational-routes.ts';
import { registerPageRoutes } from './register-page-routes.ts';
import { registerSearchRoutes } from './register-search-routes.ts';
import { registerSettingsRoutes } from './register-settings-routes.ts';
import { registerThreadRoutes } from './register-thread-routes.ts';
import { registerWebRoutes } from './register-web-routes.ts';
import type { RouteContext } from './route-context.ts';

/** Registers every route of the app: operational, assistant, search, threads, analytics, insights, pages, web client, MCP, agent files and settings. */
export function registerAppRoutes(
  app: FastifyInstance,
  context: RouteContext,
  options: AppOptions,
  assistantSettings: AssistantSettingsStore,
): void {
  registerOperationalRoutes(app, context, options.metricsRoute ?? {});
  registerMessageRoutes(app, context);
  registerSearchRoutes(app, context);
  registerThreadRoutes(app, context);
  registerAnalyticsRoutes(app, context);
  registerInsightsRoutes(app, context, {
    artifactsDir: options.artifactsDir,
    dashboard: options.admin === true,
    ...(options.web?.webDir ? { webDir: options.web.webDir } : {}),
  });
  registerPageRoutes(app, context);
  registerWebRoutes(app, options.web);
  registerMcpRoutes(app, context);
  registerAgentFileRoutes(app, context);
  registerSettingsRoutes(app, context, assistantSettings);
}
