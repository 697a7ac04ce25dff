import { prepareText } from '../../contract/search/prepare-text.ts';
import { TypoCorrector } from '../search/typo-corrector.ts';
import { isCommonProperName } from './common-proper-names.ts';

/** Shortest question term corrected against the sources' terms: shorter ones are too often another word. */
const MIN_CORRECTED_LENGTH = 5;
/** Share of the question's terms absent from every source at which the answer is "not found". */
const MAX_MISSING_SHARE = 0.5;
/** Stems of words a question may hold without naming what it asks about ("how much", "one", "way", "the difference between"). */
export const GENERIC_QUESTION_TERMS: ReadonlySet<string> = new Set(
  prepareText(
    "one ones much many way ways thing things something anything possible need want get make use using work works help tell explain mean best good difference differences differ compare compared comparison versus vs isn't aren't doesn't don't won't can't wasn't didn't",
  ),
);

/** Maps a term of `MIN_CORRECTED_LENGTH` or more that no source holds to the nearest one they hold (a typo: "embeddngs", "dashbord"), else leaves it ("seat" is not "set"). */
export function spellingAgainst(sourceTerms: readonly ReadonlySet<string>[]): (term: string) => string {
  let corrector: TypoCorrector | undefined;
  return (term) => {
    if (term.length < MIN_CORRECTED_LENGTH || sourceTerms.some((terms) => terms.has(term))) return term;
    corrector ??= new TypoCorrector({
      terms: () => new Set(sourceTerms.flatMap((terms) => [...terms])),
      documentFrequency: (candidate) => sourceTerms.filter((terms) => terms.has(candidate)).length,
    });
    return corrector.correct(term) ?? term;
  };
}

/**
 * Whether the sources speak about the question at all (their text, code included, typos forgiven, "SDKs" found as
 * "SDK", a unit found after a number: "GB" in "2GB"): not when at least half of the question's terms appear in none of them, nor when a name the question
 * writes with a capital or in capitals past its first word ("a Unity SDK", "SCIM") appears in none. Generic question
 * words ("how much", "one") do not count, nor do countries, languages, months and weekdays as names ("visitors from
 * Germany").
 */
export function coversQuestion(
  question: string,
  sourceTerms: readonly ReadonlySet<string>[],
  spelling: (term: string) => string,
): boolean {
  const holds = (terms: ReadonlySet<string>, term: string): boolean => {
    const spelt = spelling(term);
    return (
      terms.has(spelt) ||
      (spelt.length > 3 && spelt.endsWith('s') && terms.has(spelt.slice(0, -1))) ||
      holdsAsUnit(terms, spelt)
    );
  };
  const missing = (term: string): boolean =>
    !GENERIC_QUESTION_TERMS.has(term) && sourceTerms.every((terms) => !holds(terms, term));
  const terms = [...new Set(prepareText(question))].filter((term) => !GENERIC_QUESTION_TERMS.has(term));
  if (terms.length > 0 && terms.filter(missing).length / terms.length >= MAX_MISSING_SHARE) return false;
  const names = question
    .split(/\s+/)
    .slice(1)
    .filter((word) => /^[("'`]?[A-Z]/.test(word) && !isCommonProperName(word));
  return !names.some((name) => {
    const nameTerms = prepareText(name);
    return nameTerms.length > 0 && nameTerms.every(missing);
  });
}

/** Whether a unit word is written glued to a number in the terms ("gb" in `2gb`, "ms" in `500ms`). */
function holdsAsUnit(terms: ReadonlySet<string>, unit: string): boolean {
  if (!/^\p{L}{1,5}$/u.test(unit)) return false;
  for (const term of terms)
    if (term.length > unit.length && term.endsWith(unit) && /^\d+(?:[.,]\d+)?$/.test(term.slice(0, -unit.length)))
      return true;
  return false;
}
