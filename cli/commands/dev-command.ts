import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { buildApp } from '../../runtime/http/build-app.ts';
import { createArtifactStore } from '../../runtime/artifacts/create-artifact-store.ts';
import { openPageCache } from '../../pipeline/assemble/page-cache.ts';
import { PARSED_PAGE_FORMAT } from '../../pipeline/content/parsed-page.ts';
import { createModelFromEnvironment } from '../create-model-from-environment.ts';
import { createBuildEventStream } from '../dev/build-event-stream.ts';
import { devBuildReport, unchangedSaveReport } from '../dev/dev-build-report.ts';
import { createDevSiteBuilder, type DevBuild } from '../dev/dev-site-builder.ts';
import { watchSiteFiles } from '../dev/watch-site-files.ts';
import { watchedSiteSource, type SiteFileChange } from '../dev/watched-site-source.ts';
import { defaultCacheDir } from '../default-cache-dir.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { fileCacheStorage } from '../file-cache-storage.ts';
import { GENERATOR } from '../generator.ts';
import { SiteReadError } from '../read-site-source.ts';
import { readUserInput } from '../read-user-input.ts';
import { parsePort } from '../options/parse-port.ts';

interface DevCommandOptions {
  port: number;
  host: string;
  domain?: string;
}

/** The configuration files `docsmith dev` also accepts in place of the site folder. */
const CONFIG_FILES = new Set(['docs.json', 'mint.json']);

/** Where the playground learns of new builds. */
const BUILD_EVENTS_PATH = '/dev/events';

