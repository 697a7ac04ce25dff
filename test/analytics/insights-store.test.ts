import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore, AnalyticsStoreOptions, QuestionEvent, QuestionInsight } from '../../runtime/analytics/analytics-store.ts';
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
  ['redis', redisUrl ? async (options) => createRedisAnalyticsStore(redisUrl, `test-insights-${Math.random().toString(36).slice(2)}:`, options) : undefined],
];

/** Weights as the site would give them: words the site lacks (saml, okta, zloty) weigh most. */
const WEIGHTS: Record<string, number> = { instal: 2, cli: 1.5, window: 3, reset: 2.5, password: 2, saml: 6, sso: 5, support: 1, okta: 6, pay: 2.5, zloti: 7, coin: 5, webhook: 2, verifi: 2.5, signatur: 3 };

function insight(terms: string[], extra: Partial<QuestionInsight> = {}): QuestionInsight {
  return { terms, weights: terms.map((term) => WEIGHTS[term] ?? 1), strength: 1, cited: [], ...extra };
}

let sequence = 0;
function question(domain: string, day: string, text: string, questionInsight: QuestionInsight, extra: Partial<QuestionEvent> = {}): QuestionEvent {
  sequence += 1;
  return { domain, threadId: `thr_${sequence}`, messageId: `msg_${sequence}`, question: text, resultCount: 3, notFound: false, at: new Date(`${day}T10:00:${String(sequence % 60).padStart(2, '0')}Z`), insight: questionInsight, ...extra };
}

describe.each(stores)('insights on the %s analytics store', (_name, open) => {
  it.skipIf(!open)('groups near-duplicates, counts outcomes per day, ranks gaps and pages, and follows thumbs as they change', async () => {
    const store = await (open as NonNullable<typeof open>)({ storeQuestionText: true });
    const domain = `acme-${Math.random().toString(36).slice(2)}`;
    try {
      const install = question(domain, '2026-11-02', 'How do I install the CLI?', insight(['instal', 'cli'], { cited: ['quickstart', 'cli/configure'] }));
      await store.recordQuestion(install);
      await store.recordQuestion(question(domain, '2026-11-02', 'install the cli', insight(['instal', 'cli'], { cited: ['quickstart'] })));
      await store.recordQuestion(question(domain, '2026-11-03', 'cli install', insight(['cli', 'instal'], { cited: ['quickstart'] })));
      await store.recordQuestion(question(domain, '2026-11-03', 'Install CLI on Windows', insight(['instal', 'cli', 'window'], { cited: ['quickstart'], strength: 0.4 })));
      const saml = question(domain, '2026-11-03', 'Do you support SAML SSO?', insight(['support', 'saml', 'sso'], { strength: 0.1 }), { notFound: true, resultCount: 1 });
      await store.recordQuestion(saml);
      await store.recordQuestion(question(domain, '2026-11-04', 'Is SAML SSO supported with Okta?', insight(['saml', 'sso', 'support', 'okta'], { strength: 0.1 }), { notFound: true, resultCount: 1 }));
      await store.recordQuestion(question(domain, '2026-11-04', 'SAML support?', insight(['saml', 'support'], { strength: 0.2 }), { outcome: 'aborted' }));
      const reset = question(domain, '2026-11-04', 'How do I reset my password?', insight(['reset', 'password'], { cited: ['account'] }));
      await store.recordQuestion(reset);
      await store.recordQuestion(question(domain, '2026-11-04', 'reset password', insight(['reset', 'password'], { cited: ['account'] }), { outcome: 'failed' }));
      await store.recordQuestion(question(domain, '2026-12-01', 'install the cli', insight(['instal', 'cli'], { cited: ['quickstart'] })));
      const feedback = (event: QuestionEvent, rating: 'up' | 'down', minute: number, comment?: string) =>
        store.recordFeedback({ domain, threadId: event.threadId, messageId: event.messageId, fp: 'fp-secret-reader', rating, ...(comment ? { comment } : {}), at: new Date(event.at.getTime() + minute * 60_000) });
      await feedback(reset, 'down', 1, 'Wrong steps, mail me at jane@example.com');
      await feedback(install, 'down', 1);
      await feedback(install, 'up', 2);
      await feedback(install, 'up', 3);

      const insights = await store.insights({ domain, from: '2026-11-02', to: '2026-11-04' });
      expect(JSON.stringify(insights)).not.toContain('fp-secret-reader');
      expect(insights.totals).toEqual({ questions: 9, answered: 5, notFound: 2, failed: 1, aborted: 1, weak: 1, up: 1, down: 1, gaps: 5 });
      expect(insights.days).toEqual([
        { day: '2026-11-02', answered: 2, notFound: 0, failed: 0, aborted: 0, up: 1, down: 0 },
        { day: '2026-11-03', answered: 2, notFound: 1, failed: 0, aborted: 0, up: 0, down: 0 },
        { day: '2026-11-04', answered: 1, notFound: 1, failed: 1, aborted: 1, up: 0, down: 1 },
      ]);
      expect(insights.groups.map((group) => [group.representative, group.questions])).toEqual([
        ['how do i install the cli', 4],
        ['do you support saml sso', 3],
        ['how do i reset my password', 2],
      ]);
      const [installGroup, samlGroup, resetGroup] = insights.groups;
      expect(installGroup).toMatchObject({ terms: ['instal', 'cli'], outcomes: { answered: 4, notFound: 0, failed: 0, aborted: 0 }, weak: 1, up: 1, down: 0, gaps: 1, pages: [{ path: 'quickstart', citations: 4 }, { path: 'cli/configure', citations: 1 }] });
      expect(samlGroup).toMatchObject({ terms: ['support', 'saml', 'sso'], outcomes: { answered: 0, notFound: 2, failed: 0, aborted: 1 }, weak: 0, gaps: 3, pages: [] });
      expect(resetGroup).toMatchObject({ outcomes: { answered: 1, notFound: 0, failed: 1, aborted: 0 }, down: 1, gaps: 1, pages: [{ path: 'account', citations: 2 }] });
      expect(insights.gaps[0]).toEqual(samlGroup);
      expect(insights.gaps.slice(1)).toEqual([installGroup, resetGroup].sort((left, right) => ((left?.id ?? '') < (right?.id ?? '') ? 1 : -1)));
      expect(insights.pages).toEqual([
        { path: 'quickstart', citations: 4, up: 1, down: 0 },
        { path: 'account', citations: 2, up: 0, down: 1 },
        { path: 'cli/configure', citations: 1, up: 1, down: 0 },
      ]);
      expect(insights.downPages).toEqual([{ path: 'account', citations: 2, up: 0, down: 1 }]);
      expect(insights.citedPaths).toEqual(['account', 'cli/configure', 'quickstart']);
      expect(insights.comments).toEqual([{ at: new Date(reset.at.getTime() + 60_000).toISOString(), rating: 'down', comment: 'Wrong steps, mail me at [email]', groupId: resetGroup?.id, question: 'how do i reset my password' }]);

      const december = await store.insights({ domain, from: '2026-12-01', to: '2026-12-01' });
      expect(december.groups).toMatchObject([{ id: installGroup?.id, questions: 1 }]);
      expect(await store.insights({ domain: `${domain}-other`, from: '2026-11-01', to: '2026-12-31' })).toMatchObject({ totals: { questions: 0 }, groups: [], gaps: [], pages: [], comments: [] });
    } finally {
      await store.close();
    }
  });
});
