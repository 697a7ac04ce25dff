/** What the log may say about a failed answer or store operation: never the prompt, the question or a response body. */
export interface ErrorLogSummary {
  name: string;
  message: string;
  statusCode?: number;
}

/**
 * Summarises an answer-model, store or refresh error for the log. AI SDK errors carry the request body (the prompt with
 * the user's question and the retrieved documentation) and the response body as properties; logging the error
 * object would write them out. Only the name, the first line of the message (at most 200 characters) and an HTTP
 * status are kept; the request id of the log line links it to the request.
 */
export function summarizeErrorForLog(error: unknown): ErrorLogSummary {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error).split('\n')[0]?.slice(0, 200) ?? '' };
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return {
    name: error.name,
    message: (error.message.split('\n')[0] ?? '').slice(0, 200),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
  };
}
