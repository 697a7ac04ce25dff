import type { SectionRecord } from '../../contract/search/section-record.ts';

/** Short and long names of the same SDK language, as docs folders and questions spell them. */
const LANGUAGE_ALIASES = new Map<string, string[]>(
  Object.entries({
    ts: ['typescript', 'javascript', 'js'],
    typescript: ['ts', 'javascript', 'js'],
    js: ['javascript', 'typescript', 'ts'],
    javascript: ['js', 'typescript', 'ts'],
    node: ['nodejs', 'javascript'],
    nodejs: ['node', 'javascript'],
    py: ['python'],
    python: ['py'],
    golang: ['go'],
    go: ['golang'],
    rb: ['ruby'],
    ruby: ['rb'],
    cs: ['csharp'],
    csharp: ['cs'],
    kt: ['kotlin'],
    kotlin: ['kt'],
  }),
);
const WORD_SEPARATOR = /[_.\s-]+/;
/** Path segments that say nothing about the page: version folders (`2025-06-18`, `v2`), `index`, language folders. */
const NOISE_SEGMENT = /^(?:\d[\d-]*|v\d+|index|draft)$/;

/** Whether a route segment names the page's version or language (`v1.15.14`, `edge` for version `Edge`, `fr`): scope, not topic. */
function isContextSegment(segment: string, context: SectionRecord['context']): boolean {
  const lowered = segment.toLowerCase();
  return [context.language, context.version].some(
    (name) =>
      name !== undefined &&
      (lowered === name.toLowerCase() || lowered.replace(/^v/, '') === name.toLowerCase().replace(/^v/, '')),
  );
}

/**
 * The text of a section's "place" field: where its page sits in the site — tab, dropdown, product, menu, group path
 * and the words of its route — with SDK language aliases (`ts` ↔ `typescript`, `py` ↔ `python`, `js` ↔
 * `javascript`), so "in the TypeScript client" finds `sdks/ts/...`. Version and language folders are left out: they are
 * the search's scope, not the page's topic, and the same section of two versions then has the same place. Prepared
 * like any other text.
 */
export function pagePlaceText(record: SectionRecord): string {
  const { context } = record;
  const names = [
    context.tab,
    context.dropdown,
    context.product,
    context.menu,
    context.anchor,
    ...context.groups,
  ].filter((name): name is string => Boolean(name));
  const segments = record.path
    .split('/')
    .filter((segment) => !NOISE_SEGMENT.test(segment) && !isContextSegment(segment, context));
  const words = [...names, ...segments].flatMap((name) => name.split(WORD_SEPARATOR)).filter((word) => word.length > 0);
  for (const word of [...words]) words.push(...(LANGUAGE_ALIASES.get(word.toLowerCase()) ?? []));
  return words.join(' ');
}
