import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureHealthUnderBurst } from '../../bench/serve/stream-burst.ts';
import { percentile } from '../../bench/bench-helpers.ts';
import { createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

const STREAMS = 500;
const QUESTIONS = [
  'How do I install the CLI?',
  'Where are invoices sent?',
  'How do I skip login in CI?',
  'Where does the CLI read its settings?',
];

describe('health and readiness under a burst of answer streams', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  it(
    `keeps the event loop turning while ${STREAMS} streams opened at once are answered, so probes are answered throughout`,
    { timeout: 120_000 },
    async () => {
      const app = await fixture.build({
        limitStore: 'memory',
        limits: { perKeyPerMonth: 1e9, perOrgPerHour: 1e9, perIpPerDay: 1e9 },
      });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const request = (index: number) => ({
        path: '/v1/assistant/example/message',
        headers: { authorization: `Bearer ${fixture.keys[index % 2]}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          fp: `burst-${index}`,
          messages: [{ role: 'user', content: QUESTIONS[index % QUESTIONS.length] }],
        }),
      });
      await fetch(`${url}/v1/assistant/example/message`, {
        method: 'POST',
        headers: request(0).headers,
        body: request(0).body,
      }).then((response) => response.text());
      const figures = await measureHealthUnderBurst(url, STREAMS, request);
      const probes = [...figures.healthMs, ...figures.readyMs];
      console.log(
        `health under a burst of ${STREAMS} streams (answered ${figures.answered} in ${figures.burstMs.toFixed(0)} ms): ${probes.length} probes, p50 ${percentile(probes, 50).toFixed(1)} ms, max ${Math.max(...probes).toFixed(1)} ms; ` +
          `event loop max stall ${figures.maxStallMs.toFixed(1)} ms (p99 ${figures.p99StallMs.toFixed(1)} ms)`,
      );
      expect(figures.answered).toBe(STREAMS);
      expect(figures.failedProbes).toBe(0);
      // Probes go one at a time until the burst ends. Composed back to back (answers not taking turns), the burst held
      // the loop: one probe waited 5.4 s of a 5.5 s burst and 7 were answered in all; taking turns, 140 to 170 are, at
      // load averages of 6 to 15. How long the loop stalls is measured by `npm run bench -- burst` (bar: 100 ms).
      expect(probes.length).toBeGreaterThanOrEqual(30);
    },
  );
});
