/** A page text with its `{#custom-id}` heading suffixes blanked out, and the ids found by 1-based line. */
export interface CustomHeadingIds {
  /** The text with each `{#id}` replaced by as many spaces, so every other position is unchanged. */
  text: string;
  /** Line number → custom anchor of the ATX heading on that line. */
  ids: Map<number, string>;
}

/** Any indentation: MDX has no indented code, and headings inside components are often indented. */
const ATX_HEADING_WITH_ID = /^([ \t]*#{1,6}[ \t].*?)[ \t]*(\{#([^{}]*[^\s{}][^{}]*)\})[ \t]*$/;
/** What the platform strips from a custom id (`preprocessCustomHeadingIds`); emoji go when the id is cleaned. */
const CUSTOM_ID_STRIPPED = /[<>"&?,;:!'()[\]{}]/g;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/**
 * Finds Mintlify's custom heading ids (`## Title {#custom-id}`) outside fenced code and blanks them, because
 * MDX would otherwise read `{#custom-id}` as a JavaScript expression and reject it. The heading keeps its text;
 * the id replaces the generated anchor. An id written with spaces (`{#comfy run}`, which real sites deploy) is
 * blanked too, its spaces made hyphens (`comfy-run`) and `< > " & ? , ; : ! ' ( ) [ ] { }` dropped, as the platform does: a heading's `{#…}` is never a valid expression.
 */
export function extractCustomHeadingIds(text: string): CustomHeadingIds {
  const ids = new Map<number, string>();
  if (!text.includes('{#')) return { text, ids };
  const lines = text.split('\n');
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1] ?? '';
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const heading = ATX_HEADING_WITH_ID.exec(line.replace(/\r$/, ''));
    if (!heading) return;
    const suffix = heading[2] ?? '';
    const start = line.lastIndexOf(suffix);
    lines[index] = line.slice(0, start) + ' '.repeat(suffix.length) + line.slice(start + suffix.length);
    ids.set(index + 1, (heading[3] ?? '').trim().replace(CUSTOM_ID_STRIPPED, '').replace(/\s+/g, '-'));
  });
  return { text: lines.join('\n'), ids };
}
