import { textLines } from '../../contract/search/code-fences.ts';

/** Statement openings of common languages: `import x`, `const y =`, `def f(`, `print(`, `interface X {`… */
const CODE_OPENING =
  /^(?:import\s|interface\s+\w+(?:<[^>]*>)?\s*(?:extends\s+[\w.,\s<>]+)?\{|enum\s+\w+\s*\{|type\s+\w+(?:<[^>]*>)?\s*=|struct\s+\w+|func\s+\w+\(|fn\s+\w+|from\s+\S+\s+import\s|export\s|const\s|let\s|var\s|function\s|async\s|await\s|return\s|def\s|class\s|package\s|using\s+[\w.]+\s*;|using\s*\(|#include|require\(|print\(|console\.|if\s*\(|for\s*\(|}|\)|]|@\w+\()/;
/** Shell prompts and package managers or tools that start a command line. */
const COMMAND_OPENING =
  /^(?:\$\s|>\s|sudo\s|npm\s|npx\s|pnpm\s|yarn\s|bun\s|pip\s|pip3\s|uv\s|poetry\s|go\s+(?:get|install|run)\s|cargo\s|brew\s|apt(?:-get)?\s|curl\s|wget\s|docker\s|kubectl\s|helm\s|git\s|echo\s|export\s+[A-Z_]+=|[A-Z][A-Z0-9_]+=)/;
/** Comments (`# …`, `// …`), `key: value` and `name = value` lines of configuration, and member expressions (`input.query.x in …`). */
const CONFIG_OR_COMMENT =
  /^(?:#\s|\/\/|--\s|-?\s*[a-z_][\w.-]*:\s+\S+$|[a-z_][\w.]*\s*=\s*\S|[a-z_]\w*(?:\.\w+)+\s)|\S\s{2,}#\s/;
/** A call (`run(x)`) or an opening bracket, comma, semicolon, backslash, arrow or closing quote at the end of a line. */
const CODE_ENDING = /(?:[{([,;\\]|=>|\w\([^()]*\)\s*;?|["'`])$/;
/** A short command line: a lower-case program name then a flag (`eksctl delete nodegroup -f x.yaml`) or a hyphenated, dotted or slashed first argument (`make restart-app`). */
const COMMAND_LINE = /^[a-z][\w.-]*\s+(?:(?:[^\s:]+\s+)*?--?[a-z]|[\w.]+[-./][\w./-]+(?:\s|$))/;
const MAX_COMMAND_LENGTH = 120;
/** A short all-lower-case line of two to six words without a full stop (`flox install graphviz`), not a "name - summary" line. */
const SHORT_COMMAND = /^[a-z][\w.-]*(?:\s+[a-z0-9<$@./-][^\s]*){1,5}$/;
const CODE_PUNCTUATION = /[{}()[\];=<>&$`]/g;
/** A field's name and type in brackets: "model (string, required)", "items[].id (string)", "data (object[])". */
const FIELD_DEFINITION =
  /^`?[\w.[\]-]+`?\s*\([^)]*\b(?:string|number|integer|boolean|object|array|required|optional)\b[^)]*\)/i;
/** Words ending with a semicolon, as list items of steps do ("Create a new billable metric;"): with no other code punctuation, prose. */
const PROSE_CLAUSE_END = /^[\p{L}"“'(][^;]*\s[^;]*;$/u;
/** Words ending with a comma, as the items of a sentence's list do ("Purchase a domain name from a DNS provider,"). */
const PROSE_ITEM_END = /^[\p{L}"“'(][\p{L}\p{N}\s'’"”()-]*\s[\p{L}\p{N}\s'’"”()-]*\s[\p{L}\p{N}'’"”()-]+,$/u;
/** Words in brackets, as prose writes an aside ("US West (Oregon)", "(in seconds, default 30)"): not code punctuation. */
const PROSE_ASIDE = /\((?=[^()]*[A-Za-z]{2})[\w\s,.'’%/:-]*\)/g;
/** The language named after an opening fence (```python), and the title the block shows after it (```bash Homebrew). */
const FENCE_LANGUAGE = /^`{3,}\s*([\w#+.-]+)(?:\s+(.*\S))?/;
const TABLE_ROW = /\S\s\|\s\S|^\|.*\|$|\S\s\|(?:\s\s\|)+\s*$/;
/** The name and parenthesised type a field line opens with (`wait_for (integer | string):`), or is (`currency (null | string)`): a union's ` | ` there is not a cell border. */
const FIELD_OPENING = /^`?[\w.[\]-]+`?\s*\([^()]*\)\s*(?::|$)/;

/**
 * Whether a line of section text is code rather than prose: a statement or import, a shell command, a comment or
 * configuration line, or a line dense in code punctuation or ending like code (a table row is not code). Prose
 * sentences end with a full stop and mostly hold words (a long one is prose even when it starts like a command:
 * "yarn will be installed via npm.").
 */
export function isCodeLine(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length === 0) return false;
  const complete = /[.!?]$/.test(trimmed);
  const punctuation = trimmed.replace(PROSE_ASIDE, '').match(CODE_PUNCTUATION)?.length ?? 0;
  if (/[.!?:]$/.test(trimmed) && punctuation / trimmed.length < 0.02 && trimmed.split(/\s+/).length >= 8) return false;
  if (CODE_OPENING.test(trimmed) || COMMAND_OPENING.test(trimmed)) return true;
  if (isTableRow(trimmed) || isFieldDefinition(trimmed)) return false;
  if (
    !complete &&
    (CONFIG_OR_COMMENT.test(trimmed) || (trimmed.length <= MAX_COMMAND_LENGTH && COMMAND_LINE.test(trimmed)))
  )
    return true;
  if (!complete && SHORT_COMMAND.test(trimmed) && !/\s-\s/.test(trimmed)) return true;
  if (punctuation / trimmed.length > 0.06) return true;
  if ((PROSE_CLAUSE_END.test(trimmed) && punctuation === 1) || PROSE_ITEM_END.test(trimmed)) return false;
  return CODE_ENDING.test(trimmed) && !complete;
}

/** Whether a line defines a field with its type, as API and configuration references list them: "model (string, required): …", "items[].id (string)". */
export function isFieldDefinition(line: string): boolean {
  return FIELD_DEFINITION.test(line);
}

/** Whether a line is a row of a table flattened into the text (cells joined by ` | `). */
export function isTableRow(line: string): boolean {
  return TABLE_ROW.test(line.trim().replace(FIELD_OPENING, ''));
}

/** A code block of a text, the prose line that introduces it ('' when none does) and the one right after it. */
export interface CodeBlock {
  code: string;
  intro: string;
  /** The line of the text the intro stands on (-1 when there is none). */
  introLine: number;
  /** The language its fence names (fenced blocks only). */
  language?: string;
  /** The title its fence gives after the language (a `<CodeGroup>` tab label such as "Homebrew"). */
  title?: string;
  /** The line of the text it starts on (its opening fence, for a fenced block). */
  line: number;
  /** The prose line right after the block ('' when another block or the end of the text follows it). */
  outro: string;
}

/**
 * The code blocks of a section's text with the prose line before each: its fenced blocks exactly; in a text without
 * fences (code flattened into the text by builds before code was fenced), runs of consecutive code lines, each
 * joined with newlines.
 */
export function codeBlocksOf(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = textLines(text);
  const fencedText = lines.some((line) => line.fence !== undefined);
  let run: string[] = [];
  let intro = { text: '', line: -1 };
  let lastProse = { text: '', line: -1 };
  let fenced: string[] = [];
  let language = '';
  let title = '';
  let start = 0;
  let awaitingOutro: CodeBlock | undefined;
  const endRun = (): void => {
    if (run.length > 0)
      blocks.push({ code: run.join('\n').trimEnd(), intro: intro.text, introLine: intro.line, line: start, outro: '' });
    run = [];
  };
  for (const [number, { text: line, code, fence }] of lines.entries()) {
    if (code) {
      if (fence === 'open') {
        awaitingOutro = undefined;
        fenced = [];
        start = number;
        const info = FENCE_LANGUAGE.exec(line);
        language = info?.[1] ?? '';
        title = info?.[2] ?? '';
      } else if (fence === undefined) fenced.push(line);
      if (fence === 'close' && fenced.some((codeLine) => codeLine.trim() !== '')) {
        awaitingOutro = {
          code: fenced.join('\n').trimEnd(),
          intro: lastProse.text,
          introLine: lastProse.line,
          line: start,
          outro: '',
          ...(language ? { language } : {}),
          ...(title ? { title } : {}),
        };
        blocks.push(awaitingOutro);
      }
    } else if (!fencedText && (isCodeLine(line) || (run.length > 0 && /^\s+\S/.test(line)))) {
      if (run.length === 0) {
        intro = lastProse;
        start = number;
      }
      run.push(line);
    } else if (line.trim() === '') {
      if (run.length > 0) run.push('');
    } else {
      const ended = run.length > 0;
      endRun();
      const explained = ended ? blocks.at(-1) : awaitingOutro;
      if (explained) explained.outro = line.trim();
      awaitingOutro = undefined;
      lastProse = { text: line.trim(), line: number };
    }
  }
  endRun();
  return blocks;
}
