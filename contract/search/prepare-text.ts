import porter2Stem from 'wink-porter2-stemmer';
import { ENGLISH_STOP_WORDS } from './english-stop-words.ts';

const SEGMENTED_SCRIPT = /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
const WORD = /[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)*/gu;
/** An English contraction's tail ("I've", "we're", "it's"): split at the apostrophe, the words would leave `ve`, `re` as terms. */
const CONTRACTION_TAIL = /(?<=\p{L})['’](?:ve|re|ll|d|m|s)(?!\p{L})/giu;
const SEGMENTER_LOCALES: Record<string, string> = {
  cn: 'zh',
  zh: 'zh',
  'zh-Hans': 'zh-Hans',
  'zh-Hant': 'zh-Hant',
  ja: 'ja',
  jp: 'ja',
  ko: 'ko',
  th: 'th',
};
const segmenters = new Map<string, Intl.Segmenter>();
/** Stems are memoised: a site's vocabulary is small and stemming sits on the query and answer hot path. */
const stems = new Map<string, string>();
const MAX_MEMOISED_STEMS = 100_000;

/** Languages whose text gets English stop words and stemming (untagged text counts as English). */
export function isEnglish(language: string | undefined): boolean {
  return language === undefined || language === 'en' || language.startsWith('en-');
}

/**
 * Turns text into index/query terms, the one preparation shared by build and query: lower-cased words
 * (identifiers like `OLLAMA_HOST` kept whole and split), English stop words removed and stems for
 * English, `Intl.Segmenter` words for Chinese, Japanese, Korean and Thai, plain lower-cased words otherwise.
 */
export function prepareText(text: string, language?: string): string[] {
  const terms: string[] = [];
  const english = isEnglish(language);
  const addWord = (word: string): void => {
    if (english) {
      if (word.length < 2 && !/\d/.test(word)) return;
      if (ENGLISH_STOP_WORDS.has(word)) return;
      terms.push(stemOf(word));
    } else {
      terms.push(word);
    }
  };
  const addWords = (chunk: string): void => {
    for (const match of chunk.toLowerCase().matchAll(WORD)) {
      const word = match[0];
      addWord(word);
      if (word.includes('_')) for (const part of word.split('_')) if (part) addWord(part);
    }
  };
  const addPlainWords = (chunk: string): void =>
    addWords(english && /['’]/.test(chunk) ? withoutContractions(chunk) : chunk);
  if (!SEGMENTED_SCRIPT.test(text)) {
    addPlainWords(text);
    return terms;
  }
  // Only the lines written in a segmented script go through `Intl.Segmenter`, in bounded pieces: its time grows
  // faster than the text (a 144 KB code block holding one Chinese word took 14 s whole).
  const segmenter = segmenterFor(language);
  for (const line of text.split('\n')) {
    if (!SEGMENTED_SCRIPT.test(line)) {
      addPlainWords(line);
      continue;
    }
    for (const piece of boundedPieces(line))
      for (const segment of segmenter.segment(piece)) {
        if (!segment.isWordLike) continue;
        if (SEGMENTED_SCRIPT.test(segment.segment)) terms.push(segment.segment.toLowerCase());
        else addWords(segment.segment);
      }
  }
  return terms;
}

/** Characters `Intl.Segmenter` is given at once, at most. */
const MAX_SEGMENTED_PIECE = 2000;
/** Where a long line may be cut between words: a space or a sentence or clause mark. */
const PIECE_BREAK = /[\s。．！？；，、!?;,]/g;

/** A line in pieces of at most `MAX_SEGMENTED_PIECE` characters, each cut after its last break mark (anywhere when it has none). */
function boundedPieces(line: string): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > MAX_SEGMENTED_PIECE) {
    const window = rest.slice(0, MAX_SEGMENTED_PIECE);
    let cut = 0;
    for (const match of window.matchAll(PIECE_BREAK)) cut = match.index + 1;
    if (cut === 0) cut = MAX_SEGMENTED_PIECE;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

/**
 * English text with each contraction's tail dropped ("we've" → "we", "it's" → "it"). A negative one keeps its word
 * ("don't" → `don`): the negation tells "when I don't configure one" from the rest.
 */
function withoutContractions(text: string): string {
  return text.replace(CONTRACTION_TAIL, '');
}

/**
 * Longest word stemmed: the stemmer's time grows with the square of a word's length (a 16,000-character word takes
 * 2 s), and no English word is this long; longer ones (hashes, base64, a pasted blob) stay as written.
 */
const MAX_STEMMED_LENGTH = 64;

function stemOf(word: string): string {
  if (word.length > MAX_STEMMED_LENGTH) return word;
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = porter2Stem(word);
    if (stems.size >= MAX_MEMOISED_STEMS) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

function segmenterFor(language: string | undefined): Intl.Segmenter {
  const locale = (language && SEGMENTER_LOCALES[language]) ?? 'zh';
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}
