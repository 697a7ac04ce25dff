import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../bench/bench-helpers.ts';

describe('corpusPath', () => {
  it('reads the corpora under DOCSMITH_SHARED_DIR when it is set, else ../shared beside the checkout', () => {
    expect(corpusPath('mcp', { DOCSMITH_SHARED_DIR: '/data/shared' })).toBe(path.resolve('/data/shared/corpora/mcp'));
    expect(corpusPath('mcp', {})).toBe(path.resolve(import.meta.dirname, '../../../shared/corpora/mcp'));
  });
});
