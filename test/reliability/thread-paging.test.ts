import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

describe('GET …/threads pages', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  it('pages with limit and cursor, and refuses a cursor it did not give out', async () => {
    const app = await fixture.build({ limitStore: 'memory' });
    for (let index = 0; index < 5; index += 1)
      await app.inject(
        askRequest(fixture.keys[0], {
          fp: 'pages',
          messages: [{ role: 'user', content: `Question ${index} about install?` }],
        }),
      );
    const list = (query: string) =>
      app.inject({
        url: `/v1/assistant/example/threads?fp=pages${query}`,
        headers: { authorization: `Bearer ${fixture.keys[0]}` },
      });
    const first = (await list('&limit=2')).json() as { threads: { threadId: string }[]; nextCursor?: string };
    expect(first.threads).toHaveLength(2);
    const second = (await list(`&limit=2&cursor=${first.nextCursor}`)).json() as {
      threads: { threadId: string }[];
      nextCursor?: string;
    };
    const third = (await list(`&limit=2&cursor=${second.nextCursor}`)).json() as {
      threads: { threadId: string }[];
      nextCursor?: string;
    };
    expect(third.nextCursor).toBeUndefined();
    expect(new Set([...first.threads, ...second.threads, ...third.threads].map((thread) => thread.threadId)).size).toBe(
      5,
    );
    for (const query of ['&cursor=bogus', '&limit=0', '&limit=101', '&limit=abc']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('invalid_body');
    }
  });
});
