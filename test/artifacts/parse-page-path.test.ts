import { describe, expect, it } from 'vitest';
import { parsePagePath } from '../../runtime/artifacts/parse-page-path.ts';

describe('parsePagePath: the page a caller names, never a file outside pages/', () => {
  it.each([
    ['cli/configure', 'cli/configure'],
    ['/cli/configure.md', 'cli/configure'],
    ['/cli/configure#tokens-in-ci', 'cli/configure'],
    ['cli/configure/', 'cli/configure'],
    ['/', 'index'],
    ['guides/My Page', 'guides/My Page'],
    ['api/get-user@v2', 'api/get-user@v2'],
    ['概要/はじめに', '概要/はじめに'],
    ['/etc/passwd', 'etc/passwd'],
  ])('%j is the page %j', (requested, page) => {
    expect(parsePagePath(requested)).toBe(page);
  });

  it.each([
    '../x',
    'a/../b',
    'a/./b',
    '....//m',
    '.well-known/x',
    'a//b',
    'C:\\Windows\\win.ini',
    'a/%2e%2e/b',
    'x?y',
    '\0',
    'a\nb',
  ])('%j names no page', (requested) => {
    expect(parsePagePath(requested)).toBeUndefined();
  });
});
