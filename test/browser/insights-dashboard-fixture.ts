import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { createSqliteAnalyticsStore } from '../../runtime/analytics/sqlite-analytics-store.ts';
import { createArtifactStore } from '../../runtime/artifacts/create-artifact-store.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { replayAcmeTraffic } from './insights-traffic.ts';

/** The example site shipped with the repository (versions v1/v2, languages en/fr). */
const ACME_SITE = path.resolve(import.meta.dirname, '../../sites/acme');

/** A running `serve --admin` with some days of the acme traffic in its store. */
export interface DashboardFixture {
  baseUrl: string;
  adminKey: string;
  /** A key of the same domain that is not an admin key. */
  key: string;
  questions: number;
  close(): Promise<void>;
}

/**
 * Builds and publishes sites/acme, replays `days` days of its traffic ending today (UTC) into the SQLite store of a
 * data folder, and serves it with the dashboard on a free port: what the browser test reads and the docs' screenshots
 * show.
 */
export async function startDashboardFixture(days: number): Promise<DashboardFixture> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-dashboard-'));
  const artifacts = path.join(directory, 'dist');
  const data = path.join(directory, 'data');
  let app: FastifyInstance | undefined;
  try {
    const result = await buildSite(await readSiteSource(ACME_SITE), { domain: 'acme' });
    if (!result.manifest) throw new Error('sites/acme did not build');
    await writeBuildDirectory(path.join(artifacts, 'acme'), result.manifest.buildId, result.files);
    await publishBuild(path.join(artifacts, 'acme'), result.manifest.buildId);
    const site = await createArtifactStore({ root: artifacts }).get('acme');
    const store = createSqliteAnalyticsStore(path.join(data, 'docsmith.sqlite'), { storeQuestionText: true });
    const questions = await replayAcmeTraffic(site as NonNullable<typeof site>, store, {
      lastDay: new Date().toISOString().slice(0, 10),
      days,
    });
    await store.close();
    const keys = createKeyStore({ file: path.join(data, 'keys.json') });
    const adminKey = keys.create({ domains: ['acme'], org: 'acme', admin: true }).key;
    const key = keys.create({ domains: ['acme'], org: 'acme' }).key;
    app = await buildApp({
      artifactsDir: artifacts,
      dataDir: data,
      logger: false,
      limitStore: 'memory',
      admin: true,
      storeQuestionText: true,
      web: { playground: false },
    });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const running = app;
    return {
      baseUrl,
      adminKey,
      key,
      questions,
      async close() {
        await running.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app?.close();
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
