import type { SectionRecord } from '../../contract/search/index.ts';

/** A search section record for tests: path, title and text, the rest optional (no anchor, no headings, no groups). */
export const section = (
  path: string,
  title: string,
  text: string,
  extra: Partial<SectionRecord> = {},
): SectionRecord => ({
  path,
  anchor: extra.anchor ?? '',
  headingPath: extra.headingPath ?? [],
  title,
  text,
  ...(extra.description === undefined ? {} : { description: extra.description }),
  ...(extra.keywords === undefined ? {} : { keywords: extra.keywords }),
  ...(extra.links === undefined ? {} : { links: extra.links }),
  ...(extra.boost === undefined ? {} : { boost: extra.boost }),
  context: extra.context ?? { groups: [] },
});
