import slugify from '@sindresorhus/slugify';
import { headingAnchor } from '../content/anchor-slugger.ts';
import { titleMarkdown } from '../content/title-markdown.ts';
import { accordionBodyId } from './accordion-body-id.ts';

/** `<Tab title="…">`, `<Accordion title="…">`, `<View title="…">`, `<Step title="…">`: components the platform gives an id from their title. */
const TITLED_COMPONENT =
  /<(Tab|Accordion|View|Step)\b[^>]*?\btitle=(?:"([^"]+)"|'([^']+)'|\{\s*["'`]([^"'`]+)["'`]\s*\})/g;
const HTML_ENTITY = /&#(x[0-9a-f]+|\d+);/gi;

/**
 * The platform's id of an Accordion or a View (`generateComponentId` of `@mintlify/common`): its title slugged by
 * `@sindresorhus/slugify`, which transliterates (`Café & Crème` → `cafe-and-creme`, `Über uns` → `ueber-uns`) and
 * drops what it cannot (an all-Chinese title gives `""`), the first `:` read as `-`. A repeat takes `-1`, `-2`… after it.
 * `slugs` remembers the slug of each title: the library builds its regular expressions on every call, and a site
 * repeats a few titles thousands of times.
 */
function componentSlug(title: string, slugs: Map<string, string>): string {
  let slug = slugs.get(title);
  if (slug === undefined) slugs.set(title, (slug = slugify(title.replace(':', '-'), { decamelize: false })));
  return slug;
}

/**
 * The anchors the platform gives the titled components of a page text (with the snippets it imports), in order:
 * a Tab its title slugged as a heading is, a repeated one `-2`, `-3`… (one counter for the page's tabs); an Accordion
 * or a View `componentSlug`, counted per kind, the first Accordion whose title slugs to nothing its text instead
 * (`accordionBodyId`); a Step its heading slug. Empty ids are left out. `slugs` is a memo of
 * `componentSlug` one caller may share across pages (default: one for this text).
 */
export function titledComponentAnchors(text: string, slugs: Map<string, string> = new Map()): string[] {
  const tabs = new Map<string, number>();
  const counted = { Accordion: new Map<string, number>(), View: new Map<string, number>() };
  return [...text.matchAll(TITLED_COMPONENT)]
    .map((match) => {
      const [, kind = '', ...spellings] = match;
      const title = titleMarkdown(decodeEntities(spellings.find((spelling) => spelling !== undefined) ?? ''));
      if (kind === 'Accordion' || kind === 'View') {
        const counts = counted[kind];
        const base = componentSlug(title, slugs);
        const repeats = counts.get(base) ?? 0;
        counts.set(base, repeats + 1);
        if (repeats > 0) return `${base}-${repeats}`;
        return base === '' && kind === 'Accordion' ? accordionBodyId(text, match.index) : base;
      }
      const slug = headingAnchor(title);
      if (kind === 'Step') return slug;
      const seen = tabs.get(slug) ?? 0;
      tabs.set(slug, seen + 1);
      return seen === 0 ? slug : `${slug}-${seen + 1}`;
    })
    .filter((anchor) => anchor !== '');
}

/** `&#x5F;` → `_`, `&#95;` → `_` (ids written by HTML generators). */
export function decodeEntities(text: string): string {
  return text.replace(HTML_ENTITY, (_, code: string) =>
    String.fromCodePoint(
      code.startsWith('x') || code.startsWith('X') ? Number.parseInt(code.slice(1), 16) : Number(code),
    ),
  );
}
