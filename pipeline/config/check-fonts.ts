import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ConfigPosition } from './config-position.ts';

/** The keys of `fonts` as one font for the whole site. */
const ONE_FONT_KEYS = ['weight', 'source', 'format'] as const;
/** The keys of `fonts` as a font for headings and one for body text. */
const APART_KEYS = ['heading', 'body'] as const;

/**
 * Checks `fonts` against the platform's two shapes of it (`fonts/index.js` of `@mintlify/validation`): one font
 * (`family` required; `weight`, `source`, `format`), whose schema drops anything else, or strictly `heading` and
 * `body`. `heading`/`body` beside `family` are dropped by the platform, so the site shows one font: an `unknown-key`
 * warning each that asks for another font than `family` (the same family and weight lose nothing). `weight`, `source` or `format` beside `heading`/`body` without `family`: the platform refuses the
 * docs.json, an `invalid-key` error each.
 */
export function checkFonts(fonts: unknown, locate: (pointer: string) => ConfigPosition): Diagnostic[] {
  if (typeof fonts !== 'object' || fonts === null || Array.isArray(fonts)) return [];
  const has = (key: string): boolean => Object.hasOwn(fonts, key);
  const apart = APART_KEYS.filter(has);
  if (apart.length === 0) return [];
  if (has('family'))
    return apart
      .filter((key) => !sameFont(fonts, key))
      .map((key) => ({
        ...locate(`/fonts/${key}`),
        pointer: `/fonts/${key}`,
        severity: 'warning',
        ruleId: 'unknown-key',
        message: `Unexpected key \`${key}\` in \`/fonts\` beside \`family\`, expected one font or \`heading\` and \`body\`: the platform uses \`family\` and drops \`${key}\``,
        hint: 'Remove `family`, `weight`, `source` and `format` to give headings and body text fonts of their own.',
      }));
  return ONE_FONT_KEYS.filter(has).map((key) => ({
    ...locate(`/fonts/${key}`),
    pointer: `/fonts/${key}`,
    severity: 'error',
    ruleId: 'invalid-key',
    message: `Unexpected key \`${key}\` in \`/fonts\` beside \`${apart.join('` and `')}\`, expected only \`heading\` and \`body\`: the platform's validator refuses this docs.json`,
    hint: `Move \`${key}\` into \`heading\` and \`body\`, or set one font with \`family\`.`,
  }));
}

/** Whether `fonts[key]` names the font `fonts` sets as a whole (same family; same weight, or none). */
function sameFont(fonts: object, key: string): boolean {
  const whole = fonts as { family?: unknown; weight?: unknown };
  const part = (fonts as Record<string, unknown>)[key] as { family?: unknown; weight?: unknown } | null | undefined;
  return part?.family === whole.family && (part?.weight === undefined || part.weight === whole.weight);
}
