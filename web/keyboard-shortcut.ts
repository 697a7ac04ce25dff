/** A key combination such as `mod+i`: `mod` is ⌘ on Apple systems and Ctrl elsewhere. */
export interface KeyboardShortcut {
  key: string;
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

const MODIFIERS: Record<string, keyof Omit<KeyboardShortcut, 'key'>> = {
  mod: 'mod',
  ctrl: 'ctrl',
  control: 'ctrl',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
};

/**
 * Reads a shortcut written as `mod+i`, `ctrl+shift+k`, `alt+/` (case-insensitive; the last part is the key).
 * `none`, `off`, `false` or an empty text turn the shortcut off (undefined); anything unreadable is an Error.
 */
export function parseShortcut(text: string): KeyboardShortcut | undefined | Error {
  const trimmed = text.trim().toLowerCase();
  if (['', 'none', 'off', 'false'].includes(trimmed)) return undefined;
  const parts = trimmed.split(/\s*\+\s*(?=.)/);
  const key = parts.pop() as string;
  const shortcut: KeyboardShortcut = { key, mod: false, ctrl: false, meta: false, alt: false, shift: false };
  for (const part of parts) {
    const modifier = MODIFIERS[part];
    if (!modifier) return new Error(`unknown modifier "${part}" in "${text}"; use mod, ctrl, meta, alt or shift`);
    shortcut[modifier] = true;
  }
  if ([...key].length !== 1 && !/^f\d{1,2}$/.test(key))
    return new Error(`"${key}" in "${text}" is not one key; write e.g. mod+i`);
  return shortcut;
}

/** Whether this system's users press ⌘ for `mod`. */
export function isApplePlatform(): boolean {
  return /mac|iphone|ipad|ipod/i.test(navigator.platform || navigator.userAgent);
}

/** Whether a keydown is the shortcut (extra modifiers make it another shortcut). */
export function matchesShortcut(event: KeyboardEvent, shortcut: KeyboardShortcut, apple: boolean): boolean {
  const ctrl = shortcut.ctrl || (shortcut.mod && !apple);
  const meta = shortcut.meta || (shortcut.mod && apple);
  return (
    event.key.toLowerCase() === shortcut.key &&
    event.ctrlKey === ctrl &&
    event.metaKey === meta &&
    event.altKey === shortcut.alt &&
    event.shiftKey === shortcut.shift
  );
}

/** The shortcut as shown on the launcher (`⌘I`, `Ctrl I`) and as `aria-keyshortcuts` (`Meta+I`, `Control+I`). */
export function describeShortcut(shortcut: KeyboardShortcut, apple: boolean): { label: string; aria: string } {
  const names: [boolean, string, string][] = [
    [shortcut.ctrl || (shortcut.mod && !apple), apple ? '⌃' : 'Ctrl', 'Control'],
    [shortcut.alt, apple ? '⌥' : 'Alt', 'Alt'],
    [shortcut.shift, apple ? '⇧' : 'Shift', 'Shift'],
    [shortcut.meta || (shortcut.mod && apple), apple ? '⌘' : 'Meta', 'Meta'],
  ];
  const held = names.filter(([pressed]) => pressed);
  const key = shortcut.key.toUpperCase();
  return {
    label: [...held.map(([, label]) => label), key].join(apple ? '' : ' '),
    aria: [...held.map(([, , aria]) => aria), key].join('+'),
  };
}
