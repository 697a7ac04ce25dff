import type { Processor } from 'unified';
import { extractCustomHeadingIds } from './extract-custom-heading-ids.ts';
import './page-data.ts';

/**
 * Unified plugin (use it after remark-parse): Mintlify's custom heading ids (`## Title {#custom-id}`). MDX would
 * read `{#custom-id}` as a JavaScript expression and reject it, so the parser is wrapped: the suffixes are
 * blanked out of the text before parsing (every other position unchanged) and the ids are kept by line in
 * `file.data.customHeadingIds`, where `remarkPageSections` takes each heading's anchor from.
 */
export function remarkCustomHeadingIds(this: Processor): void {
  const parse = this.parser;
  if (!parse) throw new Error('remarkCustomHeadingIds: use it after remark-parse');
  this.parser = (document, file) => {
    const { text, ids } = extractCustomHeadingIds(document);
    file.data.customHeadingIds = ids;
    return parse(text, file);
  };
}
