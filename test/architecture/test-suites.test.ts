import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_SUITES } from '../../vitest.config.ts';
import { sourceFiles } from '../helpers/source-files.ts';

describe('the suites `npm run test:fast` leaves out (vitest.config.ts)', () => {
  it('each name test files that exist, so a renamed suite does not slip into the fast loop unnoticed', () => {
    const tests = sourceFiles(['test'])
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => file.endsWith('.test.ts'));
    const stale = SLOW_SUITES.filter(
      (suite) => !tests.some((file) => (suite.endsWith('/**') ? file.startsWith(suite.slice(0, -2)) : file === suite)),
    );
    expect(stale).toEqual([]);
  });
});
