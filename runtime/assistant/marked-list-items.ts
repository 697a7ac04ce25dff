import { textLines, withoutItemMark } from '../../contract/search/code-fences.ts';
import { isTableRow } from './code-lines.ts';
import { memoizeByText } from './memoize-by-text.ts';

/** Items of a list quoted at most. */
export const MAX_LIST_ITEMS = 8;
/** Items a list must have to be a list of steps (a procedure). */
export const MIN_STEPS = 3;
/** Characters of a marked list item or step quoted at most. */
const MAX_ITEM_LENGTH = 500;

/** A line of a section's text as lists are read: its text ('' for code), its number, its place in a list item, and whether it starts an item of a list inside an item (its marker left out of `text`). */
export interface ListLine {
  text: string;
  number: number;
  item?: 'start' | 'more';
  nested?: boolean;
}

/** A marked list the text gives no intro (right under a heading, or after a paragraph that does not end with `:`). */
export interface HeadlessList {
  /** The lines its items start and end on. */
  line: number;
  end: number;
  items: readonly string[];
}

/**
 * The items of the list or steps after line `index`, as the text marks them (`TextLine.item`): each item's lines
 * joined (a step's title and its text: "Open the editor: Channel menu, Edit Time Slots."; an item of a list inside it
 * after "; "), however long (cut at `MAX_ITEM_LENGTH`), code blocks inside an item passed over; at most
 * `MAX_LIST_ITEMS`, up to the first line that is no item's. `end` is the number of the last line read.
 */
export function markedItemsAfter(lines: readonly ListLine[], index: number): { items: string[]; end: number } {
  const items: string[] = [];
  let end = lines[index]?.number ?? -1;
  for (let at = index + 1; at < lines.length; at += 1) {
    const { text, item, number } = lines[at] as ListLine;
    if (text === '') {
      if (lines[at + 1]?.item === undefined) break;
      continue;
    }
    if (item === undefined || isTableRow(text) || (item === 'start' && items.length === MAX_LIST_ITEMS)) break;
    if (item === 'start') items.push(text);
    else {
      const last = items.pop() ?? '';
      const joint = last === '' || /[.!?:]$/.test(last) ? ' ' : lines[at]?.nested ? '; ' : ': ';
      items.push(`${last}${joint}${text}`.trim());
    }
    end = number;
  }
  return { items: items.map(cutItem), end };
}

function cutItem(item: string): string {
  return item.length > MAX_ITEM_LENGTH ? `${item.slice(0, MAX_ITEM_LENGTH).trimEnd()}…` : item;
}

/**
 * The items of the list inside the list item on line `index` (its sub-items: "`SEQUIN_LOG_FORMAT`: Sets the log
 * format" over "`console` outputs…" and "`datadog_json` outputs…"), each with its further lines; at most
 * `MAX_LIST_ITEMS`, cut at `MAX_ITEM_LENGTH`. Empty when the next line starts no sub-item.
 */
export function subItemsAfter(lines: readonly ListLine[], index: number): string[] {
  const items: string[] = [];
  for (let at = index + 1; at < lines.length; at += 1) {
    const { text, item, nested } = lines[at] as ListLine;
    if (item !== 'more' || text === '' || (nested && items.length === MAX_LIST_ITEMS)) break;
    if (nested) items.push(text);
    else if (items.length > 0) items.push(`${items.pop() ?? ''} ${text}`);
    else break;
  }
  return items.map(cutItem);
}

/** The lines of a section's text as lists are read (code lines empty, runs of them one line, markers of items inside items left out). */
export function listLinesOf(text: string): ListLine[] {
  return textLines(text)
    .map((line, number): ListLine => {
      const text = line.code ? '' : line.text.trim();
      const unmarked = line.item === 'more' ? withoutItemMark(text) : text;
      return {
        text: unmarked,
        number,
        ...(line.item ? { item: line.item } : {}),
        ...(unmarked !== text ? { nested: true } : {}),
      };
    })
    .filter((line, index, all) => line.text !== '' || (index > 0 && all[index - 1]?.text !== ''));
}

/** The marked lists of a section's text that no line introduces (see `HeadlessList`); memoised by text. */
export const headlessListsOf: (text: string) => readonly HeadlessList[] = memoizeByText((text) => {
  const lines = listLinesOf(text);
  const lists: HeadlessList[] = [];
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    if (line.item !== 'start' || (previous && (previous.item !== undefined || previous.text.endsWith(':')))) return;
    const { items, end } = markedItemsAfter(lines, index - 1);
    lists.push({ line: line.number, end, items });
  });
  return lists;
});
