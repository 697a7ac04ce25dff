/** One question's candidates for training or applying a reranker: a feature row per candidate, and which are gold. */
export interface RankedList {
  features: number[][];
  gold: boolean[];
}

/** Options of `fitSoftmaxReranker`. */
export interface SoftmaxFitOptions {
  /** Gradient steps (default 400). */
  steps?: number;
  /** Step size (default 0.5). */
  rate?: number;
  /** L2 penalty on every weight but the first's, which stays free (default 0.01). */
  penalty?: number;
  /** The first weight's starting value (default 5): the first feature is the current score, so training starts from today's ranking. */
  firstWeight?: number;
}

/**
 * Fits a linear reranker by a listwise softmax loss: for each list that holds a gold candidate, the probability the
 * softmax of `features · weights` gives its gold candidates is pushed up (ListNet with a one-hot target: the loss
 * that aims at rank 1). Plain gradient descent from `[firstWeight, 0, …]`, deterministic. Lists without a gold
 * candidate teach nothing and are skipped.
 */
export function fitSoftmaxReranker(lists: RankedList[], options: SoftmaxFitOptions = {}): number[] {
  const { steps = 400, rate = 0.5, penalty = 0.01, firstWeight = 5 } = options;
  const taught = lists.filter((list) => list.gold.some(Boolean) && list.features.length > 1);
  const width = lists.find((list) => list.features.length > 0)?.features[0]?.length ?? 0;
  const weights = Array.from({ length: width }, (_, position) => (position === 0 ? firstWeight : 0));
  if (taught.length === 0) return weights;
  for (let step = 0; step < steps; step += 1) {
    const gradient = weights.map((weight, position) => (position === 0 ? 0 : penalty * weight * taught.length));
    for (const { features, gold } of taught) {
      const probabilities = softmax(features.map((row) => dot(row, weights)));
      const golds = gold.filter(Boolean).length;
      features.forEach((row, candidate) => {
        const error = (probabilities[candidate] ?? 0) - (gold[candidate] ? 1 / golds : 0);
        row.forEach((value, position) => (gradient[position] = (gradient[position] ?? 0) + error * value));
      });
    }
    weights.forEach(
      (weight, position) => (weights[position] = weight - (rate * (gradient[position] ?? 0)) / taught.length),
    );
  }
  return weights;
}

/** The candidates' positions, best first, by `features · weights` (ties keep the current order). */
export function rerankOrder(features: number[][], weights: number[]): number[] {
  const scores = features.map((row) => dot(row, weights));
  return scores.map((_, position) => position).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
}

function dot(row: number[], weights: number[]): number {
  return row.reduce((sum, value, position) => sum + value * (weights[position] ?? 0), 0);
}

function softmax(scores: number[]): number[] {
  const highest = Math.max(...scores);
  const exponentials = scores.map((score) => Math.exp(score - highest));
  const total = exponentials.reduce((sum, value) => sum + value, 0);
  return exponentials.map((value) => value / total);
}
