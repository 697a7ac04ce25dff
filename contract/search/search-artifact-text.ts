import type { SearchArtifact } from './search-artifact.ts';

/** Arrays written one element per line, so that a reader can parse them a slice at a time (`vectors` only when present). */
const LINE_ARRAYS = ['bodies', 'terms', 'sections', 'pages', 'vectors'] as const;

/**
 * Serialises a search artifact as compact JSON with one element of `bodies`, `terms`, `sections`, `pages` and (when
 * present) `vectors` per line (JSON escapes every newline inside strings, so lines never split a value). Valid JSON for any
 * reader; the runtime parses it in slices (`parseSearchArtifactText`). Deterministic.
 */
export function serializeSearchArtifact(artifact: SearchArtifact): string {
  const { bodies, terms, sections, pages, vectors, ...header } = artifact;
  const lines = [`${JSON.stringify(header).slice(0, -1)},`];
  const arrays: Record<(typeof LINE_ARRAYS)[number], unknown[] | undefined> = {
    bodies,
    terms,
    sections,
    pages,
    vectors,
  };
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
const NEWLINE = 0x0a;

/**
 * Parses search.json a slice of lines at a time (a generator: it yields between slices) when it has the layout
 * `serializeSearchArtifact` writes; any other text (an older format, a hand-edited file) is parsed whole with
 * `JSON.parse`. `source` is the text or its UTF-8 bytes; bytes are decoded a line at a time (a newline byte never
 * occurs inside a multi-byte character), so a large artifact never becomes one string of the whole file. Throws a
 * SyntaxError when the text is not JSON.
 */
export function* parseSearchArtifactText(source: string | Uint8Array): Generator<void, unknown> {
  const whole = (): unknown =>
    JSON.parse(
      typeof source === 'string' ? source : new TextDecoder('utf-8', { ignoreBOM: true }).decode(source),
    ) as unknown;
  const lines: IterableIterator<string> =
    typeof source === 'string' ? source.split('\n')[Symbol.iterator]() : linesOfBytes(source);
  const header = lines.next().value ?? '';
  const parsed = header.endsWith(',') ? tryParse(`${header.slice(0, -1)}}`) : undefined;
  if (!parsed || typeof parsed !== 'object') return whole();
  const artifact = parsed as Record<string, unknown>;
  let current: unknown[] | undefined;
  let closed = false;
  let number = 0;
  for (const line of lines) {
    number += 1;
    if (number % LINES_PER_SLICE === 0) yield;
    if (closed) {
      if (line !== '') return whole();
      continue;
    }
    if (current === undefined) {
      const start = ARRAY_START.exec(line);
      if (!start || (start[1] as string) in artifact) return whole();
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
    if (element === undefined) return whole();
    current.push(element);
  }
  return closed ? artifact : whole();
}

/** The lines of UTF-8 bytes, each decoded when it is reached (invalid sequences become U+FFFD, a byte-order mark is kept). */
function* linesOfBytes(bytes: Uint8Array): Generator<string, undefined> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let start = 0;
  while (start <= bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline < 0 ? bytes.length : newline;
    yield decoder.decode(bytes.subarray(start, end));
    start = end + 1;
  }
  return undefined;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
