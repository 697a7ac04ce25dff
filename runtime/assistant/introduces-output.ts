/** The line before a block that shows what a step prints rather than what to run ("You should see…", "Example output:", "Response:"). */
const OUTPUT_INTRO =
  /\b(?:should|will|you['’]ll|you) (?:now )?(?:see|get|print|display)\b|\b(?:output|response)s?\b|\blooks? like\b/i;

/** Whether a line introduces a code block that shows output (what a command prints, what an API returns), not something to run. */
export function introducesOutput(line: string): boolean {
  return OUTPUT_INTRO.test(line);
}
