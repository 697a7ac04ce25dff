import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsStore,
  AnalyticsStoreOptions,
  QuestionEvent,
  QuestionInsight,
} from '../../runtime/analytics/analytics-store.ts';
import { createRedisAnalyticsStore } from '../../runtime/analytics/redis-analytics-store.ts';
import { createSqliteAnalyticsStore } from '../../runtime/analytics/sqlite-analytics-store.ts';
import { hasRedis, redisTestUrl } from '../helpers/test-prerequisites.ts';

const redisUrl = hasRedis('insights store on redis') ? redisTestUrl : undefined;
const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

/** One suite, both stores: a SQLite file (its queries run on a worker thread) and Redis, each with a prefix of its own. */
const stores: [string, ((options?: AnalyticsStoreOptions) => Promise<AnalyticsStore>) | undefined][] = [
  [
    'sqlite',
    async (options) => {
      const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-insights-'));
      directories.push(directory);
      return createSqliteAnalyticsStore(path.join(directory, 'docsmith.sqlite'), options);
    },
  ],
  [
    'redis',
    redisUrl
      ? async (options) =>
          createRedisAnalyticsStore(redisUrl, `test-insights-${Math.random().toString(36).slice(2)}:`, options)
      : undefined,
  ],
];

/** Weights as the site would give them: words the site lacks (saml, okta, zloty) weigh most. */
const WEIGHTS: Record<string, number> = {
  instal: 2,
  cli: 1.5,
  window: 3,
  reset: 2.5,
  password: 2,
  saml: 6,
  sso: 5,
  support: 1,
  okta: 6,
  pay: 2.5,
  zloti: 7,
  coin: 5,
  webhook: 2,
  verifi: 2.5,
  signatur: 3,
};

function insight(terms: string[], extra: Partial<QuestionInsight> = {}): QuestionInsight {
  return { terms, weights: terms.map((term) => WEIGHTS[term] ?? 1), strength: 1, cited: [], ...extra };
}

let sequence = 0;
function question(
  domain: string,
  day: string,
  text: string,
  questionInsight: QuestionInsight,
  extra: Partial<QuestionEvent> = {},
): QuestionEvent {
  sequence += 1;
  return {
    domain,
    threadId: `thr_${sequence}`,
    messageId: `msg_${sequence}`,
    question: text,
    resultCount: 3,
    notFound: false,
    at: new Date(`${day}T10:00:${String(sequence % 60).padStart(2, '0')}Z`),
    insight: questionInsight,
    ...extra,
  };
}

