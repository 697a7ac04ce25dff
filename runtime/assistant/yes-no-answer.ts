import { prepareText } from '../../contract/search/prepare-text.ts';

/** Words that deny what follows them. */
const NEGATION =
  /^(?:not|no|never|cannot|can't|can’t|don't|don’t|doesn't|doesn’t|isn't|isn’t|aren't|aren’t|won't|won’t|wouldn't|shouldn't|mustn't|without|neither|nor)$/i;
/** Words between a negation and what it denies that do not count towards its reach ("cannot be used", "nor can it be deleted"). */
const AUXILIARY =
  /^(?:be|been|being|is|are|was|were|can|could|will|would|get|got|it|they|you|we|i|he|she|ever|also|even|yet)$/i;
/** How many words before a question term a negation may stand to deny it ("do not send webhook events"), auxiliaries aside. */
const NEGATION_REACH = 3;

/**
 * "No" when the sentence answering a yes/no question denies what the question asks: a negation stands right before
 * one of the question's own terms ("Enhanced webhooks do not send failed transactions" for "do enhanced webhooks
 * send failed transactions?"); undefined otherwise — a "yes" read from wording alone is too often wrong ("You can
 * keep using the Community Edition" does not say the Enterprise feature asked about is there), and a question that
 * itself denies something ("can I call it without a user id?") is not read at all. A sentence already opening with
 * yes or no needs nothing.
 */
export function denialOf(question: string, sentence: string, questionTerms: ReadonlySet<string>): 'No' | undefined {
  if (
    /^\s*(?:yes|no)\b/i.test(sentence) ||
    question.split(/\s+/).some((word) => NEGATION.test(word.replace(/[^\p{L}'’]/gu, '')))
  )
    return undefined;
  return deniesQuestionTerm(sentence, questionTerms) ? 'No' : undefined;
}

/** Whether a negation stands right before one of the question's terms in the sentence ("you can’t change the privileges", "nor can it be deleted"). */
export function deniesQuestionTerm(sentence: string, questionTerms: ReadonlySet<string>): boolean {
  const words = sentence.split(/\s+/).map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, ''));
  return words.some((word, position) => {
    if (!NEGATION.test(word)) return false;
    return words
      .slice(position + 1)
      .filter((next) => !AUXILIARY.test(next))
      .slice(0, NEGATION_REACH)
      .some((next) => prepareText(next).some((term) => questionTerms.has(term)));
  });
}
