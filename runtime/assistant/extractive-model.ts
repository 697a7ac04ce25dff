import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { prepareText } from '../../contract/search/prepare-text.ts';
import { readPromptQuestion, readPromptSources } from './assistant-prompt.ts';
import { codeBlocksOf, isCodeLine } from './code-lines.ts';

/** The answer when no source says anything about the question. */
export const NOT_FOUND_ANSWER = 'I could not find this in the documentation. Try rephrasing the question, or name the feature or command you are asking about.';

const MAX_SENTENCES = 4;
const MAX_CODE_LINES = 15;
/** Questions whose answer is code or a command: the answer then quotes the matching code block of the lead source. */
const CODE_QUESTION = /\b(?:code|command|commands|snippet|example|install|cli|curl|sdk|python|javascript|typescript|node|go|shell|terminal)\b/i;
const MIN_SENTENCE_LENGTH = 20;
const MIN_SENTENCE_WORDS = 5;
const MAX_SENTENCE_LENGTH = 600;
const MAX_CACHED_SOURCES = 2000;
const sentenceCache = new Map<string, readonly { sentence: string; terms: ReadonlySet<string> }[]>();

interface ScoredSentence {
  text: string;
  source: number;
  position: number;
  score: number;
}

/**
 * The default, offline answer model: a LanguageModelV3 that answers from the sources in its prompt by
 * extracting the sentences sharing the most terms with the question (favouring higher-ranked sources and
 * earlier sentences). It leads with the best sentence of the best source, then the others in reading order, cites
 * each `[n]`, never quotes a line of code as a sentence, and adds the matching code block of the lead source in a
 * fenced block when the question asks for code or a command. One sentence per delta; with nothing relevant it
 * says so.
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
export function extractAnswer(question: string, previousQuestion: string | undefined, sources: { number: number; text: string }[]): string[] {
  const questionTerms = new Set(prepareText(question));
  const contextTerms = new Set(previousQuestion ? prepareText(previousQuestion) : []);
  if (questionTerms.size === 0 || sources.length === 0) return [NOT_FOUND_ANSWER];
  const candidates: ScoredSentence[] = [];
  const sentencesBySource = sources.map((source) => sentencesOf(source.text));
  const containing = (term: string): number => sentencesBySource.filter((sentences) => sentences.some((entry) => entry.terms.has(term))).length;
  const rarity = (term: string): number => Math.log(1 + (sources.length + 1) / (containing(term) + 0.5));
  const weights = new Map([...questionTerms].map((term) => [term, rarity(term)]));
  const contextWeights = new Map([...contextTerms].filter((term) => !weights.has(term)).map((term) => [term, 0.3 * rarity(term)]));
  const strongest = Math.max(...weights.values());
  sentencesBySource.forEach((sentences, rank) => {
    const source = sources[rank] as { number: number };
    sentences.forEach(({ sentence, terms }, position) => {
      let overlap = 0;
      let matched = 0;
      for (const term of terms) {
        const weight = weights.get(term);
        if (weight !== undefined) {
          overlap += weight;
          matched += 1;
        } else {
          overlap += contextWeights.get(term) ?? 0;
        }
      }
      if (matched === 0 || overlap < strongest * 0.6) return;
      const score = overlap / Math.sqrt(Math.max(terms.size, 4)) + 0.3 / (rank + 1) + 0.15 / (position + 1);
      candidates.push({ text: sentence, source: source.number, position, score });
    });
  });
  if (candidates.length === 0) return [NOT_FOUND_ANSWER];
  const best = candidates.sort((a, b) => b.score - a.score || a.source - b.source || a.position - b.position);
  const lead = best.find((candidate) => candidate.source === Math.min(...best.map((other) => other.source))) as ScoredSentence;
  const chosen: ScoredSentence[] = [lead];
  const seen = new Set<string>([lead.text.toLowerCase()]);
  for (const candidate of best) {
    if (chosen.length >= MAX_SENTENCES || candidate.score < lead.score * 0.4) break;
    const key = candidate.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(candidate);
  }
  const cite = (sentence: ScoredSentence): string => `${sentence.text.replace(/[.:;,]+$/, '')} [${sentence.source}]. `;
  const rest = chosen.slice(1).sort((a, b) => a.source - b.source || a.position - b.position);
  const code = CODE_QUESTION.test(question) ? codeAnswer(sources.find((source) => source.number === lead.source)?.text ?? '', questionTerms) : undefined;
  return [cite(lead), ...(code ? [`\n\n\`\`\`\n${code}\n\`\`\`\n\n`] : []), ...rest.map(cite)];
}

/** The code block of a source that shares the most terms with the question (the first on a tie), at most `MAX_CODE_LINES` long. */
function codeAnswer(text: string, questionTerms: ReadonlySet<string>): string | undefined {
  let best: { block: string; overlap: number } | undefined;
  for (const block of codeBlocksOf(text)) {
    const overlap = prepareText(block).filter((term) => questionTerms.has(term)).length;
    if (!best || overlap > best.overlap) best = { block, overlap };
  }
  return best?.block.split('\n').slice(0, MAX_CODE_LINES).join('\n');
}

/** A source's candidate sentences with their terms, memoised: sources are sections of a few artifacts, asked again and again. */
function sentencesOf(text: string): readonly { sentence: string; terms: ReadonlySet<string> }[] {
  let sentences = sentenceCache.get(text);
  if (!sentences) {
    sentences = splitSentences(text).map((sentence) => ({ sentence, terms: new Set(prepareText(sentence)) }));
    if (sentenceCache.size >= MAX_CACHED_SOURCES) sentenceCache.clear();
    sentenceCache.set(text, sentences);
  }
  return sentences;
}

function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .filter((line) => !isCodeLine(line))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= MIN_SENTENCE_LENGTH && sentence.length <= MAX_SENTENCE_LENGTH && sentence.split(/\s+/).length >= MIN_SENTENCE_WORDS && /[a-z]/i.test(sentence));
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
