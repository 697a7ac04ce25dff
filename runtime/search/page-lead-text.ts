import { withoutCodeFences } from '../../contract/search/code-fences.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';

/** Words of a page's opening searched as part of its description: docs pages say what they are about first. */
export const LEAD_WORDS = 80;

/**
 * The text of the description field of a section: its page's frontmatter description and keywords (words readers
 * search for that the page may not use: Mintlify's "internal search keywords"), then, on a page's first section
 * (`isFirstOfPage`), the first `LEAD_WORDS` words of the page, which introduce its topic.
 */
export function pageLeadText(section: SectionRecord, isFirstOfPage: boolean): string {
  const lead = isFirstOfPage ? withoutCodeFences(section.text).split(/\s+/, LEAD_WORDS).join(' ') : '';
  return [section.description ?? '', ...(section.keywords ?? []), lead].filter((text) => text.length > 0).join('\n');
}
