/** The phrasings of "the docs do not cover this" the prompt asks for (`buildAssistantPrompt`) and models use. */
const NOT_FOUND =
  /\b(could not|couldn['’]t|cannot|can['’]t|did not|didn['’]t) find\b[^.]*\b(documentation|docs|sources)\b/i;

/** Whether an answer counts as "not found in the docs": nothing was retrieved, or the answer says so. */
export function isNotFoundAnswer(text: string, resultCount: number): boolean {
  return resultCount === 0 || NOT_FOUND.test(text);
}
