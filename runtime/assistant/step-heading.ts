/** A heading that numbers a step: "1. Access your repository", "Step 2: Configure the webhook", "Step 3 - Deploy", "4) Restart". */
const STEP_HEADING = /^\s*(?:step\s*(\d{1,2})\b\s*[:.)\-–—]?|(\d{1,2})\s*[.:)])\s*(.*\S)?\s*$/i;

/** A step a heading numbers: its number and its title without the number ("Step 2: Configure the webhook" → 2, "Configure the webhook"). */
export interface StepHeading {
  number: number;
  title: string;
}

/** The step a heading numbers, or undefined when it numbers none. */
export function stepHeading(heading: string): StepHeading | undefined {
  const match = STEP_HEADING.exec(heading);
  if (!match) return undefined;
  return { number: Number(match[1] ?? match[2]), title: match[3] ?? '' };
}

/**
 * The runs of step sections of a page: two or more consecutive sections under one parent heading whose own headings
 * number steps 1, 2, 3… in order ("A seamless update process › 1. Access your repository", "› 2. Check your
 * version"…), each run as the positions of its sections in `headingPaths` (a page's sections in reading order). A
 * section under a step (its sub-heading, numbered sub-steps too) stays in the run.
 */
export function stepRuns(headingPaths: readonly (readonly string[])[]): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  let parent: readonly string[] = [];
  let expected = 1;
  const close = (): void => {
    if (run.length >= 2 && expected > 2) runs.push(run);
    run = [];
    expected = 1;
  };
  headingPaths.forEach((path, position) => {
    const step = path.length > 0 ? stepHeading(path.at(-1) as string) : undefined;
    const underParent = path.length === parent.length + 1 && parent.every((heading, depth) => path[depth] === heading);
    if (step && step.number === expected && expected > 1 && underParent) {
      run.push(position);
      expected += 1;
      return;
    }
    const insideStep =
      run.length > 0 && path.length > parent.length + 1 && parent.every((heading, depth) => path[depth] === heading);
    if (insideStep) run.push(position);
    else if (step && step.number === 1) {
      close();
      parent = path.slice(0, -1);
      run.push(position);
      expected = 2;
    } else close();
  });
  close();
  return runs;
}
