import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeShortcut,
  matchesShortcut,
  parseShortcut,
  type KeyboardShortcut,
} from '../../web/keyboard-shortcut.ts';
import { starterQuestionsFor } from '../../web/site-settings.ts';
import { accentProperties, contrastRatio, PANEL_BACKGROUND, parseHexColor } from '../../web/theme-colors.ts';

describe('starter questions per page', () => {
  const settings = {
    starterQuestions: ['site 1', 'site 2', 'site 3', 'site 4'],
    starterQuestionsByPath: { '/api': ['api'], '/api/users/': ['users'], guides: ['guides'] },
  };
  it('takes the longest path prefix holding the page, by whole segments, else the site-wide questions (at most three)', () => {
    expect(starterQuestionsFor(settings, '/api')).toEqual(['api']);
    expect(starterQuestionsFor(settings, '/api/orders/create')).toEqual(['api']);
    expect(starterQuestionsFor(settings, '/api/users/list')).toEqual(['users']);
    expect(starterQuestionsFor(settings, '/guides/setup/')).toEqual(['guides']);
    expect(starterQuestionsFor(settings, '/apis')).toEqual(['site 1', 'site 2', 'site 3']);
    expect(starterQuestionsFor(settings, '/')).toEqual(['site 1', 'site 2', 'site 3']);
    expect(
      starterQuestionsFor({ starterQuestions: [], starterQuestionsByPath: { '/': ['everywhere'] } }, '/any/page'),
    ).toEqual(['everywhere']);
  });
});

describe('the keyboard shortcut', () => {
  const keydown = (init: KeyboardEventInit & { key: string }) =>
    ({ ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init }) as KeyboardEvent;
  it('mod is ⌘ on Apple systems and Ctrl elsewhere; extra modifiers are another shortcut', () => {
    const shortcut = parseShortcut('mod+i') as KeyboardShortcut;
    expect(matchesShortcut(keydown({ key: 'i', metaKey: true }), shortcut, true)).toBe(true);
    expect(matchesShortcut(keydown({ key: 'I', ctrlKey: true }), shortcut, false)).toBe(true);
    expect(matchesShortcut(keydown({ key: 'i', ctrlKey: true }), shortcut, true)).toBe(false);
    expect(matchesShortcut(keydown({ key: 'i', ctrlKey: true, shiftKey: true }), shortcut, false)).toBe(false);
    expect(describeShortcut(shortcut, true)).toEqual({ label: '⌘I', aria: 'Meta+I' });
    expect(describeShortcut(shortcut, false)).toEqual({ label: 'Ctrl I', aria: 'Control+I' });
    expect(describeShortcut(parseShortcut('ctrl+shift+k') as KeyboardShortcut, false)).toEqual({
      label: 'Ctrl Shift K',
      aria: 'Control+Shift+K',
    });
    expect(
      matchesShortcut(keydown({ key: '/', altKey: true }), parseShortcut('Alt + /') as KeyboardShortcut, false),
    ).toBe(true);
  });
  it('can be turned off, and a mistyped one names what is wrong', () => {
    expect(parseShortcut('none')).toBeUndefined();
    expect(parseShortcut('')).toBeUndefined();
    expect(String(parseShortcut('hyper+i'))).toContain('unknown modifier "hyper"');
    expect(String(parseShortcut('mod+enter'))).toContain('is not one key');
  });
});

describe("the site's colour in the panel", () => {
  const hex = fc
    .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
    .map((rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`);
  it('whatever the colour: text on the accent reads (4.5:1), links read on the panel (4.5:1), the accent stands out (3:1)', () => {
    fc.assert(
      fc.property(hex, fc.constantFrom('light' as const, 'dark' as const), (color, theme) => {
        const properties = accentProperties(color, theme) as Record<string, string>;
        const accent = parseHexColor(properties['--docsmith-accent'] as string)!;
        expect(
          contrastRatio(accent, parseHexColor(properties['--docsmith-on-accent'] as string)!),
        ).toBeGreaterThanOrEqual(4.5);
        expect(
          contrastRatio(parseHexColor(properties['--docsmith-link'] as string)!, PANEL_BACKGROUND[theme]),
        ).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(accent, PANEL_BACKGROUND[theme])).toBeGreaterThanOrEqual(3);
      }),
    );
  });
  it('keeps a colour that already reads, and ignores what is not a hex colour', () => {
    expect(accentProperties('#0D9373', 'light')).toEqual({
      '--docsmith-accent': '#0d9373',
      '--docsmith-on-accent': '#111827',
      '--docsmith-link': '#0c8468',
    });
    expect(accentProperties('#16A34A', 'dark')).toEqual({
      '--docsmith-accent': '#16a34a',
      '--docsmith-on-accent': '#111827',
      '--docsmith-link': '#16a34a',
    });
    expect(accentProperties('#fff', 'dark')?.['--docsmith-link']).toBe('#ffffff');
    expect(accentProperties('rebeccapurple', 'light')).toBeUndefined();
  });
});
