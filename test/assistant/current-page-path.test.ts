import { describe, expect, it } from 'vitest';
import { currentPagePath } from '../../runtime/assistant/current-page-path.ts';

describe('currentPagePath', () => {
  it.each([
    ['/guides/setup', 'https://docs.example.com', 'guides/setup'],
    ['guides/setup/', 'https://docs.example.com', 'guides/setup'],
    ['/guides/setup.md#install?x', 'https://docs.example.com', 'guides/setup'],
    ['/guides/setup?tab=python', '', 'guides/setup'],
    ['https://docs.example.com/guides/setup#install', 'https://docs.example.com', 'guides/setup'],
    ['/docs/guides/setup', 'https://example.com/docs/', 'guides/setup'],
    ['/docs', 'https://example.com/docs', 'index'],
    ['/', 'https://docs.example.com', 'index'],
    ['/documents/x', 'https://example.com/docs', 'documents/x'],
  ])('reads %s (site %s) as the page %s', (currentPath, siteUrl, page) => {
    expect(currentPagePath(currentPath, siteUrl)).toBe(page);
  });
});
