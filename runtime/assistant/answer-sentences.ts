import { prepareText } from '../../contract/search/prepare-text.ts';
import { isCodeLine, isFieldDefinition, isTableRow } from './code-lines.ts';
import { listLinesOf, markedItemsAfter, MAX_LIST_ITEMS, subItemsAfter } from './marked-list-items.ts';
import { memoizeByText } from './memoize-by-text.ts';

/** A sentence of a source that may be quoted in an answer, with its terms. */
export interface AnswerSentence {
  sentence: string;
  /** The items of the list the sentence introduces (it ends with `:`); empty for a plain sentence. */
  items: readonly string[];
  /** The table the sentence introduces, as cells (header first); empty for a plain sentence or a list. */
  rows: readonly (readonly string[])[];
  terms: ReadonlySet<string>;
  /** Ends like a sentence (`.`, `!`, `?`); false for a list item, step title or label without a full stop. */
  complete: boolean;
  /** Speaks about the page rather than the subject ("Learn how to…", "See the … guide", "Release notes for…"). */
  meta: boolean;
  /** Defines something: "A Satellite is an application…", "Newt is…". */
  definition: boolean;
  /** Opens by pointing back at what came before it ("This will open…", "Then, enter…", "It works by…"): it reads well after its context, not as an answer's first sentence. */
  anaphoric: boolean;
  /** The line of the text it stands on (code lines counted), for reading order and neighbours. */
  line: number;
}

