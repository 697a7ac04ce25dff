import { fenceCode, textLines, withoutItemMark } from '../../contract/search/code-fences.ts';
import { prepareText } from '../../contract/search/prepare-text.ts';
import { answerUnitsOf, type CodeUnit } from './answer-units.ts';
import { isTableRow } from './code-lines.ts';
import { GENERIC_QUESTION_TERMS } from './question-coverage.ts';
import { introducesOutput } from './introduces-output.ts';
import { oneBlockPerStep } from './procedure-blocks.ts';
import { captionFrom } from './render-answer.ts';
import { weightIn, type ComposerSection, type QuestionWeights } from './score-units.ts';
import { stepHeading, type StepHeading } from './step-heading.ts';
import { termsOfSection } from './section-terms.ts';
import { listedSteps } from './listed-steps.ts';

/** Share of the question weight its source holds that a run of steps must hold (its headings below the page title, and its text). */
const WALKTHROUGH_SHARE = 0.5;
/** Share of the question's words the run holds that its headings (the page title with them) hold when the question names the whole procedure. */
const PROCEDURE_NAMED = 0.5;
/** Steps quoted at most, and characters of them: the page goes on after. */
const MAX_STEPS = 10;
const MAX_CHARACTERS = 6000;
/** Characters of a step's prose quoted at most: its opening sentences. */
const MAX_PROSE = 300;
/** List items of a step quoted at most (a click path: "Go to Settings", "Click Add endpoint"…). */
const MAX_ITEMS = 10;
/** Code blocks of a step quoted at most, and lines of each (a longer block is cut there, with "…" after it). */
const MAX_BLOCKS = 3;
const MAX_BLOCK_LINES = 80;

/** One step of a walkthrough: its number, its title, its sections' text, and those sections (indices among the composer's). */
interface Step {
  number: number;
  title: string;
  text: string;
  sections: number[];
}

/** A run of steps of one source: the steps, the heading they share, their sections (indices among the composer's), and the text introducing them in their section ('' for step sections). */
interface Run {
  steps: Step[];
  parent: string;
  indices: Set<number>;
  intro: string;
}

/** A walkthrough as an answer's text, and the sections (indices among the composer's) its steps come from. */
export interface Walkthrough {
  text: string;
  sections: ReadonlySet<number>;
}

/**
 * For a steps question or a task (`asksForProcedure`), the numbered step sections of one source ("A seamless update
 * process › 1. Access your repository", "› 2. Check your version"…, as `selectSourceSections` gives them) as one
 * numbered list under the heading they share (`headingRun`): each step's title, its opening sentences, the items of
 * its list and its code blocks, fenced whole under the item. A source without them gives the numbered list with code
 * of its section that holds the most question weight (a `<Steps>` component, `listedRun`). Undefined when the source
 * holds fewer than two such steps, when they (with the headings above them, the page title left out, and the prose
 * introducing a listed run, `introOfSteps`) hold less than
 * half the question weight the source holds (words of the site's context, "self-hosted", "enterprise", aside), or when the step holding the `lead`
 * section holds every word of the question the steps hold (generic ones aside) and the headings above the steps less
 * than half of them: the question asks for that step ("make the service start on boot" of "Running in
 * production"), which the answer quotes as any other.
 */
