import type { SectionRecord } from '../../contract/search/section-record.ts';
import type { SearchIndex } from './load-search-index.ts';

/** Per loaded index, the first section of each page path (every path showing a content, copies in other versions and languages included); built on first use. */
const firstSectionOfPath = new WeakMap<SearchIndex, Map<string, number>>();

/**
 * The sections of the page at `path`, in page order (read-only; the records are the index's own): what an answer
 * composer reads when a result's best section is not the one that answers. A copy of a page in another version or
 * language gives the sections of the content it shows. Empty when no page has this path.
 */
export function pageSections(index: SearchIndex, path: string): readonly SectionRecord[] {
  let starts = firstSectionOfPath.get(index);
  if (!starts) firstSectionOfPath.set(index, (starts = pageStarts(index)));
  const start = starts.get(path);
  if (start === undefined) return [];
  const preferredPath = (index.sections[start] as SectionRecord).path;
  let end = start + 1;
  while (end < index.sections.length && (index.sections[end] as SectionRecord).path === preferredPath) end += 1;
  return index.sections.slice(start, end);
}

function pageStarts(index: SearchIndex): Map<string, number> {
  const starts = new Map<string, number>();
  index.sections.forEach((section, position) => {
    if (position > 0 && (index.sections[position - 1] as SectionRecord).path === section.path) return;
    for (const location of index.locations[position] ?? [{ path: section.path }])
      if (!starts.has(location.path)) starts.set(location.path, position);
  });
  return starts;
}
