import type { ChatTarget } from './chat-session.ts';
import type { AnswerSource, ChatMessage } from './ui-message-stream.ts';

/** Messages kept for a reload: more than the server reads back (the thread id carries the rest). */
const KEPT = 40;

/**
 * The conversation of one assistant kept in the tab's sessionStorage, so a reload or the next page of the same site
 * shows it again and follow-ups stay in its thread (docs/decisions/0296). Storage that is blocked or full keeps
 * nothing, silently.
 */
export interface SavedConversation {
  load(): ChatMessage[];
  save(messages: ChatMessage[]): void;
  clear(): void;
}

/** The saved conversation of `target` (one per runtime and domain). */
export function savedConversation(target: ChatTarget): SavedConversation {
  const key = `docsmith-conversation:${target.baseUrl}:${target.domain}`;
  let written = '';
  return {
    load() {
      try {
        const saved = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
        return Array.isArray(saved) ? saved.filter(isMessage) : [];
      } catch {
        return [];
      }
    },
    save(messages) {
      const kept = messages
        .slice(-KEPT)
        .filter((message) => message.role === 'user' || message.text !== '')
        .map((message) => (message.state === 'streaming' ? { ...message, state: 'stopped' as const } : message));
      const text = JSON.stringify(kept);
      if (text === written) return;
      written = text;
      try {
        if (kept.length === 0) sessionStorage.removeItem(key);
        else sessionStorage.setItem(key, text);
      } catch {
        // Storage blocked or full: the conversation lasts as long as the page.
      }
    },
    clear() {
      written = '';
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing was kept.
      }
    },
  };
}

/** A stored message of the shape the chat writes (anything else, from another version or a hand edit, is dropped). */
function isMessage(value: unknown): value is ChatMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Partial<ChatMessage>;
  return (
    typeof message.id === 'string' &&
    (message.role === 'user' || message.role === 'assistant') &&
    typeof message.text === 'string' &&
    Array.isArray(message.sources) &&
    message.sources.every(
      (source: Partial<AnswerSource>) =>
        typeof source.number === 'number' &&
        typeof source.url === 'string' &&
        typeof source.title === 'string' &&
        Array.isArray(source.breadcrumb),
    ) &&
    typeof message.metadata === 'object' &&
    message.metadata !== null &&
    (message.state === 'done' || message.state === 'stopped')
  );
}
