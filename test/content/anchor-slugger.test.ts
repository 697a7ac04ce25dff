import { describe, expect, it } from 'vitest';
import { AnchorSlugger, headingAnchor } from '../../pipeline/content/anchor-slugger.ts';

describe('heading anchors', () => {
  it("follow the platform's documented table of generated ids, not GitHub-style slugs", () => {
    const table: [string, string][] = [
      ['Getting started', 'getting-started'],
      ['Config.json options', 'config-json-options'],
      ["What's new", 'what’s-new'],
      ['Rate limits (per minute)', 'rate-limits-per-minute'],
      ['Read/write access', 'read/write-access'],
      ['Fees & billing', 'fees-&-billing'],
      ['OAuth', 'oauth'],
    ];
    expect(table.map(([heading]) => headingAnchor(heading))).toEqual(table.map(([, anchor]) => anchor));
    expect(headingAnchor('Step 1: Install `comfy` now?')).toBe('step-1-install-comfy-now');
    expect(headingAnchor('Что нового')).toBe('что-нового');
    // The platform's slugify makes a run of hyphens one and trims them (the rendered ids of real pages).
    expect(
      ['Step 1 - Install', '2. Client configuration', '`theme` - required', '- Notes -'].map(headingAnchor),
    ).toEqual(['step-1-install', '2-client-configuration', 'theme-required', 'notes']);
  });

  it('count repeats from -2 across the page, past an anchor a heading already took', () => {
    const slugger = new AnchorSlugger();
    expect(['Overview', 'Overview', 'Overview 3', 'Overview', 'Setup'].map((heading) => slugger.slug(heading))).toEqual(
      ['overview', 'overview-2', 'overview-3', 'overview-4', 'setup'],
    );
  });
});
