import { answerUnitsOf, type CodeUnit } from './answer-units.ts';

/** A label a tab or code group shows over its block: a few words, no sentence ("Binary", "Docker", "macOS / Linux"). */
const LABEL = /^[^.!?:;]{1,40}$/;
const MAX_LABEL_WORDS = 5;

/**
 * The code blocks of a section that are alternatives of one another, as `<Tabs>` and `<CodeGroup>` show them: each
 * group a run of two or more blocks with nothing between them but a short label line ("Binary", then its block,
 * "Docker", then its block), in reading order. A block in no such run is in no group.
 */
export function alternativeBlockGroups(text: string): CodeUnit[][] {
  const lines = text.split('\n');
  const blocks = answerUnitsOf(text).filter((unit): unit is CodeUnit => unit.kind === 'code');
  const groups: CodeUnit[][] = [];
  let group: CodeUnit[] = [];
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    const between = previous
      ? lines.slice(endLine(previous) + 1, block.line).filter((line) => line.trim() !== '')
      : undefined;
    const adjacent =
      between !== undefined &&
      (between.length === 0 || (between.length === 1 && isLabel(between[0] as string))) &&
      (between.length === 1 || block.title !== undefined);
    if (adjacent && group.length > 0) group.push(block);
    else {
      if (group.length > 1) groups.push(group);
      group = [block];
    }
  });
  if (group.length > 1) groups.push(group);
  return groups;
}

/** The line a fenced block's closing fence stands on. */
function endLine(block: CodeUnit): number {
  return block.line + block.code.split('\n').length + 1;
}

function isLabel(line: string): boolean {
  const text = line.trim();
  return LABEL.test(text) && text.split(/\s+/).length <= MAX_LABEL_WORDS;
}
