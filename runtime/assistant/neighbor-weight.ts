import type { AnswerUnit } from './answer-units.ts';
import type { QuestionWeights } from './score-units.ts';

/** How far (in lines) a sentence or line may stand from a unit to be its neighbour: the same or the next line. */
const NEIGHBOR_LINES = 1;

/**
 * The question weight a prose unit's immediate neighbours in its paragraph hold that neither the unit itself nor its
 * section's title (`framing`, counted already) does: a sentence saying the fact often leaves the topic to the
 * sentence before it ("…asking you to log in." then "From WSL, pass the --headless flag."). Rows and code keep to
 * themselves.
 */
export function neighborWeight(
  unit: Exclude<AnswerUnit, { kind: 'code' }>,
  neighbors: readonly (Exclude<AnswerUnit, { kind: 'code' }> | undefined)[],
  weights: QuestionWeights,
  framing: ReadonlySet<string>,
): number {
  if (unit.kind === 'row') return 0;
  const near = neighbors.filter(
    (neighbor): neighbor is Exclude<AnswerUnit, { kind: 'code' | 'row' }> =>
      neighbor !== undefined && neighbor.kind !== 'row' && Math.abs(neighbor.line - unit.line) <= NEIGHBOR_LINES,
  );
  let held = 0;
  for (const [term, weight] of weights.terms)
    if (
      !unit.terms.has(term) &&
      !unit.contextTerms.has(term) &&
      !framing.has(term) &&
      near.some((neighbor) => neighbor.terms.has(term))
    )
      held += weight;
  return held;
}
