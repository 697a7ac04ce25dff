import type { UIMessage } from 'ai';
import { browserFingerprint, ChatSession, type ChatTarget } from './chat-session.ts';
import { CHAT_STYLES } from './chat-styles.ts';
import { renderMarkdown } from './render-markdown.ts';

/** A chat mounted in the page. */
export interface MountedChat {
  /** Forgets the conversation and starts a new thread. */
  startOver(): void;
}

/**
 * Mounts a chat in `root`: the messages (answers stream in rendered as Markdown, `[n]` citations link to the numbered
 * sources listed under each answer, thumbs up/down per answer; questions stay plain text), a question box,
 * "Start over", and the thread id.
 */
export function mountChat(root: HTMLElement, target: ChatTarget): MountedChat {
  injectStyles(root.ownerDocument);
  root.classList.add('docsmith-chat');
  const fp = browserFingerprint();
  const ratings = new Map<string, 'up' | 'down'>();
  const answers: RenderedAnswers = new Map();
  const thread = element('div', 'docsmith-thread');
  const list = element('ol', 'docsmith-messages');
  const error = element('p', 'docsmith-error');
  const form = element('form', 'docsmith-form');
  const input = Object.assign(element('input', 'docsmith-input'), { name: 'question', placeholder: 'Ask a question about the docs', autocomplete: 'off' });
  const ask = Object.assign(element('button', 'docsmith-ask'), { type: 'submit', textContent: 'Ask' });
  const reset = Object.assign(element('button', 'docsmith-reset'), { type: 'button', textContent: 'Start over' });
  form.append(input, ask, reset);
  root.replaceChildren(list, error, form, thread);

  let session: ChatSession;
  const render = (): void => {
    list.replaceChildren(...session.messages.map((message) => renderMessage(message, session, ratings, answers, render)));
    const threadId = session.threadId;
    thread.textContent = threadId ? `Thread ${threadId}` : '';
    thread.dataset.threadId = threadId ?? '';
    error.textContent = session.error ? `The assistant could not answer: ${session.error.message}` : '';
    const busy = session.status === 'submitted' || session.status === 'streaming';
    ask.disabled = busy;
    root.dataset.status = session.status;
    list.scrollTop = list.scrollHeight;
  };
  const startOver = (): void => {
    void session?.stop();
    ratings.clear();
    answers.clear();
    session = new ChatSession(target, fp, () => render());
    render();
  };
  startOver();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || session.status === 'submitted' || session.status === 'streaming') return;
    input.value = '';
    void session.sendMessage({ text });
  });
  reset.addEventListener('click', startOver);
  return { startOver };
}

/** Each answer's rendered Markdown by message id, with the text and source count it was rendered from. */
type RenderedAnswers = Map<string, { text: string; sourceCount: number; nodes: Node[] }>;

function renderMessage(message: UIMessage, session: ChatSession, ratings: Map<string, 'up' | 'down'>, answers: RenderedAnswers, render: () => void): HTMLLIElement {
  const item = element('li', `docsmith-message docsmith-${message.role}`);
  item.dataset.messageId = message.id;
  const sources = message.parts.flatMap((part, index) => (part.type === 'source-url' ? [{ number: sourceNumber(part.sourceId, index), url: part.url, title: part.title ?? part.url }] : []));
  const text = message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
  const body = element('div', 'docsmith-text');
  item.append(body);
  if (message.role !== 'assistant') {
    body.textContent = text;
    return item;
  }
  body.classList.add('docsmith-markdown');
  // Every change re-renders the list; an answer whose text and sources did not change keeps its nodes (moved, not re-parsed).
  let rendered = answers.get(message.id);
  if (rendered?.text !== text || rendered.sourceCount !== sources.length) {
    rendered = { text, sourceCount: sources.length, nodes: [...renderMarkdown(text, new Map(sources.map((source) => [source.number, source.url]))).childNodes] };
    answers.set(message.id, rendered);
  }
  body.append(...rendered.nodes);
  if (sources.length > 0) {
    const list = element('ol', 'docsmith-sources');
    for (const source of sources) {
      const link = Object.assign(element('a', 'docsmith-source'), { href: source.url, target: '_blank', rel: 'noopener', textContent: `[${source.number}] ${source.title}` });
      const entry = element('li', '');
      entry.append(link);
      list.append(entry);
    }
    item.append(list);
  }
  const finished = (message.metadata as { threadId?: unknown } | undefined)?.threadId !== undefined;
  if (finished) {
    const feedback = element('div', 'docsmith-feedback');
    for (const [rating, label, caption] of [['up', 'Helpful', '▲ Helpful'], ['down', 'Not helpful', '▼ Not helpful']] as const) {
      const button = Object.assign(element('button', 'docsmith-rate'), { type: 'button', textContent: caption, title: label });
      button.setAttribute('aria-label', label);
      button.setAttribute('aria-pressed', String(ratings.get(message.id) === rating));
      button.addEventListener('click', () => {
        ratings.set(message.id, rating);
        render();
        void session.sendFeedback(message.id, rating);
      });
      feedback.append(button);
    }
    item.append(feedback);
  }
  return item;
}

function sourceNumber(sourceId: string, index: number): number {
  const number = /(\d+)$/.exec(sourceId)?.[1];
  return number ? Number(number) : index + 1;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (className) created.className = className;
  return created;
}

function injectStyles(target: Document): void {
  if (target.getElementById('docsmith-chat-styles')) return;
  const style = Object.assign(target.createElement('style'), { id: 'docsmith-chat-styles', textContent: CHAT_STYLES });
  target.head.append(style);
}
