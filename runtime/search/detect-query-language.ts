import { prepareText } from '../../contract/search/prepare-text.ts';

/** The terms of each language's sections (only kept for sites with more than one language). */
export type LanguageVocabularies = Map<string, Set<string>>;

/**
 * The language a query is written in, among a site's languages: the one whose preparation of the query yields the
 * most terms its own sections hold, when that beats the default language's (ties keep the default). "les
 * livraisons expirent" is French on a site with French pages. Undefined when the query reads as the default language.
 */
export function detectQueryLanguage(query: string, vocabularies: LanguageVocabularies, defaultLanguage: string | undefined): string | undefined {
  if (vocabularies.size < 2 || defaultLanguage === undefined) return undefined;
  const known = (language: string): number => {
    const vocabulary = vocabularies.get(language);
    return vocabulary ? [...new Set(prepareText(query, language))].filter((term) => vocabulary.has(term)).length : 0;
  };
  let best = defaultLanguage;
  let bestCount = known(defaultLanguage);
  for (const language of vocabularies.keys()) {
    if (language === defaultLanguage) continue;
    const count = known(language);
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  return best === defaultLanguage ? undefined : best;
}
