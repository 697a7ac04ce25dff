/** A numbered item at the start of a line ("1. Install the gem"), outside code. */
const NUMBERED_ITEM = /^(\d{1,2})\. (\S.*)$/;
const OPENING_FENCE = /^(`{3,})[^`]*$/;

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
  let fence: string | undefined;
  let open = false;
  for (const line of text.split('\n')) {
    if (fence !== undefined) {
      if (open) lines.at(-1)?.push(line);
      if (line.trimEnd().length >= fence.length && /^`+$/.test(line.trimEnd())) fence = undefined;
      continue;
    }
    const opening = OPENING_FENCE.exec(line);
    if (opening) {
      fence = opening[1] as string;
      if (open) lines.at(-1)?.push(line);
      continue;
    }
    const item = NUMBERED_ITEM.exec(line);
    if (item && Number(item[1]) === steps.length + 1) {
      steps.push({ number: steps.length + 1, title: item[2] as string, text: '' });
      lines.push([]);
      open = true;
    } else if (open && (line.startsWith('  ') || line.trim() === '')) lines.at(-1)?.push(line.replace(/^ {2}/, ''));
    else if (open) open = false;
  }
  const withText = steps.map((step, index) => ({ ...step, text: (lines[index] ?? []).join('\n').trim() }));
  const hasCode = withText.some((step) => /^`{3,}/m.test(step.text));
  return withText.length >= 2 && hasCode ? withText : [];
}
