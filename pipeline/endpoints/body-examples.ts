import { fenceCode } from '../../contract/search/code-fences.ts';
import { isRecord } from '../site-model/is-record.ts';
import { schemaExample } from './schema-example.ts';

/** Most examples shown per body (a request body, or one response); further ones are left out. */
export const MAX_BODY_EXAMPLES = 10;
/** Most characters of one example's code; a longer one is cut at a line break and ends with a `…` line. */
export const MAX_EXAMPLE_CHARACTERS = 4_000;

/** How the examples of one body are labelled and completed. */
export interface BodyExampleOptions {
  /** The label line of an example: its summary (else its name), or `undefined` for the body's one unnamed example. */
  label: (name: string | undefined) => string;
  /** Which side of the exchange the body is: a request leaves `readOnly` fields out of a generated example, a response `writeOnly` ones. */
  direction: 'request' | 'response';
  /** Whether a body without any example shows one generated from its schema, labelled `(from the schema)`. Default: false. */
  fromSchema?: boolean;
}

/**
 * The examples of a body (`content.<media type>`) as the platform picks them (`convertExamples` of
 * `@mintlify/validation`), each a label line and its value as a fenced code block — JSON for structured values, a string
 * as written (fenced as `json` or `xml` when its media type says so): the named `examples` that have a `value`, each
 * labelled by its summary (else its name); else the media type's one `example`; else its schema's own `example` (or
 * first `examples` entry); else, with `fromSchema`, the example the platform builds from the schema (`schemaExample`).
 * At most `MAX_BODY_EXAMPLES` per body, each cut to `MAX_EXAMPLE_CHARACTERS`; the same example under two media types is
 * shown once.
 */
export function bodyExamples(content: unknown, options: BodyExampleOptions): string[] {
  if (!isRecord(content)) return [];
  const shown = new Set<string>();
  for (const [mediaType, media] of Object.entries(content)) {
    if (!isRecord(media)) continue;
    for (const block of mediaExamples(media, mediaType, options)) {
      if (shown.size >= MAX_BODY_EXAMPLES) return [...shown];
      shown.add(block);
    }
  }
  return [...shown];
}

/** The example blocks of one media type, in the platform's order of preference. */
function mediaExamples(media: Record<string, unknown>, mediaType: string, options: BodyExampleOptions): string[] {
  const named = Object.entries(isRecord(media.examples) ? media.examples : {}).filter(
    (entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]) && entry[1].value !== undefined,
  );
  if (named.length > 0) {
    return named.map(([name, example]) => {
      const summary = typeof example.summary === 'string' ? oneLine(example.summary) : '';
      return exampleBlock(options.label(summary === '' ? name : summary), example.value, mediaType);
    });
  }
  if (media.example !== undefined) return [exampleBlock(options.label(undefined), media.example, mediaType)];
  const schema = media.schema;
  if (!isRecord(schema)) return [];
  const own = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (own !== undefined) return [exampleBlock(options.label(undefined), own, mediaType)];
  if (options.fromSchema !== true) return [];
  const generated = schemaExample(schema, options.direction);
  return [exampleBlock(`${options.label(undefined)} (from the schema)`, generated, mediaType)];
}

/** The label, then the value fenced (nothing more when it is empty or cannot be written as JSON). */
function exampleBlock(label: string, value: unknown, mediaType: string): string {
  const code = typeof value === 'string' ? value : jsonText(value);
  if (code === undefined || code.trim() === '') return label;
  const language = typeof value === 'string' ? textLanguage(mediaType) : 'json';
  return `${label}\n${fenceCode(cutExampleCode(code), language)}`;
}

/** A value as indented JSON; `undefined` for one JSON cannot hold (a circular value). */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return undefined;
  }
}

/** The language of a string example's fence, from its media type: `json`, `xml`, else none. */
function textLanguage(mediaType: string): string | undefined {
  const type = mediaType.toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('xml')) return 'xml';
  return undefined;
}

/** The code whole when it fits `MAX_EXAMPLE_CHARACTERS`, else its first lines that fit and a `…` line. */
export function cutExampleCode(code: string): string {
  if (code.length <= MAX_EXAMPLE_CHARACTERS) return code;
  const head = code.slice(0, MAX_EXAMPLE_CHARACTERS);
  const lastBreak = head.lastIndexOf('\n');
  return `${lastBreak > 0 ? head.slice(0, lastBreak) : head}\n…`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
