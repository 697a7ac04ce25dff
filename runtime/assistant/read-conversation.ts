import type { AssistantMessage, AssistantRequestBody } from './assistant-request.ts';

/** What the assistant needs from a posted conversation. */
export interface Conversation {
  /** Text of the last user message. */
  question: string;
  /** The user turn before it, for follow-up questions. */
  previousQuestion?: string;
  /** The assistant's answer to that previous turn (the last assistant message before the question), so a model can resolve "it" and "that". */
  previousAnswer?: string;
  /** The client's id of that previous answer (the `messageId` the stream gave it), when it has one. */
  previousAnswerId?: string;
  /** A thread id carried by an earlier assistant message (metadata or finish annotation). */
  historyThreadId?: string;
}

/**
 * Reads the question (the last user message: its `content`, else (blank or absent) its text parts), the previous user turn,
 * the assistant's answer before the question (with its id) and any thread id an earlier assistant message carries (`metadata.threadId` or a `finish` annotation).
 */
export function readConversation(body: AssistantRequestBody): Conversation {
  const userTexts = body.messages
    .filter((message) => message.role === 'user')
    .map(messageText)
    .filter((text) => text.trim() !== '');
  const question = userTexts.at(-1) ?? '';
  const previousQuestion = userTexts.at(-2);
  const lastUser = body.messages.findLastIndex((message) => message.role === 'user');
  const previousAnswerMessage = body.messages
    .slice(0, Math.max(0, lastUser))
    .filter((message) => message.role === 'assistant' && messageText(message).trim() !== '')
    .at(-1);
  const previousAnswer = previousAnswerMessage ? messageText(previousAnswerMessage) : undefined;
  const previousAnswerId =
    typeof previousAnswerMessage?.id === 'string' && previousAnswerMessage.id ? previousAnswerMessage.id : undefined;
  let historyThreadId: string | undefined;
  for (const message of body.messages) {
    if (message.role !== 'assistant') continue;
    historyThreadId = threadIdOf(message) ?? historyThreadId;
  }
  return {
    question,
    ...(previousQuestion ? { previousQuestion } : {}),
    ...(previousAnswer ? { previousAnswer } : {}),
    ...(previousAnswer && previousAnswerId ? { previousAnswerId } : {}),
    ...(historyThreadId ? { historyThreadId } : {}),
  };
}

/** The text of a message: `content` when it is a string with text, else its text parts joined (a client may send `content: ""` beside them). */
export function messageText(message: AssistantMessage): string {
  if (typeof message.content === 'string' && message.content.trim() !== '') return message.content;
  return (message.parts ?? [])
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

function threadIdOf(message: AssistantMessage): string | undefined {
  const metadata = message.metadata as { threadId?: unknown } | undefined;
  if (metadata && typeof metadata.threadId === 'string') return metadata.threadId;
  for (const annotation of message.annotations ?? []) {
    const candidate = annotation as { type?: unknown; threadId?: unknown } | null;
    if (candidate?.type === 'finish' && typeof candidate.threadId === 'string') return candidate.threadId;
  }
  return undefined;
}
