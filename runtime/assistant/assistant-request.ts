/** A part of a message as AI SDK clients send it (only `text` parts carry the question). */
export interface MessagePart {
  type: string;
  text?: string;
  [field: string]: unknown;
}

/** A message of the conversation: AI SDK 4 clients send `content`, AI SDK 5+ clients only `parts`. */
export interface AssistantMessage {
  id?: string;
  role: 'system' | 'user' | 'assistant' | 'data';
  content?: string;
  parts?: MessagePart[];
  metadata?: unknown;
  annotations?: unknown[];
  [field: string]: unknown;
}

/** Filter of the retrieval (docs/reference/http-api.mdx, "Search"). */
export interface AssistantFilter {
  version?: string;
  language?: string;
  groups?: string[];
  tag?: string;
}

/** Something the reader selected on the page (Mintlify's `context`): a code block or a text selection. */
export interface ReaderContext {
  type: string;
  value: string;
  path?: string;
  elementId?: string;
}

/** The request body of POST /v1/assistant/{domain}/message (schemas/assistant-request.schema.json). */
export interface AssistantRequestBody {
  fp: string;
  messages: AssistantMessage[];
  threadId?: string | null;
  retrievalPageSize?: number;
  filter?: AssistantFilter | null;
  trigger?: string;
  id?: string;
  metadata?: unknown;
  context?: ReaderContext[] | null;
  /** The path of the page the reader is on (Mintlify's `currentPath`, at most 200 characters). */
  currentPath?: string | null;
  [field: string]: unknown;
}
