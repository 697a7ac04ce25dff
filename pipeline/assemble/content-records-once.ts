import type { SectionRecord } from '../../contract/search/section-record.ts';
import type { PageSection } from '../content/parsed-page.ts';

/** A search record without the fields that differ from one copy of a page to the next. */
export type ContentRecord = Omit<SectionRecord, 'path' | 'context' | 'boost' | 'tag'>;

/**
 * The content of a page's search records, one per section, made once per distinct page (copies across versions
 * and languages share their parse's `sections`), so that every copy's records share the same strings. The page
 * description leads the text of the section before the first heading, and is that section's `description`; the
 * page's keywords and link count go with the first record.
 */
export function contentRecordsOnce(): (
  title: string,
  description: string | undefined,
  keywords: string[] | undefined,
  links: number,
  sections: PageSection[],
) => readonly ContentRecord[] {
  const made = new Map<
    PageSection[],
    {
      title: string;
      description: string | undefined;
      keywords: string[] | undefined;
      links: number;
      records: ContentRecord[];
    }[]
  >();
  return (title, description, keywords, links, sections) => {
    const candidates = made.get(sections) ?? [];
    const keywordsKey = keywords?.join('\u0000');
    const known = candidates.find(
      (candidate) =>
        candidate.title === title &&
        candidate.description === description &&
        candidate.keywords?.join('\u0000') === keywordsKey &&
        candidate.links === links,
    );
    if (known) return known.records;
    const records = sections.map((section): ContentRecord => ({
      anchor: section.anchor,
      headingPath: section.headingPath,
      title,
      text: section.text,
    }));
    const lead = description?.trim();
    if (lead) {
      const intro = records.find((record) => record.anchor === '');
      if (intro) Object.assign(intro, { text: intro.text ? `${lead}\n${intro.text}` : lead, description: lead });
      else records.unshift({ anchor: '', headingPath: [], title, text: lead, description: lead });
    }
    if (keywords) {
      if (records[0]) records[0].keywords = keywords;
      else records.push({ anchor: '', headingPath: [], title, text: '', keywords });
    }
    // An indexed page without any text is still found by its title.
    if (records.length === 0) records.push({ anchor: '', headingPath: [], title, text: '' });
    if (links > 0) (records[0] as ContentRecord).links = links;
    candidates.push({ title, description, keywords, links, records });
    made.set(sections, candidates);
    return records;
  };
}
