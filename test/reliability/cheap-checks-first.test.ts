import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

describe('cheap checks run before the limits', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  it('answers an invalid body or a whitespace-only question with 400 and counts it against no limit', async () => {
    const app = await fixture.build({ limitStore: 'memory', limits: { perKeyPerMonth: 1 } });
    const [key] = fixture.keys;
    const refusals = [
      { fp: 'fp', messages: [{ role: 'user', content: '   \n\t ' }] },
      { fp: 'fp', messages: [{ role: 'user', parts: [{ type: 'text', text: ' ' }] }] },
      { fp: 'fp', messages: [{ role: 'assistant', content: 'only me' }] },
      { fp: 'fp', messages: [] },
      '{"fp":',
    ];
    for (const body of refusals) {
      const response = await app.inject(askRequest(key, body));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('invalid_body');
    }
    const answered = await app.inject(
      askRequest(key, { fp: 'fp', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }),
    );
    expect(answered.statusCode).toBe(200);
  });

  it('answers a blank or invalid search with 400 and counts it against no limit', async () => {
    const app = await fixture.build({ limitStore: 'memory', limits: { perKeyPerMonth: 1 } });
    const [, key] = fixture.keys;
    const search = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/v1/search/example',
        headers: { authorization: `Bearer ${key}` },
        payload: payload as Record<string, unknown>,
      });
    for (const payload of [{ query: '  \n ' }, { query: '' }, { query: 1 }, {}])
      expect((await search(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await search({ query: 'install' })).statusCode).toBe(200);
  });
});
