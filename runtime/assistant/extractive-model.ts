import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { prepareText } from '../../contract/search/prepare-text.ts';
import { readPromptQuestion, readPromptSources } from './assistant-prompt.ts';
import { answerSentencesOf } from './answer-sentences.ts';
import { citeSentence } from './cite-sentence.ts';
import { codeAnswer, fencedCode, type CodeAnswer } from './code-answer.ts';
import { memoiseByText } from './memoise-by-text.ts';
import { coversQuestion, GENERIC_QUESTION_TERMS, spellingAgainst } from './question-coverage.ts';

/** The answer when no source says anything about the question. */
export const NOT_FOUND_ANSWER = 'I could not find this in the documentation. Try rephrasing the question, or name the feature or command you are asking about.';

const MAX_SENTENCES = 4;
/** Questions whose answer is code or a command (they name code, a language or a command-line tool): the answer then quotes the best-matching code block of the sources. */
const CODE_QUESTION = /\b(?:code|command|commands|snippet|example|install|cli|curl|sdk|python|javascript|typescript|node|go|shell|terminal|docker|helm|kubectl|brew|npm|pip)\b/i;
/** Score factor of a fragment (no full stop: a list item, step title) and of a sentence about the page ("Learn how to…"). */
const FRAGMENT_FACTOR = 0.6;
const META_FACTOR = 0.5;
/** "What is X?" questions: a sentence defining something ("A Satellite is an application…") weighs this much more, and leads. */
const DEFINITION_QUESTION = /^\s*(?:what|who)(?:\s+|['’])(?:is|are|s|does\s+\S+\s+mean)\b/i;
const DEFINITION_FACTOR = 1.5;
/** The lead is the best sentence of the highest-ranked source whose best sentence scores at least this share of the best of all. */
const LEAD_MIN_SHARE = 0.6;
/** Share of the weight of the question terms found in the sources that a sentence matching one of them only must hold to be quoted. */
const MIN_SENTENCE_COVERAGE = 0.35;
/** The terms of a source's whole text (code included), memoised by text. */
const termsOf = memoiseByText((text): ReadonlySet<string> => new Set(prepareText(text)));

interface ScoredSentence {
  text: string;
  /** Defines something ("A Satellite is an application…"): leads the answer to a "what is" question. */
  definition: boolean;
  /** Points back at what came before it ("This will open…"): never the lead while its source has another strong sentence. */
  anaphoric: boolean;
  items: readonly string[];
  rows: readonly (readonly string[])[];
  terms: ReadonlySet<string>;
  source: number;
  position: number;
  score: number;
}

/**
 * The default, offline answer model: a LanguageModelV3 that answers from the sources in its prompt by
 * extracting the sentences sharing the most terms with the question (favouring higher-ranked sources and
 * earlier sentences). It leads with the best sentence of the best source, then the others in reading order, cites
 * each `[n]`, quotes only prose (`answerSentencesOf`: no code, table rows or fragments; lists and tables with the
 * line introducing them), and adds the best-matching code block of the sources in a fenced block when the question
 * asks for code or a command. One sentence per delta; with nothing relevant, or when the question names what no
 * source mentions, it says so.
 */
export function createExtractiveModel(): LanguageModelV3 {
  const answer = (options: LanguageModelV3CallOptions): { sentences: string[]; usage: LanguageModelV3Usage } => {
    let system = '';
    let prompt = '';
    for (const message of options.prompt) {
      if (message.role === 'system') system += message.content;
      else if (message.role === 'user') prompt += message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    }
    const { question, previousQuestion } = readPromptQuestion(prompt);
    const sentences = extractAnswer(question, previousQuestion, readPromptSources(system));
    const outputWords = sentences.join(' ').split(/\s+/).length;
    return { sentences, usage: usageOf(countWords(system) + countWords(prompt), outputWords) };
  };
  return {
    specificationVersion: 'v3',
    provider: 'docsmith',
    modelId: 'extractive',
    supportedUrls: {},
    async doGenerate(options) {
      const { sentences, usage } = answer(options);
      const content: LanguageModelV3Content[] = [{ type: 'text', text: sentences.join('') }];
      return { content, finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
    },
    async doStream(options) {
      const { sentences, usage } = answer(options);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'answer' },
        ...sentences.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 'answer', delta })),
        { type: 'text-end', id: 'answer' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ];
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

/** Picks the answer: sentences each ending with its `[n]` citation and a space, maybe a fenced code block after the lead; the not-found answer when none fits. */
export function extractAnswer(question: string, previousQuestion: string | undefined, sources: { number: number; text: string; title?: string }[]): string[] {
  if (sources.length === 0) return [NOT_FOUND_ANSWER];
  const sentencesBySource = sources.map((source) => answerSentencesOf(source.text));
  const sourceTerms = sources.map((source) => termsOf(source.text));
  const titleTerms = sources.map((source) => termsOf(source.title ?? ''));
  const spelling = spellingAgainst(sourceTerms);
  const questionTerms = new Set(prepareText(question).map(spelling));
  const contextTerms = new Set(previousQuestion ? prepareText(previousQuestion).map(spelling) : []);
  if (questionTerms.size === 0 || !coversQuestion(question, sourceTerms.map((terms, rank) => union(terms, titleTerms[rank] as ReadonlySet<string>)), spelling)) return [NOT_FOUND_ANSWER];
  const containing = (term: string): number => sourceTerms.filter((terms) => terms.has(term)).length;
  const rarity = (term: string): number => Math.log(1 + (sources.length + 1) / (containing(term) + 0.5));
  const weights = new Map([...questionTerms].map((term) => [term, rarity(term)]));
  const found = [...weights].filter(([term]) => containing(term) > 0);
  const contextWeights = new Map([...contextTerms].filter((term) => !weights.has(term)).map((term) => [term, 0.3 * rarity(term)]));
  const strongest = Math.max(...found.map(([, weight]) => weight));
  const foundWeight = found.reduce((sum, [, weight]) => sum + weight, 0);
  const asksDefinition = DEFINITION_QUESTION.test(question);
  /**
   * Scores every sentence against the question; with `titleCredit`, a question term in a source's title (page
   * title › heading) counts for each sentence of that source too — the fallback when no sentence names what the
   * question asks ("how do I log in?" → under *Log in*, "Run example login to connect your account").
   */
  const scoreSentences = (titleCredit: boolean): ScoredSentence[] => {
    const candidates: ScoredSentence[] = [];
    sentencesBySource.forEach((sentences, rank) => {
      const source = sources[rank] as { number: number };
      const credited = titleCredit ? [...weights].filter(([term]) => titleTerms[rank]?.has(term)) : [];
      sentences.forEach(({ sentence, items, rows, terms, complete, meta, definition, anaphoric }, position) => {
        let overlap = 0;
        let matched = 0;
        let matchedTerms = 0;
        for (const term of terms) {
          const weight = weights.get(term);
          if (weight !== undefined) {
            overlap += weight;
            matched += weight;
            matchedTerms += 1;
          } else {
            overlap += contextWeights.get(term) ?? 0;
          }
        }
        for (const [term, weight] of credited) {
          if (terms.has(term)) continue;
          overlap += weight;
          matched += weight;
          matchedTerms += 1;
        }
        if (matched === 0 || (matchedTerms < 2 && matched < foundWeight * MIN_SENTENCE_COVERAGE) || overlap < strongest * 0.6) return;
        if ((items.length > 0 || rows.length > 0) && !prepareText(sentence).some((term) => weights.has(term) && !GENERIC_QUESTION_TERMS.has(term))) return;
        const relevance = overlap / Math.sqrt(Math.max(terms.size, 4)) + 0.3 / (rank + 1) + 0.15 / (position + 1);
        candidates.push({ text: sentence, items, rows, terms, definition, anaphoric, source: source.number, position, score: relevance * (complete ? 1 : FRAGMENT_FACTOR) * (meta ? META_FACTOR : 1) * (definition && asksDefinition ? DEFINITION_FACTOR : 1) });
      });
    });
    return candidates;
  };
  const direct = scoreSentences(false);
  const candidates = direct.length > 0 ? direct : scoreSentences(true);
  const codeWanted = CODE_QUESTION.test(question) || candidates.length === 0;
  const code = codeWanted ? codeAnswer(sources, weights) : undefined;
  const caption = (answer: CodeAnswer): string => `From ${sources.find((source) => source.number === answer.source)?.title ?? 'source'} [${answer.source}]:`;
  if (candidates.length === 0) {
    return code && code.matched >= Math.min(2, found.length) ? [fencedCode(code, caption(code))] : [NOT_FOUND_ANSWER];
  }
  const best = candidates.sort((a, b) => b.score - a.score || a.source - b.source || a.position - b.position);
  const top = (best[0] as ScoredSentence).score;
  const strong = best.filter((candidate) => candidate.score >= top * LEAD_MIN_SHARE);
  const definitions = asksDefinition ? strong.filter((candidate) => candidate.definition) : [];
  const leadPool = code && strong.some((candidate) => candidate.source === code.source) ? strong.filter((candidate) => candidate.source === code.source) : definitions.length > 0 ? definitions : strong;
  const leadSource = Math.min(...leadPool.map((candidate) => candidate.source));
  const fromLeadSource = leadPool.filter((candidate) => candidate.source === leadSource);
  const lead = fromLeadSource.find((candidate) => !candidate.anaphoric) ?? (fromLeadSource[0] as ScoredSentence);
  const chosen: ScoredSentence[] = [lead];
  for (const candidate of best) {
    if (chosen.length >= MAX_SENTENCES || candidate.score < lead.score * 0.4) break;
    if (chosen.some((other) => isNearDuplicate(candidate.terms, other.terms) || (isBlock(candidate) && isBlock(other)))) continue;
    chosen.push(candidate);
  }
  const rest = chosen.slice(1).sort((a, b) => a.source - b.source || a.position - b.position);
  const fence = code ? [fencedCode(code, code.source === lead.source ? undefined : `\n\n${caption(code)}`)] : [];
  return [citeSentence(lead), ...fence, ...rest.map(citeSentence)];
}

/** A sentence quoted with the list or table it introduces. */
function isBlock(sentence: ScoredSentence): boolean {
  return sentence.items.length > 0 || sentence.rows.length > 0;
}

/** Two sentences saying nearly the same thing: most of the shorter one's terms are in the other. */
function isNearDuplicate(terms: ReadonlySet<string>, other: ReadonlySet<string>): boolean {
  const [shorter, longer] = terms.size <= other.size ? [terms, other] : [other, terms];
  if (shorter.size === 0) return true;
  let shared = 0;
  for (const term of shorter) if (longer.has(term)) shared += 1;
  return shared / shorter.size >= 0.75;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function usageOf(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function union(first: ReadonlySet<string>, second: ReadonlySet<string>): ReadonlySet<string> {
  return second.size === 0 ? first : new Set([...first, ...second]);
}
