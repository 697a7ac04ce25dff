import { fenceCode } from '../../contract/search/code-fences.ts';
import { prepareText } from '../../contract/search/prepare-text.ts';
import { codeBlocksOf } from './code-lines.ts';
import { memoiseByText } from './memoise-by-text.ts';

/** A code block chosen to answer a question, with the number of the source it comes from. */
export interface CodeAnswer {
  code: string;
  source: number;
  /** Sum of the weights of the question terms the block holds. */
  overlap: number;
  /** How many question terms the block holds. */
  matched: number;
  /** The language its fence names, when it has one. */
  language?: string;
}

const MAX_CODE_LINES = 15;
/** A source's code blocks with the terms of each (its introducing line's included), memoised by text. */
const blocksOf = memoiseByText((text) => codeBlocksOf(text).map((block) => ({ ...block, terms: new Set(prepareText(`${block.intro}\n${block.code}`)) })));
/** How much each rank below the first lowers a block's score. */
const RANK_DECAY = 0.15;

/**
 * The code block of the sources that best matches the question: the most question weight among its terms and
 * those of the line introducing it ("Create one at sign-up:"), a little less for each lower-ranked source, the preferred source first on a tie; at most 15 lines. None when no
 * block shares a term with the question.
 */
export function codeAnswer(sources: readonly { number: number; text: string }[], weights: ReadonlyMap<string, number>, preferredSource?: number): CodeAnswer | undefined {
  let best: (CodeAnswer & { score: number }) | undefined;
  const ordered = [...sources].sort((a, b) => Number(b.number === preferredSource) - Number(a.number === preferredSource) || a.number - b.number);
  for (const source of ordered) {
    for (const { code, terms, language } of blocksOf(source.text)) {
      let overlap = 0;
      let matched = 0;
      for (const [term, weight] of weights) {
        if (!terms.has(term)) continue;
        overlap += weight;
        matched += 1;
      }
      const score = overlap / (1 + RANK_DECAY * (source.number - 1));
      if (overlap > 0 && (!best || score > best.score)) best = { code: code.split('\n').slice(0, MAX_CODE_LINES).join('\n'), source: source.number, overlap, matched, score, ...(language ? { language } : {}) };
    }
  }
  return best && { code: best.code, source: best.source, overlap: best.overlap, matched: best.matched, ...(best.language ? { language: best.language } : {}) };
}

/**
 * A code answer as Markdown: a fenced block with its language, blank lines around it; captioned with its source when
 * no sentence before it cites that source. The fence is longer than any run of backticks in the code (`fenceCode`),
 * so code that shows a fence (a Markdown example) does not end the block early.
 */
export function fencedCode(answer: CodeAnswer, caption?: string): string {
  return `${caption ? `${caption}\n` : '\n\n'}${fenceCode(answer.code, answer.language)}\n\n`;
}
