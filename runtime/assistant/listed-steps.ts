import { textLines } from '../../contract/search/code-fences.ts';

/** A numbered item at the start of a line ("1. Install the gem"), outside code. */
const NUMBERED_ITEM = /^(\d{1,2})\. (\S.*)$/;

/** One step of a numbered list: its number, its line, and what follows it up to the next step (its indent removed). */
export interface ListedStep {
  number: number;
  title: string;
  text: string;
}

/**
 * The steps of a numbered list in a section's text that carries code (a `<Steps>` component: "1. Install the gem",
 * its indented prose and its fenced blocks, "2. Configure the credentials"…), numbered 1, 2, 3… in order. A step runs
 * to the next one; the last ends at the first unindented prose line after it. Empty when the text holds no such list
 * of two or more steps with a code block among them.
 */
export function listedSteps(text: string): ListedStep[] {
  const steps: ListedStep[] = [];
  const lines: string[][] = [];
  let open = false;
  const raw = text.split('\n');
  for (const [position, line] of textLines(text).entries()) {
    const original = raw[position] as string;
    const item = line.code ? null : NUMBERED_ITEM.exec(original);
    if (item && Number(item[1]) === steps.length + 1) {
      steps.push({ number: steps.length + 1, title: item[2] as string, text: '' });
      lines.push([]);
      open = true;
    } else if (open && (line.code || original.startsWith('  ') || original.trim() === ''))
      lines.at(-1)?.push(line.code ? original : original.replace(/^ {2}/, ''));
    else open = false;
  }
  const withText = steps.map((step, index) => ({ ...step, text: (lines[index] ?? []).join('\n').trim() }));
  const hasCode = withText.some((step) => textLines(step.text).some((line) => line.fence === 'open'));
  return withText.length >= 2 && hasCode ? withText : [];
}
