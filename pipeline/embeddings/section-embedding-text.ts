import type { SectionBody } from '../../contract/search/search-artifact.ts';

/** Characters of a section sent to the embeddings endpoint: ~500 tokens, within every common model's input limit. */
export const MAX_EMBEDDING_TEXT_LENGTH = 2000;

/**
 * The text a section is embedded from: its page title and heading path (what the section is about), the page's
 * description when it carries one, then its body, cut at `MAX_EMBEDDING_TEXT_LENGTH` characters.
 */
export function sectionEmbeddingText(section: SectionBody): string {
  const heading = [section.title, ...section.headingPath.filter((title) => title !== section.title)].join(' › ');
  return [heading, section.description, section.text]
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join('\n')
    .slice(0, MAX_EMBEDDING_TEXT_LENGTH);
}
