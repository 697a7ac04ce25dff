import assistantRequestSchema from '../../schemas/assistant-request.schema.json' with { type: 'json' };
import type { ReaderContext } from './assistant-request.ts';

const KNOWN_FIELDS = new Set(Object.keys(assistantRequestSchema.properties));
/** How much of the reader's selection joins the retrieval query, in characters (a long code block would drown the question). */
const RETRIEVAL_CONTEXT_CHARS = 300;

/** Top-level fields of a request body the assistant does not know (ignored; clients add their own). */
export function unknownRequestFields(body: object): string[] {
  return Object.keys(body).filter((field) => !KNOWN_FIELDS.has(field));
}

/**
 * The page the reader is on, as the request gives it: its `currentPath`, else the page a selection of its `context`
 * comes from (`path`); undefined when neither names one.
 */
export function readerPagePath(
  currentPath: string | null | undefined,
  context: readonly ReaderContext[] | null | undefined,
): string | undefined {
  if (currentPath && currentPath.trim() !== '') return currentPath;
  return (context ?? []).find((item) => typeof item.path === 'string' && item.path.trim() !== '')?.path;
}

/** The retrieval query: the question, then the start of what the reader selected on the page. */
export function retrievalQuery(question: string, context: readonly ReaderContext[] | null | undefined): string {
  const selected = (context ?? [])
    .map((item) => item.value.trim())
    .filter(Boolean)
    .join(' ')
    .slice(0, RETRIEVAL_CONTEXT_CHARS);
  return selected ? `${question} ${selected}` : question;
}
