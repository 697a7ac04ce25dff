import { prepareText } from '../../contract/search/prepare-text.ts';
import { answerUnitsOf, type CodeUnit } from './answer-units.ts';
import { introducesOutput } from './introduces-output.ts';
import type { QuestionIntent } from './question-intent.ts';
import { DIAGRAM } from './score-code-units.ts';
import { weightIn, type ComposerSection, type QuestionWeights, type ScoredUnit } from './score-units.ts';

/** Questions about setting something up, whose answer is a run of commands: install, deploy, self-host, upgrade… */
const SETUP =
  /\b(?:install|installing|deploy|deploying|set ?up|setting up|self[- ]?host(?:ed|ing)?|get started|getting started|upgrade|migrate|bootstrap|locally|on my (?:own )?(?:server|machine|vps))\b/i;
/** Share of the question weight a procedure's section must hold (its headings, its blocks and their intros). */
const PROCEDURE_SHARE = 0.5;
/** How much each rank below the first lowers a section's share. */
const RANK_DECAY = 0.12;
/** Code blocks of one procedure quoted at most. */
const MAX_STEPS = 6;

/**
 * The code blocks of a procedure that answers a setup question (a steps question, or a command question asking to
 * install, deploy, self-host, upgrade…: "deploy dify on my server with docker compose"), in reading order: the blocks
 * of the section that holds two or more and the most of the question's weight in its own headings (the page title,
 * which every section of the page shares, left out), its blocks and the lines introducing them — a `<Steps>` run of
 * commands (clone, copy the .env, `docker compose up -d`), one block per step (`oneBlockPerStep`), leaving out the blocks a
 * line introduces as what a step prints ("You should see…", "Example output:"). Undefined when no section
 * holds half the question's weight that way: a lone block, or the tabs of one code group, is no procedure.
 */
export function procedureBlocks(
  intent: QuestionIntent,
  question: string,
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
): ScoredUnit[] | undefined {
  if (intent !== 'steps' && !(intent === 'command' && SETUP.test(question))) return undefined;
  let best: { index: number; blocks: CodeUnit[]; share: number } | undefined;
  sections.forEach((section, index) => {
    const blocks = answerUnitsOf(section.text).filter(
      (unit): unit is CodeUnit =>
        unit.kind === 'code' &&
        !(unit.language !== undefined && DIAGRAM.test(unit.language)) &&
        !introducesOutput(unit.intro),
    );
    const steps = oneBlockPerStep(blocks, weights);
    if (steps.length < 2) return;
    const headings = section.title.split(' › ').slice(1).join('\n');
    const terms = new Set([
      ...prepareText(headings),
      ...blocks.flatMap((block) => [...block.terms, ...block.contextTerms]),
    ]);
    const share = weightIn(terms, weights) / weights.found / (1 + RANK_DECAY * section.rank);
    if (share >= PROCEDURE_SHARE && (!best || share > best.share)) best = { index, blocks: steps, share };
  });
  if (!best) return undefined;
  const { index, blocks, share } = best;
  const section = sections[index] as ComposerSection;
  return blocks.slice(0, MAX_STEPS).map((unit) => ({
    unit,
    section: index,
    source: section.source,
    rank: section.rank,
    score: share,
    coverage: share,
  }));
}

/**
 * One block per step: blocks under one intro with no prose between them are alternatives (the tabs of a
 * `<CodeGroup>`: npm, yarn, Homebrew), of which the one holding the most question weight stands for the step.
 */
export function oneBlockPerStep(blocks: readonly CodeUnit[], weights: QuestionWeights): CodeUnit[] {
  const held = (block: CodeUnit): number => weightIn(new Set([...block.terms, ...block.contextTerms]), weights);
  const steps: CodeUnit[] = [];
  for (const block of blocks) {
    const previous = steps.at(-1);
    if (previous && previous.introLine === block.introLine) {
      if (held(block) > held(previous)) steps[steps.length - 1] = block;
    } else steps.push(block);
  }
  return steps;
}
