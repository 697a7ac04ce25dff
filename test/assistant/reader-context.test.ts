import { describe, expect, it } from 'vitest';
import { readerPagePath } from '../../runtime/assistant/reader-context.ts';

describe('the page the reader is on', () => {
  it("is the request's currentPath, else the page a selection of its context comes from", () => {
    expect(
      readerPagePath('/sdk/python/quickstart', [
        { type: 'code', value: 'import turso', path: 'sdk/php/quickstart.mdx' },
      ]),
    ).toBe('/sdk/python/quickstart');
    expect(
      readerPagePath(null, [
        { type: 'textSelection', value: 'no path' },
        { type: 'code', value: 'import turso', path: 'sdk/python/quickstart.mdx' },
      ]),
    ).toBe('sdk/python/quickstart.mdx');
    expect(readerPagePath('  ', [{ type: 'code', value: 'x', path: '/guides/setup' }])).toBe('/guides/setup');
    expect(readerPagePath(undefined, [{ type: 'code', value: 'x', path: ' ' }])).toBeUndefined();
    expect(readerPagePath(undefined, null)).toBeUndefined();
  });
});
