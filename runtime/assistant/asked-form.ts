/**
 * The written forms of what a question asks for, when its words name one: an environment variable is written
 * `UPPER_SNAKE_CASE`, a command-line flag `--name`, an HTTP header `Header-Name`, an endpoint, URL or path `/a/b`,
 * a port a number. A unit that holds the form answers; a neighbour that only repeats the topic does not.
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
];

/** The form written in the documentation of what the question asks for (`FORMS`), or undefined when it names none. */
export function askedForm(question: string): RegExp | undefined {
  return FORMS.find((form) => form.asked.test(question))?.written;
}