const MIN_SENTENCE_LENGTH = 20;
const MIN_SENTENCE_WORDS = 5;
const MAX_SENTENCE_LENGTH = 600;
const MIN_LIST_ITEMS = 2;
const MAX_LIST_ITEM_WORDS = 16;
const MAX_TABLE_ROWS = 6;
const MAX_CELL_LENGTH = 100;
const MAX_TAB_LABEL_WORDS = 3;
/** After a full stop (not of "e.g.", "i.e.", "etc.", "vs."), before a capital, digit, quote or bracket. */
const SENTENCE_BOUNDARY = /(?<!\b(?:e\.g|i\.e|etc|vs|approx|incl)\.)(?<=[.!?])\s+(?=[A-Z0-9`"'(])/;
const COMPLETE = /[.!?]["'”’)\]]*$/;
/** Callout labels and emoji a sentence may start with: "Note:", "💡 Tip —"… (dropped, the sentence kept). */
const CALLOUT_LABEL =
  /^(?:[\p{Extended_Pictographic}\uFE0F]+\s*)*(?:(?:note|tip|info|important|warning|caution|danger|check|hint|remember)\s*[:—–-]\s*)?/iu;
/** A short label followed by a fragment, e.g. "Symptoms: Events not visible" (no full stop: a list stub). */
const LABELLED = /^[^:—]{1,40}(?::|\s[—–]\s)\s*\S/;
/** Words an unfinished fragment ends with ("Download installer for Macs with"). */
const DANGLING_END =
  /\b(?:a|an|the|and|or|but|of|to|for|with|in|on|at|by|from|into|via|as|like|such|than|is|are|your|our|its|their)$/i;
const META =
  /^(?:learn (?:how|about|more)\b|this (?:guide|page|section|document|tutorial|article)\b|in this (?:guide|tutorial|section)\b|release notes (?:for|of)\b|(?:a |the )?complete (?:api )?reference\b|see\b|check out\b|refer to\b|read more\b|for more (?:information|details)\b|(?:\S+ )?documentation$|.*\bsee (?:here|below|above)$)/i;
const ANAPHORIC =
  /^(?:this|that|these|those|it|its|they|their|then|also|however|otherwise|additionally|instead|similarly|furthermore|moreover)\b(?!(?:\s+is|['’]s)\s+(?:recommended|possible|important|best|advisable|a good idea|good practice)\b)/i;
const DEFINITION =
  /^(?:(?:an?|the)\s+)?[\w.-]+(?:\s+[\w.-]+){0,3}\s+(?:is|are|refers to|means)\s+(?:an?|the|one|any)\s/i;

/** Characters of a line quoted whole as one unit, at most (a field line, a list item): a longer one is read as sentences. */
export const MAX_LINE_LENGTH = 400;

/** Whether a line defines a field with its type ("event_id (string, required): …") and is short enough to be quoted whole: one unit, its sentences not apart. */
export function isFieldLine(line: string): boolean {
  return line.length <= MAX_LINE_LENGTH && isFieldDefinition(line);
}

/**
 * The sentences of a source text an answer may quote: prose lines split into sentences, without code, shell or
 * configuration lines, table rows, field lines ("event_id (string, required): …", quoted whole as a line unit),
 * labels before a fragment, and lines that stop mid-phrase; a line introducing a list or a table (ending with `:`) comes with the list's short lines as its items
 * or the table's rows, and is dropped without them; callout labels ("Note:") and leading emoji are dropped.
 * Memoised: sources are sections of a few artifacts, asked again and again.
 */
export const answerSentencesOf: (text: string) => readonly AnswerSentence[] = memoizeByText((text) =>
  splitSentences(text).map(({ sentence, items, rows, line }) => {
    const complete = items.length > 0 || rows.length > 0 || COMPLETE.test(sentence);
    const terms = new Set(prepareText([sentence, ...items.map(gistOf), ...rows.flat()].join('\n')));
    return {
      sentence,
      items,
      rows,
      terms,
      complete,
      meta: META.test(sentence.replace(/[.!?:]+$/, '')),
      definition: DEFINITION.test(sentence),
      anaphoric: ANAPHORIC.test(sentence),
      line,
    };
  }),
);

function splitSentences(text: string): { sentence: string; items: string[]; rows: string[][]; line: number }[] {
  // Lines of fenced code blocks become empty lines: never quoted, and they end the list or table before them.
  const numbered = listLinesOf(text);
  const lines = numbered.map((line) => line.text);
  const sentences: { sentence: string; items: string[]; rows: string[][]; line: number }[] = [];
  lines.forEach((line, index) => {
    if (line === '' || isCodeLine(line) || isTableRow(line) || isFieldLine(line)) return;
    const parts = mergeShortParts(
      line.split(SENTENCE_BOUNDARY).map((sentence) => sentence.trim().replace(CALLOUT_LABEL, '')),
    );
    parts.forEach((sentence, position) => {
      const last = position === parts.length - 1;
      const introduces = last && sentence.endsWith(':');
      const rows = introduces ? tableAfter(lines, index) : [];
      const items =
        introduces && rows.length === 0
          ? numbered[index + 1]?.item === 'start'
            ? markedItemsAfter(numbered, index).items.map((item) => item.replace(CALLOUT_LABEL, ''))
            : listAfter(lines, index)
          : last && numbered[index]?.item === 'start' && numbered[index + 1]?.nested
            ? subItemsAfter(numbered, index)
            : [];
      if (rows.length > 0 || items.length >= MIN_LIST_ITEMS || isSentence(sentence))
        sentences.push({
          sentence,
          items: items.length >= MIN_LIST_ITEMS ? items : [],
          rows,
          line: (numbered[index] as { number: number }).number,
        });
    });
  });
  return sentences;
}

/**
 * The sentences of a line, a piece too short to stand alone ("The default is 512", "Currently, no.") joined to the
 * sentence before it, or after it when it comes first; so is a label with its value after a sentence ("… between
 * retries. Maximum backoff time: 20 seconds"), which cannot stand alone either. A short intro after a complete
 * sentence ("… for failed checks. To disable this behavior:") stays apart: the sentence before it can be quoted.
 */
function mergeShortParts(parts: string[]): string[] {
  const short = (part: string): boolean =>
    part.length < MIN_SENTENCE_LENGTH || part.split(/\s+/).length < MIN_SENTENCE_WORDS;
  const labelled = (part: string): boolean => !COMPLETE.test(part) && !part.endsWith(':') && LABELLED.test(part);
  const merged: string[] = [];
  for (const part of parts) {
    if (
      merged.length > 0 &&
      ((short(part) && !(part.endsWith(':') && COMPLETE.test(merged[merged.length - 1] as string))) ||
        labelled(part) ||
        (merged.length === 1 && short(merged[0] as string) && COMPLETE.test(merged[0] as string)))
    )
      merged[merged.length - 1] += ` ${part}`;
    else merged.push(part);
  }
  return merged;
}

function isSentence(sentence: string): boolean {
  return (
    sentence.length >= MIN_SENTENCE_LENGTH &&
    sentence.length <= MAX_SENTENCE_LENGTH &&
    sentence.split(/\s+/).length >= MIN_SENTENCE_WORDS &&
    /[a-z]/i.test(sentence) &&
    !isFieldDefinition(sentence) &&
    !isFragment(sentence)
  );
}

/** What of a list item counts as its words: its first `MAX_LIST_ITEM_WORDS` (a step's title, the gist of a long item). */
export function gistOf(item: string): string {
  return item.split(/\s+/, MAX_LIST_ITEM_WORDS).join(' ');
}

/** The short lines after a line ending with `:` (the items of its list, at most `MAX_LIST_ITEMS`), up to code, a table, a long line or another list. */
function listAfter(lines: readonly string[], index: number): string[] {
  const items: string[] = [];
  for (const line of lines.slice(index + 1)) {
    if (
      items.length === MAX_LIST_ITEMS ||
      line === '' ||
      isCodeLine(line) ||
      isTableRow(line) ||
      line.endsWith(':') ||
      line.split(/\s+/).length > MAX_LIST_ITEM_WORDS
    )
      break;
    items.push(line.replace(CALLOUT_LABEL, ''));
  }
  return items;
}

/**
 * The table right after a line ending with `:` (or after the short tab label that follows it, "Python"), as cells:
 * its header and at most `MAX_TABLE_ROWS` rows, cells cut at `MAX_CELL_LENGTH`; none without a header and a row.
 */
function tableAfter(lines: readonly string[], index: number): string[][] {
  const rows: string[][] = [];
  const label = lines[index + 1] ?? '';
  const start =
    label !== '' && !isTableRow(label) && label.split(/\s+/).length <= MAX_TAB_LABEL_WORDS ? index + 2 : index + 1;
  for (const line of lines.slice(start)) {
    if (rows.length === MAX_TABLE_ROWS + 1 || !isTableRow(line)) break;
    rows.push(
      line
        .replace(/^\|\s*|\s*\|$/g, '')
        .split(/\s\|\s/)
        .map((cell) => (cell.length > MAX_CELL_LENGTH ? `${cell.slice(0, MAX_CELL_LENGTH).trimEnd()}…` : cell.trim())),
    );
  }
  return rows.length >= 2 ? rows : [];
}

/** A line that cannot stand as a sentence: it introduces a list, stops mid-phrase, or labels a fragment. */
function isFragment(sentence: string): boolean {
  if (/:$/.test(sentence)) return true;
  if (COMPLETE.test(sentence)) return false;
  return DANGLING_END.test(sentence) || LABELLED.test(sentence);
}