export function stepWalkthrough(
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
  source: number,
  lead: number,
): Walkthrough | undefined {
  const run = headingRun(sections, source) ?? listedRun(sections, weights, source);
  if (!run) return undefined;
  const { steps, parent, indices, intro } = run;
  const stepTerms = (step: Step): string => `${step.title}\n${step.text}`;
  const runTerms = new Set(
    prepareText([parent.split(' › ').slice(1).join('\n'), intro, ...steps.map(stepTerms)].join('\n')),
  );
  const held = weightIn(runTerms, weights);
  const sourceTerms = sections
    .filter((section) => section.source === source)
    .flatMap((section) => [...termsOfSection(section)]);
  const sourceHeld = weightIn(new Set(sourceTerms), weights);
  if (sourceHeld === 0 || held / sourceHeld < WALKTHROUGH_SHARE) return undefined;
  const leadHeadings = sections[lead]?.title.split(' › ') ?? [];
  const leadDepth = leadHeadings.findIndex((heading, position) => position > 0 && stepHeading(heading) !== undefined);
  const leadStep =
    leadDepth > 0 && leadHeadings.slice(0, leadDepth).join(' › ') === parent
      ? steps[(stepHeading(leadHeadings[leadDepth] as string) as StepHeading).number - 1]
      : undefined;
  const leadTerms = `${sections[lead]?.title ?? ''}\n${sections[lead]?.text ?? ''}\n${leadStep ? stepTerms(leadStep) : ''}`;
  // The question's own words the steps hold ("make", "use"… say nothing of which step is asked).
  const asked = [...weights.terms.keys()].filter((term) => runTerms.has(term) && !GENERIC_QUESTION_TERMS.has(term));
  const parentTerms = new Set(prepareText(parent));
  const procedureNamed = asked.filter((term) => parentTerms.has(term)).length >= PROCEDURE_NAMED * asked.length;
  const leadHeld = new Set(prepareText(leadTerms));
  if (leadStep && !procedureNamed && asked.every((term) => leadHeld.has(term))) return undefined;
  const items: string[] = [];
  let characters = 0;
  for (const step of steps.slice(0, MAX_STEPS)) {
    const item = renderStep(step, weights);
    if (items.length > 0 && characters + item.length > MAX_CHARACTERS) break;
    items.push(item);
    characters += item.length;
  }
  const rest =
    steps.length > items.length ? `\nThe page goes on with steps ${items.length + 1}–${steps.length} [${source}].` : '';
  return { text: `${captionFrom(parent)} [${source}]:\n\n${items.join('\n').trimEnd()}${rest}\n\n`, sections: indices };
}

/**
 * The numbered step sections of the source: the sections whose heading numbers steps 1, 2, 3… in order under one
 * parent (a section under a step's heading stays in its step). Undefined when there are fewer than two.
 */
function headingRun(sections: readonly ComposerSection[], source: number): Run | undefined {
  let parent: string | undefined;
  const steps: Step[] = [];
  const indices = new Set<number>();
  for (const [index, section] of sections.entries()) {
    if (section.source !== source) continue;
    const headings = section.title.split(' › ');
    // Under a run's parent, the heading right below it is the step (a numbered sub-step stays in its step).
    const underParent = parent !== undefined && headings.slice(0, parent.split(' › ').length).join(' › ') === parent;
    const depth =
      underParent && parent !== undefined
        ? parent.split(' › ').length
        : headings.findLastIndex((heading, position) => position > 0 && stepHeading(heading) !== undefined);
    const step = depth > 0 && depth < headings.length ? stepHeading(headings[depth] as string) : undefined;
    if (!step) continue;
    const sectionParent = headings.slice(0, depth).join(' › ');
    const current = steps.at(-1);
    if (depth < headings.length - 1) {
      // A section under a step's heading: its text belongs to that step.
      if (current && current.number === step.number && sectionParent === parent) {
        current.text += `\n${headings.at(-1) as string}:\n${section.text}`;
        current.sections.push(index);
        indices.add(index);
      }
    } else if (step.number === steps.length + 1 && (steps.length === 0 || sectionParent === parent)) {
      parent = sectionParent;
      steps.push({ number: step.number, title: step.title, text: section.text, sections: [index] });
      indices.add(index);
    }
  }
  return steps.length >= 2 && parent !== undefined ? { steps, parent, indices, intro: '' } : undefined;
}

/**
 * The numbered list with code (`listedSteps`: a `<Steps>` component) of the source's section that holds the most
 * question weight, when that section holds one: a list in a section about something else answers another question.
 */
