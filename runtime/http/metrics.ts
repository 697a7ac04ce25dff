/** In-process counters exposed as Prometheus text on GET /metrics. */
export interface Metrics {
  observeRequest(route: string, status: number, seconds: number): void;
  addTokens(input: number, output: number): void;
  limitHit(scope: string): void;
  render(): string;
}

/** Creates the counters: requests by route and status, latency sum/count by route, tokens, limit hits. */
export function createMetrics(): Metrics {
  const requests = new Map<string, number>();
  const latency = new Map<string, { sum: number; count: number }>();
  const limitHits = new Map<string, number>();
  const tokens = { input: 0, output: 0 };
  const increment = (map: Map<string, number>, key: string): void => {
    map.set(key, (map.get(key) ?? 0) + 1);
  };
  return {
    observeRequest(route, status, seconds) {
      increment(requests, `route="${route}",status="${status}"`);
      const entry = latency.get(route) ?? { sum: 0, count: 0 };
      entry.sum += seconds;
      entry.count += 1;
      latency.set(route, entry);
    },
    addTokens(input, output) {
      tokens.input += input;
      tokens.output += output;
    },
    limitHit(scope) {
      increment(limitHits, `scope="${scope}"`);
    },
    render() {
      const lines = [
        '# HELP docsmith_requests_total HTTP requests by route and status.',
        '# TYPE docsmith_requests_total counter',
        ...[...requests].map(([labels, count]) => `docsmith_requests_total{${labels}} ${count}`),
        '# HELP docsmith_request_duration_seconds Time to the end of the response, by route.',
        '# TYPE docsmith_request_duration_seconds summary',
        ...[...latency].flatMap(([route, entry]) => [
          `docsmith_request_duration_seconds_sum{route="${route}"} ${entry.sum.toFixed(6)}`,
          `docsmith_request_duration_seconds_count{route="${route}"} ${entry.count}`,
        ]),
        '# HELP docsmith_tokens_total Tokens of the answer model, by direction.',
        '# TYPE docsmith_tokens_total counter',
        `docsmith_tokens_total{direction="input"} ${tokens.input}`,
        `docsmith_tokens_total{direction="output"} ${tokens.output}`,
        '# HELP docsmith_limit_hits_total Requests refused by a rate limit, by scope.',
        '# TYPE docsmith_limit_hits_total counter',
        ...[...limitHits].map(([labels, count]) => `docsmith_limit_hits_total{${labels}} ${count}`),
      ];
      return `${lines.join('\n')}\n`;
    },
  };
}