describe.each(stores)('insights on the %s analytics store', (_name, open) => {
  it.skipIf(!open)(
    'groups near-duplicates, counts outcomes per day, ranks gaps and pages, and follows thumbs as they change',
    async () => {
      const store = await (open as NonNullable<typeof open>)({ storeQuestionText: true });
      const domain = `acme-${Math.random().toString(36).slice(2)}`;
      try {
        const install = question(
          domain,
          '2026-11-02',
          'How do I install the CLI?',
          insight(['instal', 'cli'], { cited: ['quickstart', 'cli/configure'] }),
        );
        await store.recordQuestion(install);
        await store.recordQuestion(
          question(domain, '2026-11-02', 'install the cli', insight(['instal', 'cli'], { cited: ['quickstart'] })),
        );
        await store.recordQuestion(
          question(domain, '2026-11-03', 'cli install', insight(['cli', 'instal'], { cited: ['quickstart'] })),
        );
        await store.recordQuestion(
          question(
            domain,
            '2026-11-03',
            'Install CLI on Windows',
            insight(['instal', 'cli', 'window'], { cited: ['quickstart'], strength: 0.3 }),
          ),
        );
        const saml = question(
          domain,
          '2026-11-03',
          'Do you support SAML SSO?',
          insight(['support', 'saml', 'sso'], { strength: 0.1 }),
          { notFound: true, resultCount: 1 },
        );
        await store.recordQuestion(saml);
        await store.recordQuestion(
          question(
            domain,
            '2026-11-04',
            'Is SAML SSO supported with Okta?',
            insight(['saml', 'sso', 'support', 'okta'], { strength: 0.1 }),
            { notFound: true, resultCount: 1 },
          ),
        );
        await store.recordQuestion(
          question(domain, '2026-11-04', 'SAML support?', insight(['saml', 'support'], { strength: 0.2 }), {
            outcome: 'client_aborted',
          }),
        );
        const reset = question(
          domain,
          '2026-11-04',
          'How do I reset my password?',
          insight(['reset', 'password'], { cited: ['account'] }),
        );
        await store.recordQuestion(reset);
        await store.recordQuestion(
          question(domain, '2026-11-04', 'reset password', insight(['reset', 'password'], { cited: ['account'] }), {
            outcome: 'model_error',
          }),
        );
        await store.recordQuestion(
          question(domain, '2026-12-01', 'install the cli', insight(['instal', 'cli'], { cited: ['quickstart'] })),
        );
        const feedback = (event: QuestionEvent, rating: 'up' | 'down', minute: number, comment?: string) =>
          store.recordFeedback({
            domain,
            threadId: event.threadId,
            messageId: event.messageId,
            fingerprint: 'fp-secret-reader',
            rating,
            ...(comment ? { comment } : {}),
            at: new Date(event.at.getTime() + minute * 60_000),
          });
        await feedback(reset, 'down', 1, 'Wrong steps, mail me at jane@example.com');
        await feedback(install, 'down', 1);
        await feedback(install, 'up', 2);
        await feedback(install, 'up', 3);

        const insights = await store.insights({ domain, from: '2026-11-02', to: '2026-11-04' });
        expect(JSON.stringify(insights)).not.toContain('fp-secret-reader');
        expect(insights.totals).toEqual({
          questions: 9,
          answered: 5,
          notFound: 2,
          failed: 1,
          aborted: 1,
          weak: 1,
          up: 1,
          down: 1,
          gaps: 5,
        });
        expect(insights.days).toEqual([
          { day: '2026-11-02', answered: 2, notFound: 0, failed: 0, aborted: 0, up: 1, down: 0 },
          { day: '2026-11-03', answered: 2, notFound: 1, failed: 0, aborted: 0, up: 0, down: 0 },
          { day: '2026-11-04', answered: 1, notFound: 1, failed: 1, aborted: 1, up: 0, down: 1 },
        ]);
        const id = expect.stringMatching(/^[0-9a-f]{12}$/);
        expect(insights.groups).toEqual([
          {
            id,
            representative: 'how do i install the cli',
            terms: ['instal', 'cli'],
            questions: 4,
            outcomes: { answered: 4, notFound: 0, failed: 0, aborted: 0 },
            weak: 1,
            up: 1,
            down: 0,
            gaps: 1,
            pages: [
              { path: 'quickstart', citations: 4 },
              { path: 'cli/configure', citations: 1 },
            ],
          },
          {
            id,
            representative: 'do you support saml sso',
            terms: ['support', 'saml', 'sso'],
            questions: 3,
            outcomes: { answered: 0, notFound: 2, failed: 0, aborted: 1 },
            weak: 0,
            up: 0,
            down: 0,
            gaps: 3,
            pages: [],
          },
          {
            id,
            representative: 'how do i reset my password',
            terms: ['reset', 'password'],
            questions: 2,
            outcomes: { answered: 1, notFound: 0, failed: 1, aborted: 0 },
            weak: 0,
            up: 0,
            down: 1,
            gaps: 1,
            pages: [{ path: 'account', citations: 2 }],
          },
        ]);
        const [installGroup, samlGroup, resetGroup] = insights.groups;
        expect(insights.gaps[0]).toEqual(samlGroup);
        expect(insights.gaps.slice(1)).toEqual(
          [installGroup, resetGroup].sort((left, right) => ((left?.id ?? '') < (right?.id ?? '') ? 1 : -1)),
        );
        expect(insights.pages).toEqual([
          { path: 'quickstart', citations: 4, up: 1, down: 0 },
          { path: 'account', citations: 2, up: 0, down: 1 },
          { path: 'cli/configure', citations: 1, up: 1, down: 0 },
        ]);
        expect(insights.downPages).toEqual([{ path: 'account', citations: 2, up: 0, down: 1 }]);
        expect(insights.citedPaths).toEqual(['account', 'cli/configure', 'quickstart']);
        expect(insights.comments).toEqual([
          {
            at: new Date(reset.at.getTime() + 60_000).toISOString(),
            rating: 'down',
            comment: 'Wrong steps, mail me at [email]',
            groupId: resetGroup?.id,
            question: 'how do i reset my password',
          },
        ]);

        const december = await store.insights({ domain, from: '2026-12-01', to: '2026-12-01' });
        expect(december.groups).toMatchObject([{ id: installGroup?.id, questions: 1 }]);
        expect(await store.insights({ domain: `${domain}-other`, from: '2026-11-01', to: '2026-12-31' })).toMatchObject(
          { totals: { questions: 0 }, groups: [], gaps: [], pages: [], comments: [] },
        );
      } finally {
        await store.close();
      }
    },
  );
});

