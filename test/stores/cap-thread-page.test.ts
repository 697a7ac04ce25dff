import { describe, expect, it } from 'vitest';
import { capThreadPage } from '../../runtime/threads/cap-thread-page.ts';
import { decodeThreadCursor, type Thread } from '../../runtime/threads/thread-store.ts';

const thread = (index: number, messages: number, size: number): Thread => ({
  threadId: `thr_${String(index).padStart(20, '0')}`,
  domain: 'd',
  fp: 'f',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: `2026-11-23T10:00:${String(59 - index).padStart(2, '0')}.000Z`,
  messages: Array.from({ length: messages }, (_, message) => ({
    id: `m${message}`,
    role: 'user',
    text: 'x'.repeat(size),
    sources: [],
    createdAt: '2026-11-23T10:00:00.000Z',
  })),
});

describe('capThreadPage', () => {
  it('moves threads past the byte budget to the next page, with a cursor after the last shown', () => {
    const page = capThreadPage({ threads: [thread(0, 2, 400), thread(1, 2, 400), thread(2, 2, 400)] }, 2600);
    expect(page.threads.map((entry) => entry.threadId)).toEqual([thread(0, 0, 0).threadId, thread(1, 0, 0).threadId]);
    expect(decodeThreadCursor(page.nextCursor)).toEqual({
      updatedAt: thread(1, 0, 0).updatedAt,
      threadId: thread(1, 0, 0).threadId,
    });
  });

  it('shrinks a single thread over the budget from its oldest messages and counts them', () => {
    const page = capThreadPage({ threads: [{ ...thread(0, 10, 1000), omittedMessages: 5 }] }, 3000);
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(3500);
    expect(page.threads[0]?.messages.at(-1)?.id).toBe('m9');
    expect(page.threads[0]?.omittedMessages).toBe(5 + 10 - (page.threads[0]?.messages.length ?? 0));
    expect(page.nextCursor).toBeUndefined();
  });

  it('keeps a page under the budget as it is', () => {
    const original = { threads: [thread(0, 1, 10)], nextCursor: 'abc' };
    expect(capThreadPage(original)).toEqual(original);
  });
});
