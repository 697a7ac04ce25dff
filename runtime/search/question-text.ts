/** Characters of a question (after its previous turn) compared with vectors, at most. */
const MAX_QUESTION_TEXT = 2000;

/** The text a question is embedded as: the previous turn's question, when there is one, then the question; its last `MAX_QUESTION_TEXT` characters. */
export function questionText(query: string, previousQuery: string | undefined): string {
  return (previousQuery ? `${previousQuery}\n${query}` : query).slice(-MAX_QUESTION_TEXT);
}
