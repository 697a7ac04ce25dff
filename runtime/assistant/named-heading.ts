import { prepareText } from '../../contract/search/prepare-text.ts';
import { startsCodeIntro } from './render-answer.ts';
import type { ComposerSection, QuestionWeights, ScoredUnit } from './score-units.ts';

/** A question asking which one of several named things ("which approval mode lets…"), with the words naming the kind. */
const ASKS_WHICH = /^\s*which\s+((?:[\p{L}\p{N}-]+\s+){0,2}[\p{L}\p{N}-]+)/iu;
/** Words a heading may have and still be a name ("Let Agent Decide", "Approval required"), not a topic sentence. */
const MAX_NAME_WORDS = 6;

/**
 * The units of a "which …" question's answer with the lead sentence named by its section's heading ("Let Agent
 * Decide: The agent will use its judgment…"): the name is what the question asks for, and sections that describe
 * one of several options rarely repeat it. Only when the section is one of the kind the question names (its parent
 * heading holds one of the words after "which": "which tool approval mode" under "Tool Approvals"), and its heading
 * is short, holds a question term and is not in the sentence already, nor the sentence the start of the code block's
 * intro after it (the block's caption goes on from it).
 */
export function withNamedHeading(
  question: string,
  units: readonly ScoredUnit[],
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
): readonly ScoredUnit[] {
  const [lead, next, ...rest] = units;
  const kind = ASKS_WHICH.exec(question)?.[1];
  if (kind === undefined || lead?.unit.kind !== 'sentence') return units;
  const headings = sections[lead.section]?.title.split(' › ') ?? [];
  const heading = headings.length > 1 ? (headings.at(-1) as string).trim() : '';
  const parent = new Set(prepareText(headings.at(-2) ?? ''));
  const sentence = lead.unit.sentence.sentence;
  if (
    heading === '' ||
    !prepareText(kind).some((term) => parent.has(term)) ||
    heading.split(/\s+/).length > MAX_NAME_WORDS ||
    !prepareText(heading).some((term) => weights.terms.has(term)) ||
    sentence.toLowerCase().includes(heading.toLowerCase()) ||
    (next !== undefined && startsCodeIntro(lead, next))
  )
    return units;
  const named = { ...lead.unit.sentence, sentence: `${heading}: ${sentence}` };
  return [{ ...lead, unit: { ...lead.unit, sentence: named } }, ...(next ? [next] : []), ...rest];
}
