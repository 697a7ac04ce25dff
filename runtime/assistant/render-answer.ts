import { fenceCode } from '../../contract/search/code-fences.ts';
import type { CodeUnit, LineUnit, RowUnit } from './answer-units.ts';
import { escapeBlockOpener, markdownTable } from '../../contract/markdown-text.ts';
import { citeSentence } from './cite-sentence.ts';
import type { ScoredUnit } from './score-units.ts';

/** Lines of a code block quoted whole; a longer one is cut there, and the answer says so after the block. */
const MAX_CODE_LINES = 80;

/**
 * The answer's text deltas for the chosen units, in the order given: a sentence with its `[n]` ("Text [1]. ", a list
 * or table it introduces after it; none when the rest of its line introduces the code block that follows, which
 * carries the `[n]`); lines of one list as a bulleted list under their intro; rows of one table as a
 * Markdown table (header first) under their intro or the section's title; a code block fenced under its intro (no
 * caption right after the sentence that introduces it). Numbered lists for steps (`numbered`).
 */
export function renderUnits(
  units: readonly ScoredUnit[],
  titleOf: (unit: ScoredUnit) => string,
  numbered = false,
): string[] {
  const deltas: string[] = [];
  /** What the answer has shown so far (sentences, list items, lines, captions), so nothing is said twice. */
  const shown: string[] = [];
  let quoted = '';
  /** The intros of the code blocks shown so far. */
  const introducedBlocks = new Set<string>();
  for (let index = 0; index < units.length; index += 1) {
    const current = units[index] as ScoredUnit;
    const { unit, source } = current;
    if (unit.kind === 'sentence') {
      const sentence = unit.sentence.sentence.replace(/[.:;,]+$/, '');
      if (shown.some((text) => text.includes(sentence))) continue;
      const next = units[index + 1];
      const leadsIntro =
        next !== undefined &&
        startsCodeIntro(current, next) &&
        next.unit.kind === 'code' &&
        next.unit.intro !== unit.sentence.sentence;
      deltas.push(
        leadsIntro
          ? `${escapeBlockOpener(unit.sentence.sentence)} `
          : citeSentence(
              { text: unit.sentence.sentence, source, items: unit.sentence.items, rows: unit.sentence.rows },
              numbered,
            ),
      );
      shown.push(unit.sentence.sentence, ...unit.sentence.items);
      quoted = unit.sentence.sentence;
    } else if (unit.kind === 'code') {
      // A block whose intro captioned a block before it (the next tab of a code group) goes under its own title.
      const caption = introducedBlocks.has(unit.intro)
        ? unit.title
        : shown.includes(unit.intro) && unit.intro !== quoted
          ? undefined
          : captionOf(unit, quoted, titleOf(current));
      if (unit.intro !== '') introducedBlocks.add(unit.intro);
      if (caption) shown.push(caption);
      deltas.push(renderCode(unit, source, caption));
      quoted = '';
    } else {
      const group = [unit];
      while (index + 1 < units.length && sameBlock(units[index + 1] as ScoredUnit, current))
        group.push((units[(index += 1)] as ScoredUnit).unit as LineUnit & RowUnit);
      deltas.push(
        unit.kind === 'row'
          ? renderRows(group as RowUnit[], source, titleOf(current))
          : renderLines(group as LineUnit[], source, quoted, numbered),
      );
      if (unit.kind === 'line') shown.push(...(group as LineUnit[]).map((line) => line.text));
      quoted = unit.kind === 'line' && group.length === 1 ? unit.text : '';
    }
  }
  // A block after a list, a table or a code block needs no more blank lines than the one they end with.
  return deltas.map((delta, index) =>
    index > 0 && (deltas[index - 1] as string).endsWith('\n\n') ? delta.replace(/^\n+/, '') : delta,
  );
}

/** The caption of a code block: its intro, or what of it follows the sentence just quoted from it (none when that sentence was all of it), else the section's title. */
function captionOf(unit: CodeUnit, quoted: string, title: string): string | undefined {
  if (unit.intro === '') return captionFrom(title);
  const at = quoted === '' ? -1 : unit.intro.indexOf(quoted);
  if (at < 0) return unit.intro;
  const rest = unit.intro.slice(at + quoted.length).trim();
  return rest === '' ? undefined : rest;
}

/** Whether the sentence `unit` is the start of the intro of the code block `next` of its source ("… failed checks. To disable this behavior:" before its block). */
export function startsCodeIntro(unit: ScoredUnit, next: ScoredUnit): boolean {
  return (
    unit.unit.kind === 'sentence' &&
    next.unit.kind === 'code' &&
    next.source === unit.source &&
    next.unit.intro.startsWith(unit.unit.sentence.sentence)
  );
}

/** The caption of what an answer quotes without a line of its own introducing it: the section it comes from. */
export function captionFrom(title: string): string {
  return `From ${title}`;
}

/** Whether `next` continues the list or table of `current`: same section, same kind, same intro or header. */
export function sameBlock(next: ScoredUnit, current: ScoredUnit): boolean {
  if (next.section !== current.section || next.unit.kind !== current.unit.kind) return false;
  if (next.unit.kind === 'row' && current.unit.kind === 'row') return next.unit.header === current.unit.header;
  return (
    next.unit.kind === 'line' &&
    current.unit.kind === 'line' &&
    next.unit.intro !== undefined &&
    next.unit.intro === current.unit.intro
  );
}

function renderLines(lines: readonly LineUnit[], source: number, quoted: string, numbered: boolean): string {
  const intro = (lines[0] as LineUnit).intro;
  if (!intro && lines.length === 1)
    return citeSentence({ text: (lines[0] as LineUnit).text, source, items: [], rows: [] });
  const marker = (position: number): string => (numbered ? `${position + 1}.` : '-');
  const list = lines.map((line, position) => `${marker(position)} ${escapeBlockOpener(line.text)}`).join('\n');
  if (intro && intro !== quoted)
    return `${escapeBlockOpener(intro.replace(/[.:;,]+$/, ''))} [${source}]:\n\n${list}\n\n`;
  return `\n\n${list.replace(/$/, ` [${source}]`)}\n\n`;
}

function renderRows(rows: readonly RowUnit[], source: number, title: string): string {
  const first = rows[0] as RowUnit;
  const table = markdownTable([first.header, ...rows.map((row) => row.cells)]);
  return `${escapeBlockOpener((first.intro ?? captionFrom(title)).replace(/[.:;,]+$/, ''))} [${source}]:\n\n${table}\n\n`;
}

/** A code block as Markdown: fenced with its language, under its caption with the source's `[n]` (none when the sentence before it introduces it). */
export function renderCode(unit: CodeUnit, source: number, caption: string | undefined): string {
  const lines = unit.code.split('\n');
  const cut =
    lines.length > MAX_CODE_LINES
      ? `(The block goes on for ${lines.length - MAX_CODE_LINES} more lines in the source [${source}].)\n\n`
      : '';
  return `${caption ? `${escapeBlockOpener(caption.replace(/[.:;,]+$/, ''))} [${source}]:\n` : '\n'}\n${fenceCode(lines.slice(0, MAX_CODE_LINES).join('\n'), unit.language)}\n\n${cut}`;
}