function listedRun(sections: readonly ComposerSection[], weights: QuestionWeights, source: number): Run | undefined {
  let best: { index: number; held: number } | undefined;
  for (const [index, section] of sections.entries()) {
    if (section.source !== source) continue;
    const held = weightIn(termsOfSection(section), weights);
    if (!best || held > best.held) best = { index, held };
  }
  if (!best) return undefined;
  const { index } = best;
  const section = sections[index] as ComposerSection;
  const steps = listedSteps(section.text).map((step) => ({ ...step, sections: [index] }));
  if (steps.length < 2) return undefined;
  return {
    steps,
    parent: section.title,
    indices: new Set([index]),
    intro: introOfSteps(section.text, steps[0] as Step),
  };
}

/**
 * The prose of a section right before its first listed step, after any code block there: what introduces the steps
 * ("How to deploy the preview server to Vercel"), not what the section did before them ("Run the Docker container").
 */
function introOfSteps(text: string, first: Step): string {
  const lines = textLines(text);
  const start = lines.findIndex((line) => line.item === 'start' && line.text === first.title);
  const before = lines.slice(0, Math.max(0, start));
  const afterCode = before.findLastIndex((line) => line.code) + 1;
  return before
    .slice(afterCode)
    .map((line) => line.text)
    .join('\n');
}

/**
 * A step as a numbered list item: "N. Title: opening sentences", its list items and code blocks indented under it,
 * each block after the line introducing it ("Then run:") when the step has not said that line yet.
 * Blocks with no prose between them are alternatives (the tabs of a `<CodeGroup>`): the one holding the most question
 * weight stands for them (`oneBlockPerStep`); a block a line introduces as output ("Response:", "You should see…") is
 * left out.
 */
function renderStep(step: Step, weights: QuestionWeights): string {
  const lines = textLines(step.text);
  // Fenced blocks only: a step's text without a fence holds no code, however a line of it reads.
  const fenced = lines.some((line) => line.fence === 'open');
  const blocks = oneBlockPerStep(
    answerUnitsOf(step.text).filter(
      (unit): unit is CodeUnit => fenced && unit.kind === 'code' && !introducesOutput(unit.intro),
    ),
    weights,
  ).slice(0, MAX_BLOCKS);
  const prose: string[] = [];
  const listItems: string[] = [];
  let seenCode = false;
  for (const line of lines) {
    if (line.code) seenCode = true;
    else if (line.item === 'start') {
      if (listItems.length < MAX_ITEMS) listItems.push(`- ${line.text}`);
    } else if (line.item === 'more') {
      const unmarked = withoutItemMark(line.text);
      if (unmarked !== line.text && listItems.length > 0 && listItems.length < MAX_ITEMS)
        listItems.push(`  - ${unmarked}`);
    } else if (line.text.trim() !== '' && listItems.length === 0 && !seenCode && !isTableRow(line.text.trim()))
      prose.push(line.text.trim());
  }
  const marker = `${step.number}. `;
  const indent = ' '.repeat(marker.length);
  const opening = openingOf(prose.join(' '));
  const head = `${marker}${step.title || opening}${step.title && opening ? `: ${opening}` : ''}`;
  const quoted = blocks.map(({ code, language, intro }) => {
    const lines = code.split('\n');
    // The line introducing a block ("Then run:", "Get the database URL:") before it, unless the step said it already.
    const said =
      intro.trim() === '' || head.includes(intro.trim()) || listItems.some((item) => item.includes(intro.trim()));
    const introduced = said ? [] : [intro.trim(), ''];
    return [
      ...introduced,
      ...fenceCode(lines.slice(0, MAX_BLOCK_LINES).join('\n'), language).split('\n'),
      ...(lines.length > MAX_BLOCK_LINES ? ['…'] : []),
    ]
      .map((line) => (line === '' ? '' : `${indent}${line}`))
      .join('\n');
  });
  const list = listItems.map((item) => `${indent}${item}`);
  return [[head, ...list].join('\n'), ...quoted].join('\n\n') + (quoted.length > 0 ? '\n' : '');
}

/** A step's opening sentences, at most `MAX_PROSE` characters (cut at a sentence's end when one comes before). */
function openingOf(prose: string): string {
  if (prose.length <= MAX_PROSE) return prose;
  const cut = prose.slice(0, MAX_PROSE);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf(': '));
  return end > 0 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}
