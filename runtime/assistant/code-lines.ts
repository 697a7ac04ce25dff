/** Statement openings of common languages: `import x`, `const y =`, `def f(`, `print(`… */
const CODE_OPENING = /^(?:import\s|from\s+\S+\s+import\s|export\s|const\s|let\s|var\s|function\s|async\s|await\s|return\s|def\s|class\s|package\s|using\s|#include|require\(|print\(|console\.|if\s*\(|for\s*\(|}|\)|]|@\w+\()/;
/** Shell prompts and package managers or tools that start a command line. */
const COMMAND_OPENING = /^(?:\$\s|>\s|npm\s|npx\s|pnpm\s|yarn\s|bun\s|pip\s|pip3\s|uv\s|poetry\s|go\s+(?:get|install|run)\s|cargo\s|brew\s|apt(?:-get)?\s|curl\s|wget\s|docker\s|kubectl\s|helm\s|git\s|echo\s|export\s+[A-Z_]+=|[A-Z][A-Z0-9_]+=)/;
const CODE_ENDING = /(?:[{([,;\\]|=>|\)\s*;?|["'`]\)?)$/;
const CODE_PUNCTUATION = /[{}()[\];=<>|&$`]/g;

/**
 * Whether a line of section text is code rather than prose: a statement or import, a shell command, or a line
 * dense in code punctuation or ending like code. Prose sentences end with a full stop and mostly hold words.
 */
export function isCodeLine(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length === 0) return false;
  if (CODE_OPENING.test(trimmed) || COMMAND_OPENING.test(trimmed)) return true;
  const punctuation = trimmed.match(CODE_PUNCTUATION)?.length ?? 0;
  if (punctuation / trimmed.length > 0.06) return true;
  return CODE_ENDING.test(trimmed) && !/[.!?]$/.test(trimmed);
}

/** The runs of consecutive code lines of a text, each joined with newlines (a code block flattened into the text). */
export function codeBlocksOf(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (isCodeLine(line) || (current.length > 0 && /^\s+\S/.test(line))) current.push(line);
    else if (line.trim() !== '' || current.length === 0) {
      if (current.length > 0) blocks.push(current.join('\n'));
      current = [];
    }
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}
