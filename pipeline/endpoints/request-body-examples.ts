import { fenceCode } from '../../contract/search/code-fences.ts';
import { isRecord } from '../site-model/is-record.ts';

/** Most named examples shown per request body; further ones are left out. */
export const MAX_REQUEST_EXAMPLES = 10;
/** Most characters of one example's code; a longer one is cut at a line break and ends with a `…` line. */
export const MAX_EXAMPLE_CHARACTERS = 4_000;

/**
 * The named examples of a request body (`requestBody.content.<type>.examples: {name: {summary, value}}`) as the
 * platform's API page shows them: each labelled by its summary (else its name) — `Example: Streaming mode` — with its
 * value as a fenced code block: JSON for structured values, the string as written (fenced as `json` or `xml` when its
 * media type says so) for text. An example without a value (`externalValue` only) is its label alone. At most
 * `MAX_REQUEST_EXAMPLES` per body, each cut to `MAX_EXAMPLE_CHARACTERS`; the same example under two media types is shown once.
 */
export function requestBodyExamples(content: unknown): string[] {
  if (!isRecord(content)) return [];
  const shown = new Set<string>();
  const blocks: string[] = [];
  for (const [mediaType, media] of Object.entries(content)) {
    const examples = isRecord(media) ? media.examples : undefined;
    if (!isRecord(examples)) continue;
    for (const [name, example] of Object.entries(examples)) {
      if (blocks.length >= MAX_REQUEST_EXAMPLES) return blocks;
      const block = exampleBlock(name, example, mediaType);
      if (shown.has(block)) continue;
      shown.add(block);
      blocks.push(block);
    }
  }
  return blocks;
}

/** `Example: <summary or name>`, then the value fenced (nothing more when it has none). */
function exampleBlock(name: string, example: unknown, mediaType: string): string {
  const summary = isRecord(example) && typeof example.summary === 'string' ? oneLine(example.summary) : '';
  const label = `Example: ${summary === '' ? name : summary}`;
  const value = isRecord(example) ? example.value : undefined;
  if (value === undefined) return label;
  const code = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  if (code === undefined || code.trim() === '') return label;
  const language = typeof value === 'string' ? textLanguage(mediaType) : 'json';
  return `${label}\n${fenceCode(cut(code), language)}`;
}

/** The language of a string example's fence, from its media type: `json`, `xml`, else none. */
function textLanguage(mediaType: string): string | undefined {
  const type = mediaType.toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('xml')) return 'xml';
  return undefined;
}

/** The code whole when it fits `MAX_EXAMPLE_CHARACTERS`, else its first lines that fit and a `…` line. */
function cut(code: string): string {
  if (code.length <= MAX_EXAMPLE_CHARACTERS) return code;
  const head = code.slice(0, MAX_EXAMPLE_CHARACTERS);
  const lastBreak = head.lastIndexOf('\n');
  return `${lastBreak > 0 ? head.slice(0, lastBreak) : head}\n…`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
