/** JSX text as React renders it: lines trimmed where they meet a line break, blank lines dropped, lines joined by a space. */
export function jsxText(value: string): string {
  const lines = value.split(/\r\n|\n|\r/);
  if (lines.length === 1) return value;
  return lines
    .map((line, index) => {
      const start = index === 0 ? line : line.trimStart();
      return index === lines.length - 1 ? start : start.trimEnd();
    })
    .filter((line) => line !== '')
    .join(' ');
}
