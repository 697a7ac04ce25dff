import { describe, expect, it } from 'vitest';
import { unchangedSaveReport } from '../../cli/dev/dev-build-report.ts';
import type { DevBuild } from '../../cli/dev/dev-site-builder.ts';

const published: DevBuild = {
  status: 'published',
  servedBuildId: 'a2638c457c7a2a52',
  stats: { pages: 53, errors: 0, warnings: 1 } as DevBuild['stats'],
  diagnostics: [],
  change: { added: [], cleared: [], standing: [] },
  parsedPages: 1,
  milliseconds: 110,
};

describe('what docsmith dev says of a save that changed no content', () => {
  it('names the build still served and runs none', () => {
    const at = new Date(2026, 10, 28, 14, 39, 41);
    const report = unchangedSaveReport(published, { changed: ['concepts/signatures.mdx'], at });
    expect(report.terminal).toBe(
      '14:39:41 concepts/signatures.mdx → same content, nothing rebuilt: serving build a2638c457c7a2a52 · 0 errors, 1 warning',
    );
    expect(report.event).toEqual({
      state: 'ready',
      text: '14:39:41 · serving build a2638c457c7a2a52 · 53 pages · 0 errors, 1 warning',
    });
  });

  it('after a failed build, says the last good build is still served', () => {
    const failed: DevBuild = { ...published, status: 'failed', stats: { ...published.stats, errors: 2 } };
    const report = unchangedSaveReport(failed, { changed: ['a.mdx'], at: new Date(2026, 10, 28, 9, 5, 0) });
    expect(report.terminal).toBe(
      '09:05:00 a.mdx → same content, nothing rebuilt: still serving build a2638c457c7a2a52 · 2 errors, 1 warning',
    );
    expect(report.event.state).toBe('failed');
  });
});
