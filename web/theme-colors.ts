/** An sRGB colour as three 0–255 channels. */
type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` (docs.json's HEX) as channels; undefined for anything else. */
export function parseHexColor(color: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) return undefined;
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(first: Rgb, second: Rgb): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 24, 39];

/** Text colour for a fill of `background`: white or ink, whichever contrasts more. */
export function textOn(background: Rgb): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, INK) ? '#ffffff' : toHex(INK);
}

/**
 * `color` as text on `background` with a contrast of at least `ratio` (WCAG AA: 4.5): itself when it already reads,
 * else mixed toward black (light backgrounds) or white (dark ones) by the smallest step that does. A site's brand
 * colour stays recognisable and the panel stays accessible whatever colour the site chose.
 */
export function readableOn(color: Rgb, background: Rgb, ratio = 4.5): Rgb {
  const target: Rgb = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step <= 40; step += 1) {
    const mixed = color.map((channel, index) =>
      Math.round(channel + ((target[index] as number) - channel) * (step / 40)),
    ) as Rgb;
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  return target;
}

/** The two panel backgrounds the accent is checked against. */
export const PANEL_BACKGROUND = { light: [255, 255, 255] as Rgb, dark: INK };

/**
 * CSS custom properties of the accent on one theme: the fill (buttons, the reader's questions; at least 3:1 against
 * the panel, and dark or light enough for white or ink text at 4.5:1), the text on it, and the accent as readable
 * text (links, citations, focus rings).
 */
export function accentProperties(accent: string, theme: 'light' | 'dark'): Record<string, string> | undefined {
  const rgb = parseHexColor(accent);
  if (!rgb) return undefined;
  const background = PANEL_BACKGROUND[theme];
  let fill = readableOn(rgb, background, 3);
  if (Math.max(contrastRatio(fill, WHITE), contrastRatio(fill, INK)) < 4.5)
    fill = readableOn(fill, theme === 'light' ? WHITE : INK, 4.5);
  return {
    '--docsmith-accent': toHex(fill),
    '--docsmith-on-accent': textOn(fill),
    '--docsmith-link': toHex(readableOn(rgb, background)),
  };
}
