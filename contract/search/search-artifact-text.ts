import type { SearchArtifact } from './search-artifact.ts';

/** Arrays written one element per line, so that a reader can parse them a slice at a time (`vectors` only when present). */
const LINE_ARRAYS = ['sections', 'terms', 'pages', 'vectors'] as const;

/**
 * Serialises a search artifact as compact JSON with one element of `sections`, `terms`, `pages` and (when present)
 * `vectors` per line (JSON escapes every newline inside strings, so lines never split a value). Valid JSON for any
 * reader; the runtime parses it in slices (`parseSearchArtifactText`). Deterministic.
 */
export function serializeSearchArtifact(artifact: SearchArtifact): string {
  const { sections, terms, pages, vectors, ...header } = artifact;
  const lines = [`${JSON.stringify(header).slice(0, -1)},`];
  const arrays: Record<(typeof LINE_ARRAYS)[number], unknown[] | undefined> = { sections, terms, pages, vectors };
  const present = LINE_ARRAYS.filter((key) => arrays[key] !== undefined);
  present.forEach((key, position) => {
    lines.push(`${JSON.stringify(key)}:[`);
    const elements = arrays[key] as unknown[];
    if (elements.length > 0) lines.push(elements.map((element) => JSON.stringify(element)).join(',\n'));
    lines.push(position < present.length - 1 ? '],' : ']}');
  });
  return `${lines.join('\n')}\n`;
}

/** Lines parsed between two yields of `parseSearchArtifactText` (~2–5 ms of work). */
const LINES_PER_SLICE = 1000;
const ARRAY_START = /^"([A-Za-z]+)":\[$/;

/**
 * Parses search.json a slice of lines at a time (a generator: it yields between slices) when it has the layout
 * `serializeSearchArtifact` writes; any other text (an older format, a hand-edited file) is parsed whole with
 * `JSON.parse`. Throws a SyntaxError when the text is not JSON.
 */
export function* parseSearchArtifactText(text: string): Generator<void, unknown> {
  const lines = text.split('\n');
  const header = lines[0] ?? '';
  const parsed = header.endsWith(',') ? tryParse(`${header.slice(0, -1)}}`) : undefined;
  if (!parsed || typeof parsed !== 'object') return JSON.parse(text) as unknown;
  const artifact = parsed as Record<string, unknown>;
  let current: unknown[] | undefined;
  let closed = false;
  for (let number = 1; number < lines.length; number += 1) {
    const line = lines[number] as string;
    if (number % LINES_PER_SLICE === 0) yield;
    if (closed) {
      if (line !== '') return JSON.parse(text) as unknown;
      continue;
    }
    if (current === undefined) {
      const start = ARRAY_START.exec(line);
      if (!start || (start[1] as string) in artifact) return JSON.parse(text) as unknown;
      current = [];
      artifact[start[1] as string] = current;
      continue;
    }
    if (line === '],' || line === ']}') {
      current = undefined;
      closed = line === ']}';
      continue;
    }
    const element = tryParse(line.endsWith(',') ? line.slice(0, -1) : line);
    if (element === undefined) return JSON.parse(text) as unknown;
    current.push(element);
  }
  return closed ? artifact : (JSON.parse(text) as unknown);
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
