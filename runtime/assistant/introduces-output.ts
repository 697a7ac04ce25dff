/** What a reader sees when a step has run ("You should see…", "It will print…", "…looks like this"). */
const SEEN = /\b(?:should|will|you['’]ll|you) (?:now )?(?:see|get|print|display)\b|\blooks? like\b/i;
/** A word naming output ("the output", "Response"). */
const OUTPUT_WORD = /\b(?:output|response)s?\b/i;
/** A label standing alone before a block ("Output", "Example response", "Sample results:"). */
const OUTPUT_LABEL =
  /^\W*(?:(?:example|sample|expected|successful|an?|the)\s+)*(?:output|response|result)s?\b[^.!?]{0,24}:?\s*$/i;

/**
 * Whether a line introduces a code block that shows output (what a command prints, what an API returns), not
 * something to run: it says what the reader will see, is an output label ("Example response:"), or names output and
 * ends with a colon ("…prints the following output:"). A sentence that only mentions output ("Use `pretty` to beautify
 * the output.") introduces code to run.
 */
export function introducesOutput(line: string): boolean {
  const text = line.trim();
  return SEEN.test(text) || OUTPUT_LABEL.test(text) || (OUTPUT_WORD.test(text) && text.endsWith(':'));
}