/** `docsmith dev <site-dir>`: builds, serves and watches one site on one local port; see `runDev`. */
export function devCommand(): Command {
  return new Command('dev')
    .description(
      'Build and serve one site locally (assistant, search, page Markdown, playground; no key from this machine), rebuilt on every save',
    )
    .argument('<site-dir>', 'folder holding docs.json (or a legacy mint.json)')
    .option('--port <port>', 'port to listen on', parsePort, 3000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--domain <domain>', 'domain the site is served under (default: the site folder name)')
    .action(async (siteDir: string, options: DevCommandOptions) => {
      process.exitCode = await runDev(siteDir, options);
    });
}

/**
 * Reads the site, serves it (builds in a temporary folder outside the site; threads and limits there too), builds it,
 * then rebuilds on every burst of saves until interrupted. A build with errors is reported and the last good build
 * stays served.
 */
async function runDev(target: string, options: DevCommandOptions): Promise<number> {
  // The site's docs.json (or mint.json) names its folder: the folder is what is watched, and what names the domain.
  const isConfigFile =
    CONFIG_FILES.has(path.basename(target)) && (await stat(target).catch(() => undefined))?.isFile() === true;
  const siteDir = isConfigFile ? path.dirname(target) : target;
  const watched = await readUserInput(
    'dev',
    () =>
      watchedSiteSource(siteDir, {
        onUnreadable: (message) => process.stderr.write(`docsmith dev: ${message}\n`),
      }),
    [SiteReadError],
  );
  if (!watched) return EXIT_USAGE;
  const domain = options.domain ?? path.basename(path.resolve(siteDir));
  const workDir = await mkdtemp(path.join(tmpdir(), 'docsmith-dev-'));
  // Ctrl-C, a stop, or the terminal closing: each ends the server and removes the temporary folder (heard from
  // the moment the folder exists: a Ctrl-C right after "Ctrl-C stops." is printed must not kill the process).
  const stopSignal = new Promise<NodeJS.Signals>((resolve) => {
    for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(name, () => resolve(name));
  });
  const artifactsDir = path.join(workDir, 'artifacts');
  // The domain's folder exists from the start: until a build is served, requests get 503 artifacts_not_ready (retry), not 404.
  await mkdir(path.join(artifactsDir, domain), { recursive: true });
  const artifacts = createArtifactStore({ root: artifactsDir, pollMs: 0 });
  const app = await buildApp({
    artifactsDir,
    dataDir: path.join(workDir, 'data'),
    artifactStore: artifacts,
    keylessLoopback: true,
    model: createModelFromEnvironment(process.env),
    // The writer's own questions, kept (scrubbed) in a folder removed on exit.
    storeQuestionText: true,
    // The terminal is the writer's: builds and diagnostics; the server says only what goes wrong.
    logger: { level: 'error' },
    web: { playground: true, buildEvents: BUILD_EVENTS_PATH },
  });
  const events = createBuildEventStream();
  events.register(app, BUILD_EVENTS_PATH);
  const stop = async (): Promise<void> => {
    await app.close();
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      `docsmith dev: cannot listen on ${options.host}:${options.port} (${code === 'EADDRINUSE' ? 'the port is in use; pass --port' : (code ?? (error as Error).message)})\n`,
    );
    await stop();
    return 1;
  }
  const port = (app.server.address() as { port: number }).port;
  const origin = `http://${options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host}:${port}`;
  process.stdout.write(
    [
      `Playground: ${origin}/playground?domain=${domain}`,
      `Assistant:  POST ${origin}/v1/assistant/${domain}/message (no key needed from this machine)`,
      `Search:     POST ${origin}/v1/search/${domain}`,
      `Pages:      GET  ${origin}/v1/page/${domain}?path=/<page>`,
      `Watching ${siteDir} (nothing is written into it); Ctrl-C stops.`,
      '',
    ].join('\n'),
  );

  const color = process.stdout.isTTY === true;
  const cache = await openPageCache(
    fileCacheStorage(defaultCacheDir(siteDir)),
    `${GENERATOR} pages/${PARSED_PAGE_FORMAT}`,
  );
  const builder = createDevSiteBuilder({
    source: watched.source,
    domain,
    artifactsDir,
    cache,
    warm: async (name) => void (await artifacts.get(name)),
  });
  const queue: SiteFileChange[] = [];
  /** The last build reported, which a save of unchanged content reports again. */
  let last: DevBuild | undefined;
  const buildNow = async (changed: string[]): Promise<void> => {
    events.publish({ state: 'building', text: `building${changed.length > 0 ? ` (${changed.join(', ')})` : ''}…` });
    try {
      const build = await builder.build();
      last = build;
      const report = devBuildReport(build, { changed, at: new Date(), color });
      process.stdout.write(`${report.terminal}\n`);
      events.publish(report.event);
    } catch (error) {
      // A bug, not the writer's mistake: say so and keep serving the last good build.
      process.stderr.write(`docsmith dev: the build failed unexpectedly: ${(error as Error).stack ?? String(error)}\n`);
      events.publish({ state: 'failed', text: `docsmith failed to build this save: ${(error as Error).message}` });
    }
  };
  /** Builds until no change is waiting: saves that come during a build are built together after it. */
  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const changes = queue.splice(0);
      const how = await watched.apply(changes).catch((error: unknown) => {
        process.stderr.write(`docsmith dev: ${(error as Error).message}\n`);
        return 'site' as const;
      });
      const changed = how === 'site' ? ['the site'] : [...new Set(changes.map((change) => change.path))];
      if (how === 'unchanged' && last) {
        const report = unchangedSaveReport(last, { changed, at: new Date(), color });
        process.stdout.write(`${report.terminal}\n`);
        events.publish(report.event);
      } else await buildNow(changed);
    }
    building = undefined;
  };
  let building: Promise<void> | undefined;
  const watch = watchSiteFiles(siteDir, {
    isExcluded: watched.isExcluded,
    onChanges: (changes) => {
      queue.push(...changes);
      building ??= drain();
    },
    onError: (error) => process.stderr.write(`docsmith dev: watching ${siteDir} failed: ${error.message}\n`),
  });
  // The first build is reported only once every file is watched: a save made after "built" is always seen (on a
  // busy machine the watcher's first scan can take longer than the build).
  await watch.ready;
  building = (async () => {
    await buildNow([]);
    // The next `docsmith dev` or `docsmith build` of this site starts from these parses.
    await cache.save().catch(() => undefined);
    await drain();
  })();

  process.stdout.write(`\ndocsmith dev: ${await stopSignal}, stopping\n`);
  await watch.close();
  if (building !== undefined) {
    // A build in progress is not waited for (the first build of a large site takes a while): the server closes, the
    // temporary folder is removed at once — no turn of the event loop lets the build write into it again — and the
    // process ends without letting the build finish.
    await app.close();
    rmSync(workDir, { recursive: true, force: true, maxRetries: 5 });
    process.exit(EXIT_OK);
  }
  await stop();
  return EXIT_OK;
}
