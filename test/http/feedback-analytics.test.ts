import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnalyticsStore } from '../../runtime/analytics/analytics-store.ts';
import { createRedisAnalyticsStore } from '../../runtime/analytics/redis-analytics-store.ts';
import { createSqliteAnalyticsStore } from '../../runtime/analytics/sqlite-analytics-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { startKeyedTestApp, type KeyedTestApp } from '../helpers/keyed-test-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';
import { hasRedis, redisTestUrl } from '../helpers/test-prerequisites.ts';

describe('feedback and analytics over HTTP', () => {
  let testApp: KeyedTestApp;
  let app: FastifyInstance;
  let key: string;
  let adminKey: string;
  beforeAll(async () => {
    testApp = await startKeyedTestApp({ prefix: 'docsmith-analytics-', app: { storeQuestionText: true } });
    ({ app, key } = testApp);
    adminKey = testApp.keys.create({ domains: ['example'], org: 'org', admin: true }).key;
  });
  afterAll(() => testApp.close());
  const post = (url: string, body: unknown) =>
    app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload: body as object });
  const ask = async (fp: string, question: string): Promise<{ threadId: string; messageId: string }> => {
    const response = await post('/v1/assistant/example/message', {
      fp,
      messages: [{ role: 'user', content: question }],
    });
    return {
      threadId: response.headers['x-thread-id'] as string,
      messageId: /f:\{"messageId":"([^"]+)"/.exec(response.body)?.[1] ?? '',
    };
  };

  it('stores thumbs on an answer of the caller’s thread and reports questions, not-found answers, feedback and zero-result searches', async () => {
    const first = await ask('fp-a', 'How do I install the CLI?');
    await ask('fp-b', 'how do I install the CLI');
    await ask('fp-c', 'Can I pay with zloty coins xyzzy?');
    await post('/v1/search/example', { query: 'qwertyuiop' });
    const feedback = await post('/v1/assistant/example/feedback', {
      fp: 'fp-a',
      threadId: first.threadId,
      messageId: first.messageId,
      rating: 'down',
      comment: 'Missing the Windows steps',
    });
    expect(feedback.statusCode).toBe(201);
    expect(
      (
        await post('/v1/assistant/example/feedback', {
          fp: 'fp-a',
          threadId: first.threadId,
          messageId: first.messageId,
          rating: 'up',
        })
      ).statusCode,
    ).toBe(201);

    const forbidden = await app.inject({
      url: '/v1/analytics/example/questions',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('admin_required');
    const report = await app.inject({
      url: '/v1/analytics/example/questions?from=2020-01-01',
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body.questions).toBe(3);
    expect(body.topQuestions[0]).toEqual({ text: 'how do i install the cli', count: 2 });
    expect(body.notFoundQuestions).toEqual([{ text: 'can i pay with zloty coins xyzzy', count: 1 }]);
    expect(body.feedback).toMatchObject({
      up: 1,
      down: 1,
      comments: [{ messageId: first.messageId, rating: 'down', comment: 'Missing the Windows steps' }],
    });
    expect(body.zeroResultSearches.map((entry: { text: string }) => entry.text)).toContain('qwertyuiop');
    const empty = await app.inject({
      url: '/v1/analytics/example/questions?from=2020-01-01&to=2020-02-01',
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(empty.json()).toMatchObject({ questions: 0, topQuestions: [], feedback: { up: 0, down: 0 } });
  });

  it('counts feedback given in the same millisecond as the report that follows it', async () => {
    const answer = await ask('fp-same-ms', 'billing invoices');
    const admin = { authorization: `Bearer ${adminKey}` };
    const before = (await app.inject({ url: '/v1/analytics/example/questions', headers: admin })).json().feedback;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await post('/v1/assistant/example/feedback', {
        fp: 'fp-same-ms',
        threadId: answer.threadId,
        messageId: answer.messageId,
        rating: 'up',
      });
      const after = (await app.inject({ url: '/v1/analytics/example/questions', headers: admin })).json().feedback;
      expect(after.up).toBe(before.up + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses feedback on another fingerprint’s thread (404) and malformed ratings or ranges (400)', async () => {
    const answer = await ask('fp-owner', 'billing invoices');
    const stolen = await post('/v1/assistant/example/feedback', {
      fp: 'fp-thief',
      threadId: answer.threadId,
      messageId: answer.messageId,
      rating: 'up',
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('unknown_message');
    const badRating = await post('/v1/assistant/example/feedback', {
      fp: 'fp-owner',
      threadId: answer.threadId,
      messageId: answer.messageId,
      rating: 'meh',
    });
    expect(badRating.json().error).toEqual({
      code: 'invalid_body',
      message: 'Invalid request body: `rating` must be one of: up, down.',
      field: 'rating',
    });
    const badRange = await app.inject({
      url: '/v1/analytics/example/questions?from=2026-02-01&to=2026-01-01',
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(badRange.statusCode).toBe(400);
  });

  it('checks the key (and the admin flag) before the body or query, like the message routes', async () => {
    const anonymousFeedback = await app.inject({
      method: 'POST',
      url: '/v1/assistant/example/feedback',
      payload: { rating: 'meh' },
    });
    expect(anonymousFeedback.statusCode).toBe(401);
    expect(anonymousFeedback.json().error.code).toBe('missing_key');
    const anonymousReport = await app.inject({ url: '/v1/analytics/example/questions?limit=lots' });
    expect(anonymousReport.json().error.code).toBe('missing_key');
    const notAdmin = await app.inject({
      url: '/v1/analytics/example/questions?limit=lots',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(notAdmin.json().error.code).toBe('admin_required');
    const otherDomain = await app.inject({
      url: '/v1/analytics/elsewhere/questions?limit=lots',
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(otherDomain.json().error.code).toBe('forbidden_domain');
    const admin = await app.inject({
      url: '/v1/analytics/example/questions?limit=lots',
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(admin.json().error).toMatchObject({ code: 'invalid_body', field: 'limit' });
  });
});

describe('the feedback budget', () => {
  let testApp: KeyedTestApp;
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    testApp = await startKeyedTestApp({ prefix: 'docsmith-feedback-limit-', app: { limits: { perKeyPerMonth: 3 } } });
    ({ app, key } = testApp);
  });
  afterAll(() => testApp.close());
  const post = (url: string, body: unknown) =>
    app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload: body as object });

  it('limits feedback calls (429 with Retry-After) on counters of their own, so rating never spends the answers’ quota', async () => {
    const asked = await post('/v1/assistant/example/message', {
      fp: 'fp',
      messages: [{ role: 'user', content: 'How do I install the CLI?' }],
    });
    const rating = {
      fp: 'fp',
      threadId: asked.headers['x-thread-id'],
      messageId: /f:\{"messageId":"([^"]+)"/.exec(asked.body)?.[1],
      rating: 'up',
    };
    const statuses: number[] = [];
    for (let call = 0; call < 5; call += 1)
      statuses.push((await post('/v1/assistant/example/feedback', rating)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await post('/v1/assistant/example/feedback', rating);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('monthly feedback limit of this key'),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    const invalid = await post('/v1/assistant/example/feedback', { ...rating, rating: 'meh' });
    expect(invalid.json().error.code).toBe('invalid_body');
    for (const question of ['billing', 'webhooks'])
      expect(
        (await post('/v1/assistant/example/message', { fp: 'fp', messages: [{ role: 'user', content: question }] }))
          .statusCode,
      ).toBe(200);
  });
});

const backends: [string, (() => AnalyticsStore) | undefined][] = [
  ['sqlite', () => createSqliteAnalyticsStore(':memory:')],
  [
    'redis',
    hasRedis('analytics store on redis')
      ? () => createRedisAnalyticsStore(redisTestUrl as string, `docsmith-test:${Math.random().toString(36).slice(2)}:`)
      : undefined,
  ],
];

describe.each(backends)('analytics store on %s', (_name, open) => {
  it.skipIf(!open)('keeps events apart per domain and time range', async () => {
    const store = (open as () => AnalyticsStore)();
    try {
      const day = (date: string) => new Date(`${date}T12:00:00Z`);
      await store.recordQuestion({
        domain: 'a',
        threadId: 't',
        messageId: 'm1',
        question: 'Deploy?',
        resultCount: 3,
        notFound: false,
        at: day('2026-01-05'),
      });
      await store.recordQuestion({
        domain: 'a',
        threadId: 't',
        messageId: 'm2',
        question: 'deploy',
        resultCount: 0,
        notFound: true,
        at: day('2026-01-06'),
      });
      await store.recordQuestion({
        domain: 'b',
        threadId: 't',
        messageId: 'm3',
        question: 'deploy',
        resultCount: 3,
        notFound: false,
        at: day('2026-01-06'),
      });
      await store.recordQuestion({
        domain: 'a',
        threadId: 't',
        messageId: 'm4',
        question: 'later',
        resultCount: 3,
        notFound: false,
        at: day('2026-03-01'),
      });
      await store.recordFeedback({
        domain: 'a',
        threadId: 't',
        messageId: 'm1',
        fingerprint: 'f',
        rating: 'up',
        at: day('2026-01-05'),
      });
      const report = await store.report('a', new Date('2026-01-01'), new Date('2026-02-01'));
      expect(report).toMatchObject({
        questions: 2,
        topQuestions: [{ text: 'deploy', count: 2 }],
        notFoundQuestions: [{ text: 'deploy', count: 1 }],
        feedback: { up: 1, down: 0 },
        zeroResultSearches: [{ text: 'deploy', count: 1 }],
      });
      await store.ping();
    } finally {
      await store.close();
    }
  });
  it.skipIf(!open)('counts the answers that did not complete by reason, and every question asked', async () => {
    const store = (open as () => AnalyticsStore)();
    try {
      const at = new Date('2026-02-10T12:00:00Z');
      const domain = `outcomes-${Math.random().toString(36).slice(2)}`;
      await store.recordQuestion({
        domain,
        threadId: 't',
        messageId: 'm1',
        question: 'Deploy?',
        resultCount: 3,
        notFound: false,
        outcome: 'answered',
        at,
      });
      await store.recordQuestion({
        domain,
        threadId: 't',
        messageId: 'm2',
        question: 'Deploy?',
        resultCount: 3,
        notFound: false,
        outcome: 'timeout',
        at,
      });
      await store.recordQuestion({
        domain,
        threadId: 't',
        messageId: 'm3',
        question: 'Billing?',
        resultCount: 3,
        notFound: false,
        outcome: 'model_error',
        at,
      });
      await store.recordQuestion({
        domain,
        threadId: 't',
        messageId: 'm4',
        question: 'Billing?',
        resultCount: 3,
        notFound: false,
        outcome: 'model_error',
        at,
      });
      await store.recordQuestion({
        domain,
        threadId: 't',
        messageId: 'm5',
        question: 'Older clients',
        resultCount: 3,
        notFound: false,
        at,
      });
      const report = await store.report(domain, new Date('2026-02-01'), new Date('2026-03-01'));
      expect(report.questions).toBe(5);
      expect(report.answerFailures).toEqual({ timeout: 1, model_error: 2 });
    } finally {
      await store.close();
    }
  });
  it.skipIf(!open)('deletes the events recorded before a cut-off (retention sweep) and keeps the rest', async () => {
    const store = (open as () => AnalyticsStore)();
    try {
      const at = (date: string) => new Date(`${date}T12:00:00Z`);
      await store.recordQuestion({
        domain: 'a',
        threadId: 't',
        messageId: 'm1',
        question: 'old',
        resultCount: 0,
        notFound: true,
        at: at('2025-01-05'),
      });
      await store.recordFeedback({
        domain: 'a',
        threadId: 't',
        messageId: 'm1',
        fingerprint: 'f',
        rating: 'down',
        comment: 'old',
        at: at('2025-01-05'),
      });
      await store.recordSearch({ domain: 'b', query: 'old search', resultCount: 0, at: at('2025-01-05') });
      await store.recordQuestion({
        domain: 'a',
        threadId: 't',
        messageId: 'm2',
        question: 'new',
        resultCount: 0,
        notFound: true,
        at: at('2026-01-05'),
      });
      await store.recordFeedback({
        domain: 'a',
        threadId: 't',
        messageId: 'm2',
        fingerprint: 'f',
        rating: 'up',
        at: at('2026-01-05'),
      });
      await store.recordSearch({ domain: 'b', query: 'new search', resultCount: 0, at: at('2026-01-05') });
      expect(await store.deleteEventsBefore(at('2026-01-01'))).toBe(3);
      expect(await store.deleteEventsBefore(at('2026-01-01'))).toBe(0);
      const everything = [new Date('2000-01-01'), new Date('2100-01-01')] as const;
      expect(await store.report('a', ...everything)).toMatchObject({
        questions: 1,
        topQuestions: [{ text: 'new', count: 1 }],
        feedback: { up: 1, down: 0, comments: [] },
      });
      expect((await store.report('b', ...everything)).zeroResultSearches).toEqual([{ text: 'new search', count: 1 }]);
    } finally {
      await store.close();
    }
  });
});

describe('analytics retention in the app', () => {
  it.each([
    [undefined, 0],
    [0, 1],
  ])(
    'with analyticsRetentionDays %s keeps %i of the events older than 400 days after the sweep at start',
    async (analyticsRetentionDays, kept) => {
      const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-analytics-retention-'));
      try {
        await publishTestSite(path.join(directory, 'dist'), 'example');
        const seeded = createSqliteAnalyticsStore(path.join(directory, 'data', 'docsmith.sqlite'));
        await seeded.recordQuestion({
          domain: 'example',
          threadId: 't',
          messageId: 'm',
          question: 'ancient',
          resultCount: 1,
          notFound: false,
          at: new Date(Date.now() - 401 * 86_400_000),
        });
        await seeded.close();
        const app = await buildApp({
          artifactsDir: path.join(directory, 'dist'),
          dataDir: path.join(directory, 'data'),
          logger: false,
          limitStore: 'memory',
          ...(analyticsRetentionDays !== undefined ? { analyticsRetentionDays } : {}),
        });
        await app.close();
        const reopened = createSqliteAnalyticsStore(path.join(directory, 'data', 'docsmith.sqlite'));
        expect((await reopened.report('example', new Date('2000-01-01'), new Date())).questions).toBe(kept);
        await reopened.close();
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  );
});
