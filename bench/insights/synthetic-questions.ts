import type { FeedbackEvent, QuestionEvent } from '../../runtime/analytics/analytics-store.ts';
import type { QuestionOutcome } from '../../runtime/analytics/store-insights.ts';

/** Options of `syntheticQuestions`. */
export interface SyntheticQuestionsOptions {
  domain: string;
  /** Questions to generate. */
  count: number;
  /** First day of the traffic (UTC, `YYYY-MM-DD`); questions spread evenly over `days` days. */
  firstDay: string;
  days: number;
  /** Distinct intents the readers ask about (default 20,000): popularity follows Zipf's law, so most are asked rarely. */
  intents?: number;
  /** Share of intents the docs do not cover (default 0.15). */
  gapShare?: number;
  seed?: number;
}

/** One generated question, and the feedback its reader gave (if any). */
export interface SyntheticQuestion {
  question: QuestionEvent;
  feedback?: FeedbackEvent;
}

/** A deterministic pseudo-random generator (mulberry32): the same seed gives the same traffic. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Samples ranks 0..n-1 by Zipf's law (exponent `s`) by inverting the cumulative weights. */
function zipfSampler(n: number, s: number, next: () => number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank += 1) {
    total += 1 / (rank + 1) ** s;
    cumulative[rank] = total;
  }
  return () => {
    const target = next() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

interface Intent {
  terms: string[];
  weights: number[];
  pages: string[];
  gap: boolean;
  version: string;
  language: string;
}

const VERSIONS = ['v3', 'v3', 'v3', 'v2'];
const LANGUAGES = ['en', 'en', 'en', 'en', 'fr'];

/**
 * A held-out-like mix of questions as `answerQuestion` records them, for the insights bench and tests: readers ask
 * about intents (a few terms of a 5,000-term vocabulary, rare terms weighing more) with Zipf popularity; each question
 * rephrases its intent (a term dropped or added); gap intents are mostly not found or weak and thumbed down more;
 * 4% of answers are abandoned, 1% fail; 6% of questions get a thumb and a fifth of those a comment. Versions v3/v2 and
 * languages en/fr; answers cite one to three of 600 pages. Times spread evenly over the days, in order.
 */
export function* syntheticQuestions(options: SyntheticQuestionsOptions): Generator<SyntheticQuestion> {
  const next = random(options.seed ?? 42);
  const vocabulary = Array.from({ length: 5000 }, (_, index) => `term${index.toString(36)}`);
  const weightOf = (term: number): number => Math.round((1 + Math.log(1 + term / 50)) * 100) / 100;
  const pickTerm = zipfSampler(vocabulary.length, 0.9, next);
  const intents: Intent[] = Array.from({ length: options.intents ?? 20_000 }, () => {
    const size = 2 + Math.floor(next() * 4);
    const chosen = [...new Set(Array.from({ length: size }, () => pickTerm()))];
    return {
      terms: chosen.map((term) => vocabulary[term] as string),
      weights: chosen.map(weightOf),
      pages: Array.from({ length: 1 + Math.floor(next() * 3) }, () => `guides/page-${Math.floor(next() * 600)}`),
      gap: next() < (options.gapShare ?? 0.15),
      version: VERSIONS[Math.floor(next() * VERSIONS.length)] as string,
      language: LANGUAGES[Math.floor(next() * LANGUAGES.length)] as string,
    };
  });
  const pickIntent = zipfSampler(intents.length, 1.05, next);
  const start = Date.parse(`${options.firstDay}T00:00:00Z`);
  const step = (options.days * 86_400_000) / options.count;
  for (let index = 0; index < options.count; index += 1) {
    const intent = intents[pickIntent()] as Intent;
    const terms = [...intent.terms];
    const weights = [...intent.weights];
    const variation = next();
    if (variation < 0.2 && terms.length > 2) {
      terms.pop();
      weights.pop();
    } else if (variation > 0.85) {
      const extra = pickTerm();
      if (!terms.includes(vocabulary[extra] as string)) {
        terms.push(vocabulary[extra] as string);
        weights.push(weightOf(extra));
      }
    }
    const roll = next();
    const outcome: QuestionOutcome =
      roll < 0.01 ? 'failed' : roll < 0.05 ? 'aborted' : intent.gap && roll < 0.75 ? 'not_found' : 'answered';
    const ending = outcome === 'failed' ? 'model_error' : outcome === 'aborted' ? 'client_aborted' : 'answered';
    const strength = intent.gap ? Math.round(next() * 450) / 1000 : Math.round((0.5 + next() * 0.5) * 1000) / 1000;
    const at = new Date(start + Math.floor(index * step));
    const messageId = `msg_${index.toString(36)}`;
    const question: QuestionEvent = {
      domain: options.domain,
      threadId: `thr_${Math.floor(index / 2).toString(36)}`,
      messageId,
      question: terms.join(' '),
      resultCount: outcome === 'not_found' ? 0 : 5,
      notFound: outcome === 'not_found',
      outcome: ending,
      at,
      insight: {
        terms,
        weights,
        strength,
        cited: outcome === 'answered' ? intent.pages : [],
        version: intent.version,
        language: intent.language,
      },
    };
    const rated = next() < 0.06;
    const rating = next() < (intent.gap ? 0.8 : 0.2) ? 'down' : 'up';
    yield {
      question,
      ...(rated
        ? {
            feedback: {
              domain: options.domain,
              threadId: question.threadId,
              messageId,
              fingerprint: `fp_${index % 997}`,
              rating,
              ...(next() < 0.2
                ? { comment: rating === 'down' ? 'This did not answer my question.' : 'Thanks, that worked.' }
                : {}),
              at: new Date(at.getTime() + 30_000),
            },
          }
        : {}),
    };
  }
}
