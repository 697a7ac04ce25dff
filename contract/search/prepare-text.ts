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
  if (SEGMENTED_SCRIPT.test(text)) {
    const segmenter = segmenterFor(language);
    for (const segment of segmenter.segment(text)) {
      if (!segment.isWordLike) continue;
      if (SEGMENTED_SCRIPT.test(segment.segment)) terms.push(segment.segment.toLowerCase());
      else addWords(segment.segment);
    }
    return terms;
  }
  addWords(english && /['’]/.test(text) ? withoutContractions(text) : text);
  return terms;
}

/**
 * English text with each contraction's tail dropped ("we've" → "we", "it's" → "it"). A negative one keeps its word
 * ("don't" → `don`): the negation tells "when I don't configure one" from the rest.
 */
function withoutContractions(text: string): string {
  return text.replace(CONTRACTION_TAIL, '');
}

function stemOf(word: string): string {
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
