/**
 * The written forms of what a question asks for, when its words name one: an environment variable is written
 * `UPPER_SNAKE_CASE`, a command-line flag `--name`, an HTTP header `Header-Name`, an endpoint, URL or path `/a/b`,
 * a port a number; a duration, size or price a number with its unit, and how often a period ("every 5 minutes"). A
 * unit that holds the form answers; a neighbour that only repeats the topic does not.
 */
const FORMS: readonly { asked: RegExp; written: RegExp }[] = [
  { asked: /\benv(?:ironment)?[\s-]*var(?:iable)?s?\b/i, written: /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/ },
  { asked: /\bflags?\b|\bcli options?\b/i, written: /(?:^|[\s`'"(=])--?[a-z][\w-]*/ },
  {
    asked: /\bheaders?\b/i,
    written: /\b[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+\b|\b[Xx]-[A-Za-z][\w-]*/,
  },
  {
    asked: /\b(?:endpoint|url|route|path)s?\b/i,
    written: /\bhttps?:\/\/\S+|(?:^|[\s`'"])\/[\w{}.:-]+\/[\w{}./:-]*/,
  },
  { asked: /\bports?\b/i, written: /(?<![\p{L}\p{N}_.-])\d{2,5}\b/u },
  {
    asked:
      /\bhow (?:long|soon)\b|^\s*(?:what|which|when|how|is|are|does|do)\b.*\b(?:timeouts?|expir\w*|retention|ttl|lifetime|duration)\b/i,
    written:
      /\b\d+(?:[.,]\d+)?\s*(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?)\b/i,
  },
  {
    asked: /\bhow often\b|\bfrequen\w+\b/i,
    written: /\bevery\s+(?:\d+\s*)?[a-z]+|\b(?:hourly|daily|weekly|monthly|nightly)\b|\b\d+\s*times\b/i,
  },
  {
    asked: /\bhow (?:big|large)\b|\bhow much (?:storage|space|memory|disk|data|ram)\b|\bsize\b/i,
    written: /\b\d+(?:[.,]\d+)?\s*(?:bytes?|[kmgt]i?b|kilobytes?|megabytes?|gigabytes?|terabytes?)\b/i,
  },
  {
    asked:
      /\bhow much\b.*\b(?:cost|charge|pay|bill)\w*|\b(?:price|cost|fee)s? (?:of|for|per)\b|\bwhat does\b.*\bcost\b/i,
    written: /[$€£¥]\s?\d|\b\d+(?:[.,]\d+)?\s*(?:usd|eur|gbp|dollars?|cents?)\b/i,
  },
];

/** The form written in the documentation of what the question asks for (`FORMS`), or undefined when it names none. */
export function askedForm(question: string): RegExp | undefined {
  return FORMS.find((form) => form.asked.test(question))?.written;
}
