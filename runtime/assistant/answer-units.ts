import { textLines, withoutItemMark } from '../../contract/search/code-fences.ts';
import { prepareText } from '../../contract/search/prepare-text.ts';
import { answerSentencesOf, gistOf, isFieldLine, MAX_LINE_LENGTH, type AnswerSentence } from './answer-sentences.ts';
import { type CodeBlock, codeBlocksOf, isCodeLine, isTableRow } from './code-lines.ts';
import { memoizeByText } from './memoize-by-text.ts';

/**
 * A piece of a section an answer may quote: a prose sentence (with the list or table it introduces), a line that is
 * not a sentence (a list item, a "Label: value" or "name (type): description" line, an endpoint's `GET /path`, a
 * step title), a table row with its header, or a code block with the line introducing it.
 */
export type AnswerUnit = SentenceUnit | LineUnit | RowUnit | CodeUnit;

interface UnitBase {
  /** The line of the section's text it starts on: reading order and neighbours. */
  line: number;
  /** Its own terms (a sentence's with those of the list or table it introduces). */
  terms: ReadonlySet<string>;
  /** How many terms it says itself (a list's items by their gist, a table's rows aside): its length, for the score. */
  size: number;
  /** The terms of what frames it: the line introducing a list or code block (the title a block shows, the line explaining it after), a table's header. */
  contextTerms: ReadonlySet<string>;
}

/** A prose sentence. */
export interface SentenceUnit extends UnitBase {
  kind: 'sentence';
  sentence: AnswerSentence;
}

/** A line that is not a sentence, with the line introducing its list (ending with `:`) when there is one. */
export interface LineUnit extends UnitBase {
  kind: 'line';
  text: string;
  intro?: string;
  /** The line the intro stands on (-1 when none). */
  introLine: number;
}

/** A table row (cells) with its table's header and the line introducing the table when there is one. */
export interface RowUnit extends UnitBase {
  kind: 'row';
  cells: readonly string[];
  header: readonly string[];
  intro?: string;
}

/** A code block, whole, with the prose line introducing it ('' when none does). */
export interface CodeUnit extends UnitBase {
  kind: 'code';
  code: string;
  intro: string;
  /** The line the intro stands on (-1 when none). */
  introLine: number;
  language?: string;
  /** The title the block shows (a `<CodeGroup>` tab label, a file name), from its fence. */
  title?: string;
}

const MAX_CELL_LENGTH = 400;
const NO_TERMS: ReadonlySet<string> = new Set();

/** Every unit of a section's text, in reading order; memoised by text (sections of a few artifacts are asked again and again). */
export const answerUnitsOf: (text: string) => readonly AnswerUnit[] = memoizeByText((text) => {
  const units: AnswerUnit[] = [];
  const sentenceLines = new Set<number>();
  for (const sentence of answerSentencesOf(text)) {
    sentenceLines.add(sentence.line);
    units.push({
      kind: 'sentence',
      sentence,
      line: sentence.line,
      terms: sentence.terms,
      size: new Set(prepareText([sentence.sentence, ...sentence.items.map(gistOf)].join('\n'))).size,
      contextTerms: NO_TERMS,
    });
  }
  for (const block of codeBlocksOf(text)) {
    const terms = new Set(prepareText(block.code));
    units.push({
      kind: 'code',
      code: block.code,
      intro: block.intro,
      introLine: block.introLine,
      line: block.line,
      terms,
      size: terms.size,
      contextTerms: new Set([...prepareText(`${block.intro}\n${block.title ?? ''}`), ...explanationTerms(block)]),
      ...(block.language ? { language: block.language } : {}),
      ...(block.title ? { title: block.title } : {}),
    });
  }
  const lines = textLines(text);
  let header: string[] | undefined;
  let intro: string | undefined;
  let introLine = -1;
  let previous = '';
  lines.forEach((entry, number) => {
    const line = entry.code ? '' : entry.item === 'more' ? withoutItemMark(entry.text.trim()) : entry.text.trim();
    if (line === '' || (!isTableRow(line) && isCodeLine(line))) {
      header = undefined;
      if (line === '' && !entry.code) return;
      intro = undefined;
      previous = '';
      return;
    }
    if (isTableRow(line)) {
      const cells = line
        .replace(/^\|\s*|\s*\|$/g, '')
        .split(/\s\|\s/)
        .map((cell) => (cell.length > MAX_CELL_LENGTH ? `${cell.slice(0, MAX_CELL_LENGTH).trimEnd()}…` : cell.trim()));
      if (!header) {
        header = cells;
        intro = previous.endsWith(':') ? previous : intro;
      } else {
        const terms = new Set(prepareText(cells.join('\n')));
        units.push({
          kind: 'row',
          cells,
          header,
          line: number,
          terms,
          size: terms.size,
          contextTerms: new Set(prepareText(`${header.join('\n')}\n${intro ?? ''}`)),
          ...(intro ? { intro } : {}),
        });
      }
      return;
    }
    header = undefined;
    if (line.endsWith(':') && !isFieldLine(line)) {
      intro = line;
      introLine = number;
    } else if (sentenceLines.has(number)) {
      intro = undefined;
      introLine = -1;
    } else if (line.length <= MAX_LINE_LENGTH && /[\p{L}\p{N}]/u.test(line)) {
      const terms = new Set(prepareText(line));
      units.push({
        kind: 'line',
        text: line,
        line: number,
        introLine,
        terms,
        size: terms.size,
        contextTerms: new Set(prepareText(intro ?? '')),
        ...(intro ? { intro } : {}),
      });
    }
    previous = line;
  });
  return units.sort((a, b) => a.line - b.line);
});

/**
 * The terms of the line after a code block when that line explains the block: it names a word of the block's first
 * line ("With systemctl enable, the service runs at every boot." after `systemctl enable meilisearch`) and does not
 * introduce what follows (a line ending with ":" is the next block's intro).
 */
function explanationTerms(block: CodeBlock): string[] {
  if (block.outro === '' || block.outro.endsWith(':')) return [];
  const firstLine = new Set(prepareText(block.code.trimStart().split('\n', 1)[0] ?? ''));
  const terms = prepareText(block.outro);
  return terms.some((term) => firstLine.has(term)) ? terms : [];
}
