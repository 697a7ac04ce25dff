import type { AnalyticsStore, QuestionEvent } from '../../runtime/analytics/analytics-store.ts';
import type { AnswerFailureReason } from '../../runtime/assistant/answer-failure.ts';
import type { LoadedSite } from '../../runtime/artifacts/create-artifact-store.ts';
import { answerQuestion } from '../../runtime/assistant/answer-question.ts';
import { createExtractiveModel } from '../../runtime/assistant/extractive-model.ts';

/** One thing readers ask, in the words of several readers, how often, and how they rate the answers. */
interface Intent {
  phrasings: string[];
  /** Questions per day. */
  perDay: number;
  filter?: { version?: string; language?: string };
  /** Share of answers thumbed down (the rest of the rated ones up), and the comment some leave. */
  downShare: number;
  comment?: string;
}

/**
 * A week of what readers of the example site (sites/acme, Acme Relay webhooks) ask: questions the docs answer, some in
 * French or about v1, and questions about what they lack (SAML SSO, a Terraform provider, HIPAA, euros, Kafka, a Ruby
 * SDK), phrased as different readers would. Written for the dashboard's test and screenshots, not tuned to any result.
 */
export const ACME_INTENTS: Intent[] = [
  {
    phrasings: ['How do I install the Relay CLI?', 'install relay cli on mac', 'how to install the cli'],
    perDay: 9,
    downShare: 0.05,
  },
  {
    phrasings: [
      'How do I verify webhook signatures?',
      'verify the signature of a webhook',
      'how is the signature header computed',
    ],
    perDay: 8,
    downShare: 0.1,
  },
  {
    phrasings: [
      'How many times are failed deliveries retried?',
      'retry schedule for deliveries',
      'what is the retry policy',
    ],
    perDay: 6,
    downShare: 0.05,
  },
  {
    phrasings: ['What are the rate limits?', 'rate limit per plan', 'what does 429 rate_limited mean'],
    perDay: 5,
    downShare: 0.1,
  },
  { phrasings: ['How do I run Relay with Docker?', 'docker image for relay'], perDay: 3, downShare: 0.1 },
  {
    phrasings: ['How do I send a message with the Python SDK?', 'python sdk send message'],
    perDay: 3,
    downShare: 0.05,
  },
  {
    phrasings: ['How do idempotency keys work?', 'avoid duplicate deliveries with idempotency'],
    perDay: 2,
    downShare: 0.1,
  },
  { phrasings: ['How do I authenticate API requests?', 'where do I put my API key'], perDay: 3, downShare: 0.05 },
  {
    phrasings: ['Comment vérifier les signatures des webhooks ?', 'vérifier la signature'],
    perDay: 2,
    filter: { language: 'fr' },
    downShare: 0.1,
  },
  {
    phrasings: ['How do I upgrade from v1 to v2?', 'migrate from v1'],
    perDay: 2,
    filter: { version: 'v1' },
    downShare: 0.2,
  },
  {
    phrasings: ['Do you support SAML single sign-on?', 'SAML SSO with Okta', 'is SSO with SAML available for my team'],
    perDay: 4,
    downShare: 0.6,
    comment: 'We need SAML before we can roll this out.',
  },
  {
    phrasings: [
      'Is there a Terraform provider?',
      'terraform provider for relay endpoints',
      'manage endpoints with terraform',
    ],
    perDay: 3,
    downShare: 0.5,
    comment: 'Please document Terraform.',
  },
  { phrasings: ['Is Relay HIPAA compliant?', 'do you sign a HIPAA BAA'], perDay: 2, downShare: 0.6 },
  { phrasings: ['Can I pay in euros?', 'pricing in EUR'], perDay: 2, downShare: 0.4 },
  { phrasings: ['Can Relay deliver events to Kafka?', 'kafka as a destination'], perDay: 2, downShare: 0.5 },
  { phrasings: ['Is there a Ruby SDK?', 'ruby client library'], perDay: 1, downShare: 0.5 },
];

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), state | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Replays `days` days of `ACME_INTENTS` (ending with `lastDay`) through the assistant's own use case (retrieval, the
 * offline answer model, `describeQuestion`) into an analytics store, each question at its time of the day; about a
 * tenth of the answers get a thumb, 3% are abandoned and 1% fail. Resolves to the number of questions.
 */
export async function replayAcmeTraffic(
  site: LoadedSite,
  analytics: AnalyticsStore,
  options: { lastDay: string; days: number; seed?: number },
): Promise<number> {
  const next = random(options.seed ?? 7);
  const model = createExtractiveModel();
  const threads = {
    resolveThread: async () => ({ threadId: `thr_${Math.floor(next() * 1e9).toString(36)}`, isNew: true }),
    appendMessage: async () => undefined,
    recentMessages: async () => [],
  };
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  let count = 0;
  for (let dayIndex = options.days - 1; dayIndex >= 0; dayIndex -= 1) {
    const dayStart = Date.parse(`${options.lastDay}T00:00:00Z`) - dayIndex * 86_400_000;
    for (const intent of ACME_INTENTS) {
      const questions = Math.max(0, Math.round(intent.perDay * (0.6 + next() * 0.8)));
      for (let index = 0; index < questions; index += 1) {
        const at = new Date(dayStart + Math.floor(next() * 86_400_000));
        const question = intent.phrasings[Math.floor(next() * intent.phrasings.length)] as string;
        const roll = next();
        const outcome: AnswerFailureReason | undefined =
          roll < 0.01 ? 'model_error' : roll < 0.04 ? 'client_aborted' : undefined;
        let recorded: QuestionEvent | undefined;
        // An answer that did not complete cites nothing, as the runtime records it.
        const ended = (event: QuestionEvent): QuestionEvent =>
          outcome && event.insight
            ? { ...event, outcome, notFound: false, insight: { ...event.insight, cited: [] } }
            : event;
        const sink = {
          recordQuestion: async (event: QuestionEvent) =>
            analytics.recordQuestion((recorded = { ...ended(event), at })),
        };
        const body = {
          fp: `reader-${Math.floor(next() * 500)}`,
          messages: [{ id: 'q', role: 'user' as const, content: question }],
          ...(intent.filter ? { filter: intent.filter } : {}),
        };
        const { stream } = await answerQuestion({
          site,
          body,
          protocol: 'data',
          model,
          sinks: { threads, analytics: sink, log },
        });
        const reader = stream.body.getReader();
        while (!(await reader.read()).done);
        count += 1;
        if (!recorded || outcome || next() > 0.12 + intent.downShare / 2) continue;
        const rating = next() < intent.downShare ? 'down' : 'up';
        const comment = rating === 'down' && intent.comment && next() < 0.5 ? intent.comment : undefined;
        await analytics.recordFeedback({
          domain: site.domain,
          threadId: recorded.threadId,
          messageId: recorded.messageId,
          fingerprint: body.fp,
          rating,
          ...(comment ? { comment } : {}),
          at: new Date(at.getTime() + 60_000),
        });
      }
    }
  }
  return count;
}
