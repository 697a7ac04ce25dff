import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '../../runtime/analytics/insights.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp, type AppOptions } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';
import { scriptedModel } from '../reliability/scripted-model.ts';

describe('insights over HTTP', () => {
  let directory: string;
  let key: string;
  let adminKey: string;
  const apps: FastifyInstance[] = [];
  const start = async (options: Partial<AppOptions> = {}): Promise<FastifyInstance> => {
    const app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, `data-${apps.length}`),
      keysFile: path.join(directory, 'keys.json'),
      logger: false,
      limitStore: 'memory',
      ...options,
    });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-insights-http-'));
    await publishTestSite(path.join(directory, 'dist'), 'example');
    await mkdir(path.join(directory, 'web'), { recursive: true });
    await writeFile(path.join(directory, 'web', 'admin.js'), 'window.dashboard = true;\n');
    const keys = createKeyStore({ file: path.join(directory, 'keys.json') });
    key = keys.create({ domains: ['example'], org: 'org' }).key;
    adminKey = keys.create({ domains: ['example'], org: 'org', admin: true }).key;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await rm(directory, { recursive: true, force: true });
  });
  const ask = async (
    app: FastifyInstance,
    fp: string,
    question: string,
  ): Promise<{ threadId: string; messageId: string }> => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/assistant/example/message',
      headers: { authorization: `Bearer ${key}` },
      payload: { fp, messages: [{ role: 'user', content: question }] },
    });
    return {
      threadId: response.headers['x-thread-id'] as string,
      messageId: /f:\{"messageId":"([^"]+)"/.exec(response.body)?.[1] ?? '',
    };
  };
  const insightsOf = (app: FastifyInstance, query = '', token = adminKey) =>
    app.inject({ url: `/v1/analytics/example/insights${query}`, headers: { authorization: `Bearer ${token}` } });

  it('groups the questions asked, ranks what the docs failed with the closest pages, and lists cited and never cited pages', async () => {
    const app = await start({ storeQuestionText: true });
    const install = await ask(app, 'fp-reader-one', 'How do I install the CLI?');
    await ask(app, 'fp-reader-two', 'how to install the cli');
    await ask(app, 'fp-reader-three', 'Installing the CLI?');
    await ask(app, 'fp-reader-four', 'Can I pay my invoices in zloty coins?');
    await ask(app, 'fp-reader-five', 'pay invoices with zloty coins');
    await app.inject({
      method: 'POST',
      url: '/v1/assistant/example/feedback',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        fp: 'fp-reader-one',
        threadId: install.threadId,
        messageId: install.messageId,
        rating: 'down',
        comment: 'Missing Windows, write to me@example.com',
      },
    });

    const response = await insightsOf(app);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/fp-reader|127\.0\.0\.1|me@example\.com/);
    const insights = response.json() as Insights;
    expect(insights).toMatchObject({
      domain: 'example',
      filter: {},
      totals: { questions: 5, answered: 3, notFound: 2, down: 1 },
    });
    expect(insights.groups.map((group) => [group.representative, group.questions])).toEqual([
      ['how do i install the cli', 3],
      ['can i pay my invoices in zloty coins', 2],
    ]);
    const [zloty] = insights.gaps;
    expect(zloty).toMatchObject({
      representative: 'can i pay my invoices in zloty coins',
      gaps: 2,
      outcomes: { notFound: 2 },
    });
    expect(zloty?.closestPages[0]).toEqual({ path: 'billing', title: 'Billing' });
    expect(insights.gaps[1]).toMatchObject({ representative: 'how do i install the cli', gaps: 1, down: 1 });
    // The extractive model answers the install questions from the quickstart alone.
    expect(insights.pages).toEqual([{ path: 'quickstart', citations: 3, up: 0, down: 1 }]);
    expect(insights.downPages.map((page) => page.path)).toEqual(['quickstart']);
    expect(insights.neverCited).toEqual([
      { path: 'cli/configure', title: 'Configure the CLI' },
      { path: 'billing', title: 'Billing' },
    ]);
    expect(insights.neverCitedTotal).toBe(2);
    const limited = (await insightsOf(app, '?limit=1')).json() as Insights;
    expect(limited.neverCited).toEqual([{ path: 'cli/configure', title: 'Configure the CLI' }]);
    expect(limited.neverCitedTotal).toBe(2);
    expect(insights.comments).toMatchObject([
      { rating: 'down', comment: 'Missing Windows, write to [email]', question: 'how do i install the cli' },
    ]);
    expect(insights.days.at(-1)).toMatchObject({ answered: 3, notFound: 2, down: 1 });
    expect(insights.days).toHaveLength(30);
  });

  it('keeps only the terms of questions by default', async () => {
    const app = await start();
    await ask(app, 'fp', 'How do I install the CLI on my laptop?');
    expect((await insightsOf(app)).json().groups[0].representative).toBe('instal cli laptop');
  });

  it('counts an answer the model failed in its day and group, citing nothing, never as a content gap', async () => {
    const app = await start({ model: scriptedModel({ fail: new Error('upstream 502') }) });
    await ask(app, 'fp', 'How do I install the CLI?');
    const insights = (await insightsOf(app)).json() as Insights;
    expect(insights.totals).toMatchObject({ questions: 1, answered: 0, failed: 1, gaps: 0 });
    expect(insights.groups).toMatchObject([{ representative: 'instal cli', outcomes: { failed: 1 }, pages: [] }]);
    expect(insights.gaps).toEqual([]);
    expect(insights.pages).toEqual([]);
  });

  it('answers admin keys only, checked before the query, and refuses ranges it cannot read', async () => {
    const app = await start();
    expect((await app.inject({ url: '/v1/analytics/example/insights?from=yesterday' })).json().error.code).toBe(
      'missing_key',
    );
    expect((await insightsOf(app, '?from=yesterday', key)).json().error.code).toBe('admin_required');
    expect((await insightsOf(app, '?from=yesterday')).json().error).toMatchObject({
      code: 'invalid_body',
      field: 'from',
    });
    expect((await insightsOf(app, '?from=2026-02-30&to=2026-03-01')).json().error).toEqual({
      code: 'invalid_body',
      message: 'Invalid query: Unexpected from 2026-02-30, expected a calendar day like 2026-11-01.',
      field: 'from',
    });
    expect((await insightsOf(app, '?from=2026-03-02&to=2026-03-01')).json().error.field).toBe('from');
    expect((await insightsOf(app, '?from=2024-01-01&to=2026-03-01')).json().error.message).toBe(
      'Invalid query: Unexpected range of 791 days, expected at most 400.',
    );
    expect((await insightsOf(app, '?fp=x')).json().error).toMatchObject({ code: 'invalid_body', field: 'fp' });
    const week = await insightsOf(app, '?from=2026-03-01&to=2026-03-07&version=v2&language=fr&limit=5');
    expect(week.json()).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-07',
      filter: { version: 'v2', language: 'fr' },
      totals: { questions: 0 },
    });
    expect(week.json().days).toHaveLength(7);
  });

  it('serves the dashboard only with the admin option, as a page of its own with a strict policy', async () => {
    const off = await start();
    expect((await off.inject({ url: '/admin' })).statusCode).toBe(404);
    const on = await start({ admin: true, web: { webDir: path.join(directory, 'web'), playground: false } });
    const page = await on.inject({ url: '/admin' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('<script src="/admin.js"></script>');
    expect(page.body).toMatch(
      /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,%3Csvg%20[^"]+%3C%2Fsvg%3E">/,
    );
    expect((await on.inject({ url: '/admin.js' })).body).toBe('window.dashboard = true;\n');
    expect((await on.inject({ url: '/playground' })).statusCode).toBe(404);
    const unbuilt = await start({ admin: true, web: { webDir: path.join(directory, 'no-web') } });
    expect((await unbuilt.inject({ url: '/admin' })).json().error.code).toBe('web_client_missing');
  });
});
