import { createHash } from 'node:crypto';

/** Weighted Jaccard similarity at which a question joins a group: the terms they share carry half the weight of all their terms. */
export const GROUP_SIMILARITY = 0.5;
/** Groups read per lookup term when a question is assigned: the store's bound on the work of one write. */
export const CANDIDATES_PER_TERM = 200;

/** A question's or a group's terms with their weights (`QuestionInsight.terms` and `.weights`). */
export interface WeightedTerms {
  terms: readonly string[];
  weights: readonly number[];
}

/** A stored group: its id and the terms of the question that opened it. */
export interface GroupCandidate extends WeightedTerms {
  id: string;
}

/**
 * The id of the group a question opens: a hash of its sorted terms, so that replicas opening a group for the same
 * terms at the same moment open one group.
 */
export function groupIdOf(terms: readonly string[]): string {
  return createHash('sha256')
    .update([...terms].sort().join(' '))
    .digest('hex')
    .slice(0, 12);
}

/**
 * The terms to look candidate groups up by (prefix filtering): the heaviest terms of the question until the rest
 * weighs less than `GROUP_SIMILARITY` of the whole. A group sharing none of them shares too little weight to reach
 * the similarity, so no group worth joining is missed by looking only these up, and they are the rarest terms, whose
 * groups are few.
 */
export function lookupTerms(question: WeightedTerms): string[] {
  const total = question.weights.reduce((sum, weight) => sum + weight, 0);
  const order = question.terms
    .map((term, position) => ({ term, weight: question.weights[position] ?? 0 }))
    .sort((left, right) => right.weight - left.weight || left.term.localeCompare(right.term));
  const lookup: string[] = [];
  let taken = 0;
  for (const { term, weight } of order) {
    lookup.push(term);
    taken += weight;
    if (taken > (1 - GROUP_SIMILARITY) * total) break;
  }
  return lookup;
}

/**
 * Weighted Jaccard similarity of two term sets: the weight of the terms both hold over the weight of the terms
 * either holds (a term weighs what the question gives it, else what the group recorded).
 */
export function termSimilarity(question: WeightedTerms, group: WeightedTerms): number {
  const questionWeights = new Map(question.terms.map((term, position) => [term, question.weights[position] ?? 0]));
  let shared = 0;
  let union = 0;
  for (const weight of questionWeights.values()) union += weight;
  group.terms.forEach((term, position) => {
    const weight = questionWeights.get(term);
    if (weight === undefined) union += group.weights[position] ?? 0;
    else shared += weight;
  });
  return union > 0 ? shared / union : question.terms.length === 0 && group.terms.length === 0 ? 1 : 0;
}

/** The group a question joins among candidates: the most similar at `GROUP_SIMILARITY` or more (ties: the smaller id), else undefined. */
export function closestGroup(
  question: WeightedTerms,
  candidates: Iterable<GroupCandidate>,
): GroupCandidate | undefined {
  let best: GroupCandidate | undefined;
  let bestSimilarity = GROUP_SIMILARITY;
  for (const candidate of candidates) {
    const similarity = termSimilarity(question, candidate);
    if (similarity > bestSimilarity || (similarity === bestSimilarity && (!best || candidate.id < best.id))) {
      best = candidate;
      bestSimilarity = similarity;
    }
  }
  return best;
}