describe.each(stores)('insights scopes, privacy and retention on the %s store', (_name, open) => {
  it.skipIf(!open)('narrows every list to a version, a language or both', async () => {
    const store = await (open as NonNullable<typeof open>)({ storeQuestionText: true });
    const domain = `scoped-${Math.random().toString(36).slice(2)}`;
    try {
      await store.recordQuestion(
        question(
          domain,
          '2026-11-02',
          'webhook signatures in v2',
          insight(['webhook', 'signatur'], { cited: ['v2/signatures'], version: 'v2', language: 'en' }),
        ),
      );
      await store.recordQuestion(
        question(
          domain,
          '2026-11-02',
          'webhook signatures in v1',
          insight(['webhook', 'signatur'], { cited: ['v1/webhooks'], version: 'v1', language: 'en' }),
        ),
      );
      await store.recordQuestion(
        question(
          domain,
          '2026-11-02',
          'signatures de webhook',
          insight(['webhook', 'signatur'], { cited: ['fr/signatures'], version: 'v2', language: 'fr', strength: 0.2 }),
        ),
      );
      const scoped = async (version?: string, language?: string) => {
        const insights = await store.insights({
          domain,
          from: '2026-11-02',
          to: '2026-11-02',
          ...(version ? { version } : {}),
          ...(language ? { language } : {}),
        });
        return {
          questions: insights.totals.questions,
          weak: insights.totals.weak,
          groups: insights.groups.map((group) => group.questions),
          gaps: insights.gaps.map((group) => group.gaps),
          pages: insights.citedPaths,
        };
      };
      expect(await scoped()).toEqual({
        questions: 3,
        weak: 1,
        groups: [3],
        gaps: [1],
        pages: ['fr/signatures', 'v1/webhooks', 'v2/signatures'],
      });
      expect(await scoped('v2')).toEqual({
        questions: 2,
        weak: 1,
        groups: [2],
        gaps: [1],
        pages: ['fr/signatures', 'v2/signatures'],
      });
      expect(await scoped(undefined, 'en')).toEqual({
        questions: 2,
        weak: 0,
        groups: [2],
        gaps: [],
        pages: ['v1/webhooks', 'v2/signatures'],
      });
      expect(await scoped('v2', 'fr')).toEqual({
        questions: 1,
        weak: 1,
        groups: [1],
        gaps: [1],
        pages: ['fr/signatures'],
      });
      expect(await scoped('v3')).toEqual({ questions: 0, weak: 0, groups: [], gaps: [], pages: [] });
    } finally {
      await store.close();
    }
  });

  it.skipIf(!open)(
    'keeps only the terms of questions unless question text is kept, and scrubs what it keeps',
    async () => {
      const domain = `private-${Math.random().toString(36).slice(2)}`;
      const asked =
        'My card 4111 1111 1111 1111 fails, mail jane@example.com, key sk-proj-4fGh7Jk9Lm2Np5Qr8St1Uv3Wx6Yz0Ab';
      const secrets = ['4111', 'jane', 'example.com', 'sk-proj'];
      for (const storeQuestionText of [false, true]) {
        const store = await (open as NonNullable<typeof open>)({ storeQuestionText });
        try {
          const event = question(
            domain,
            '2026-11-02',
            asked,
            insight(['card', 'number', 'fail', 'mail', 'email', 'key', 'secret']),
          );
          await store.recordQuestion(event);
          await store.recordSearch({ domain, query: `refund for jane@example.com`, resultCount: 0, at: event.at });
          const [group] = (await store.insights({ domain, from: '2026-11-02', to: '2026-11-02' })).groups;
          expect(group?.representative).toBe(
            storeQuestionText
              ? 'my card [number] fails, mail [email], key [secret]'
              : 'card number fail mail email key secret',
          );
          const report = await store.report(domain, new Date('2026-11-01'), new Date('2026-11-03'));
          const stored = JSON.stringify([report.topQuestions, report.zeroResultSearches]);
          for (const secret of secrets) expect(stored).not.toContain(secret);
          expect(report.zeroResultSearches.map((entry) => entry.text)).toContain(
            storeQuestionText ? 'refund for [email]' : 'refund email',
          );
        } finally {
          await store.close();
        }
      }
    },
  );

  it.skipIf(!open)('sweeps the insights of days past retention and the groups no question joined since', async () => {
    const store = await (open as NonNullable<typeof open>)({ storeQuestionText: true });
    const domain = `swept-${Math.random().toString(36).slice(2)}`;
    try {
      const old = question(
        domain,
        '2025-01-05',
        'install the cli',
        insight(['instal', 'cli'], { cited: ['quickstart'] }),
      );
      await store.recordQuestion(old);
      await store.recordQuestion(
        question(domain, '2025-01-05', 'reset password', insight(['reset', 'password'], { cited: ['account'] })),
      );
      await store.recordFeedback({
        domain,
        threadId: old.threadId,
        messageId: old.messageId,
        fingerprint: 'f',
        rating: 'down',
        comment: 'old comment',
        at: old.at,
      });
      await store.recordQuestion(
        question(
          domain,
          '2026-01-05',
          'How do I install the CLI?',
          insight(['instal', 'cli'], { cited: ['quickstart'] }),
        ),
      );
      await store.deleteEventsBefore(new Date('2026-01-01T00:00:00Z'));
      const everything = await store.insights({ domain, from: '2025-01-01', to: '2026-01-31' });
      expect(everything.totals.questions).toBe(1);
      expect(everything.groups).toMatchObject([{ representative: 'install the cli', questions: 1 }]);
      expect(everything.comments).toEqual([]);
      expect(everything.citedPaths).toEqual(['quickstart']);
      await store.recordQuestion(question(domain, '2026-01-06', 'reset password', insight(['reset', 'password'])));
      const reopened = await store.insights({ domain, from: '2026-01-06', to: '2026-01-06' });
      expect(reopened.groups.map((group) => group.representative)).toEqual(['reset password']);
    } finally {
      await store.close();
    }
  });
});
