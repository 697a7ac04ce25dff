/** `key="value"`, `key='value'`, `key={…}` and `key=value` options of a code block's meta. */
const OPTION = /(\w+)=(?:"([^"]*)"|'([^']*)'|\{[^}]*\}|\S+)/g;
/** Characters of a title kept: a label, not a paragraph (a meta is author text of any length). */
const MAX_TITLE_LENGTH = 120;
/** Line highlights (`{1,3-4}`) and the bare flags Mintlify reads in a code block's meta. */
const FLAGS = /\{[^}]*\}|\b(?:lines|wrap|expandable|twoslash|showLineNumbers)\b/g;

/**
 * The title a code block shows, from the meta after its language: the `title="…"` option, else what is left once
 * options and flags are taken out (```` ```bash Homebrew ```` → "Homebrew", ```` ```ts app.ts {2} ```` → "app.ts").
 * Mintlify shows it on the block and as the tab label in a `<CodeGroup>`; undefined when there is none; at most 120
 * characters.
 */
export function codeBlockTitle(meta: string | null | undefined): string | undefined {
  if (!meta) return undefined;
  let title: string | undefined;
  const rest = meta.replace(OPTION, (_, key: string, double?: string, single?: string) => {
    if (key === 'title') title = double ?? single;
    return ' ';
  });
  const text = (title ?? rest.replace(FLAGS, ' ')).replace(/[`\n]/g, ' ').replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text.slice(0, MAX_TITLE_LENGTH).trimEnd();
}
