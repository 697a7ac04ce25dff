import { prepareText } from '../../contract/search/prepare-text.ts';

/** The terms of each language's sections (only kept for sites with more than one language). */
export type LanguageVocabularies = Map<string, Set<string>>;

/**
 * The language a query is written in, among a site's languages, when it is not the default language: the one with
 * more distinctive terms in the query than the default has against it. A term is distinctive of a language when its
 * sections hold it and the other language cannot account for the word (its preparation of the word is a stop word
 * or a term its own sections hold). Translated pages keep many English words (code, product names, settings), so
 * counting plain matches would read English questions as French; distinctive terms do not: "les livraisons
 * expirent" is French on a site with French pages, "hide a page from the sidebar" stays English. Ties keep the
 * default. Undefined when the query reads as the default language.
 */
export function detectQueryLanguage(
  query: string,
  vocabularies: LanguageVocabularies,
  defaultLanguage: string | undefined,
): string | undefined {
  const defaultVocabulary = defaultLanguage === undefined ? undefined : vocabularies.get(defaultLanguage);
  if (vocabularies.size < 2 || defaultLanguage === undefined || !defaultVocabulary) return undefined;
  const defaultTerms = distinctTerms(query, defaultLanguage);
  let best: string | undefined;
  let bestMargin = 0;
  for (const [language, vocabulary] of vocabularies) {
    if (language === defaultLanguage) continue;
    const own = distinctTerms(query, language).filter(
      (term) => vocabulary.has(term) && !accountsFor(term, defaultLanguage, defaultVocabulary),
    ).length;
    const against = defaultTerms.filter(
      (term) => defaultVocabulary.has(term) && !accountsFor(term, language, vocabulary),
    ).length;
    if (own - against > bestMargin) {
      best = language;
      bestMargin = own - against;
    }
  }
  return best;
}

function distinctTerms(text: string, language: string): string[] {
  return [...new Set(prepareText(text, language))];
}

/** Whether `language` accounts for a word: its preparation drops it (a stop word) or gives only terms its sections hold. */
function accountsFor(word: string, language: string, vocabulary: ReadonlySet<string>): boolean {
  const terms = prepareText(word, language);
  return terms.every((term) => vocabulary.has(term));
}
