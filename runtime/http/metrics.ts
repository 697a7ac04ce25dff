import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ANSWER_FAILURE_REASONS, type AnswerFailureReason } from '../assistant/answer-failure.ts';

/** The runtime's Prometheus metrics, served on GET /metrics. */
export interface Metrics {
  observeRequest(route: string, status: number, seconds: number): void;
  addTokens(input: number, output: number): void;
  limitHit(scope: string): void;
  /** Counts an answer that did not complete, by reason. */
  answerFailed(reason: AnswerFailureReason): void;
  /** The exposition text of every metric. */
  render(): Promise<string>;
  /** Content type of `render()`'s text. */
  contentType: string;
}

/**
 * Creates the metrics on their own prom-client registry (one per app, so tests and several apps in a process never
 * clash): requests by route and status, a latency histogram by route, answer-model tokens, limit hits, answers that
 * did not complete by reason (each reason listed from 0, so a rate over it works from the start), and the
 * process metrics (CPU, memory, event-loop lag, GC) under the `docsmith_` prefix.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docsmith_' });
  const requests = new Counter({
    name: 'docsmith_requests_total',
    help: 'HTTP requests by route and status.',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'docsmith_request_duration_seconds',
    help: 'Time to the end of the response, by route (a streamed answer counts until its last byte).',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'docsmith_tokens_total',
    help: 'Tokens of the answer model, by direction.',
    labelNames: ['direction'] as const,
    registers: [registry],
  });
  const limitHits = new Counter({
    name: 'docsmith_limit_hits_total',
    help: 'Requests refused by a rate limit, by scope.',
    labelNames: ['scope'] as const,
    registers: [registry],
  });
  const answerFailures = new Counter({
    name: 'docsmith_answer_failures_total',
    help: 'Answers that did not complete, by reason: model_error, timeout, client_aborted, shutdown, not_stored (the HTTP status was 200 already; the stream ended with an error part).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const reason of ANSWER_FAILURE_REASONS) answerFailures.inc({ reason }, 0);
  tokens.inc({ direction: 'input' }, 0);
  tokens.inc({ direction: 'output' }, 0);
  return {
    observeRequest(route, status, seconds) {
      requests.inc({ route, status: String(status) });
      latency.observe({ route }, seconds);
    },
    addTokens(input, output) {
      tokens.inc({ direction: 'input' }, input);
      tokens.inc({ direction: 'output' }, output);
    },
    limitHit(scope) {
      limitHits.inc({ scope });
    },
    answerFailed(reason) {
      answerFailures.inc({ reason });
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
