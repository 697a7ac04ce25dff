import type { AssistantProblem } from './assistant-problem.ts';
import { renderProblem, renderSupport } from './chat-notices.ts';
import { browserFingerprint, ChatSession, type ChatTarget } from './chat-session.ts';
import { element, icon } from './dom-helpers.ts';
import { createAnswerView, type AnswerView } from './render-answer.ts';
import { savedConversation } from './saved-conversation.ts';
import type { SupportContact } from './site-settings.ts';
import type { ChatMessage } from './ui-message-stream.ts';

/** What the chat shows besides the conversation; every field may change later (`configure`). */
export interface ChatOptions {
  /** Name of the site, in the greeting (default: "the docs"). */
  siteName?: string;
  /** The starter questions of the empty chat, asked for each time it shows (default: none). */
  starterQuestions?: () => string[];
  /** Offered when the assistant could not answer (default: none). */
  support?: SupportContact;
  /** Keeps the assistant from working here (a bad key, say): shown in place of the conversation, the question box disabled. */
  standingProblem?: AssistantProblem;
  /** A "New conversation" button beside the question box, where no header holds one (the playground; default false). */
  startOverButton?: boolean;
}

/** A chat mounted in the page. */
export interface MountedChat {
  /** Forgets the conversation (also the one kept for a reload) and starts a new thread. */
  startOver(): void;
  /** Asks a question as if typed. */
  ask(text: string): void;
  /** Puts the keyboard in the question box. */
  focusInput(): void;
  /** Sends a rating still waiting for its optional comment (the reader moved on, or the page is going away). */
  flushFeedback(leaving?: boolean): void;
  /** Changes the options given at mount (settings that arrived later). */
  configure(options: ChatOptions): void;
}

/**
 * Mounts a chat in `root` (in a document or a shadow root that holds CHAT_STYLES): the empty state with
 * starter questions, the conversation (questions as plain text, answers as safe Markdown with sources, copy and
 * thumbs), a problem line with a retry, the support contact when the assistant could not answer, the question box
 * (Enter sends, Shift+Enter breaks the line; while answering it stops; optionally "New conversation" beside it), and a polite live region that announces
 * finished blocks of answers. The conversation is kept in the tab for a reload or the next page (`savedConversation`).
 */
export function mountChat(root: HTMLElement, target: ChatTarget, initialOptions: ChatOptions = {}): MountedChat {
  let options = initialOptions;
  root.classList.add('docsmith-chat');
  if (!root.closest('.docsmith-theme')) root.classList.add('docsmith-theme');
  const scroll = element('div', 'docsmith-scroll');
  const empty = element('div', 'docsmith-empty');
  const list = element('ol', 'docsmith-messages');
  list.setAttribute('aria-label', 'Conversation');
  const problem = element('div', 'docsmith-problem');
  problem.setAttribute('role', 'alert');
  const support = element('p', 'docsmith-support');
  scroll.append(empty, list, problem, support);
  const form = element('form', 'docsmith-form');
  const input = Object.assign(element('textarea', 'docsmith-input'), {
    name: 'question',
    rows: 1,
    placeholder: 'Ask a question…',
    autocomplete: 'off',
    maxLength: 4000,
  });
  input.setAttribute('aria-label', 'Your question');
  const submit = Object.assign(element('button', 'docsmith-ask'), { type: 'submit' });
  form.append(input, submit);
  if (initialOptions.startOverButton) {
    const reset = Object.assign(element('button', 'docsmith-button docsmith-reset'), {
      type: 'button',
      textContent: 'New conversation',
    });
    reset.addEventListener('click', () => startOver());
    form.append(reset);
  }
  const disclaimer = Object.assign(element('p', 'docsmith-disclaimer'), {
    textContent: 'Answers are written by AI from the documentation and may be wrong; check the sources.',
  });
  const live = element('div', 'docsmith-visually-hidden docsmith-live');
  live.setAttribute('role', 'log');
  live.setAttribute('aria-live', 'polite');
  root.replaceChildren(scroll, form, disclaimer, live);

  const pending = Object.assign(element('li', 'docsmith-message docsmith-pending'), {
    textContent: 'Searching the docs…',
  });
  const fp = browserFingerprint();
  const saved = savedConversation(target);
  /** Set while a conversation kept from an earlier page is drawn: what was said then is not announced again. */
  let restoring = false;
  const views = new Map<ChatMessage, HTMLLIElement | AnswerView>();
  let draft: { message: ChatMessage; rating: 'up' | 'down' } | undefined;
  let session: ChatSession;
  let scheduled = false;
  let stickToBottom = true;

  const sendDraft = (comment?: string, leaving = false): void => {
    if (!draft) return;
    const { message, rating } = draft;
    draft = undefined;
    void session.sendFeedback(message.id, rating, comment, leaving);
    const view = views.get(message);
    if (view && !(view instanceof HTMLLIElement)) view.feedbackSent(rating);
  };
  const hooks = {
    rate: (message: ChatMessage, rating: 'up' | 'down') => {
      if (draft && draft.message !== message) sendDraft();
      draft = { message, rating };
    },
    comment: (message: ChatMessage, text: string) => {
      if (draft?.message === message) sendDraft(text || undefined);
    },
    announce: (text: string) => {
      if (!restoring && text.trim()) live.append(Object.assign(element('p', ''), { textContent: text }));
    },
  };

  const render = (): void => {
    scheduled = false;
    const messages = session.messages;
    const standing = options.standingProblem;
    empty.hidden = messages.length > 0 || standing !== undefined;
    if (!empty.hidden) renderEmpty(empty, options, (question) => ask(question));
    const items = messages.map((message) => {
      let view = views.get(message);
      if (!view) {
        view = message.role === 'user' ? userItem(message) : createAnswerView(hooks);
        views.set(message, view);
      }
      if (view instanceof HTMLLIElement) return view;
      view.update(message);
      return view.item;
    });
    for (const message of views.keys()) if (!messages.includes(message)) views.delete(message);
    if (session.status === 'submitted') items.push(pending);
    if (items.length !== list.children.length || items.some((item, index) => list.children[index] !== item))
      list.replaceChildren(...items);
    list.setAttribute('aria-busy', String(session.busy));
    renderProblem(problem, standing ?? session.problem, () => void session.retry(), startOver);
    const last = messages.at(-1);
    const couldNotAnswer =
      (last?.role === 'assistant' && last.state === 'done' && last.metadata.notFound === true) ||
      (standing ?? session.problem) !== undefined;
    renderSupport(support, couldNotAnswer ? options.support : undefined);
    input.disabled = standing !== undefined;
    submit.disabled = standing !== undefined;
    if (submit.dataset.busy !== String(session.busy)) {
      submit.dataset.busy = String(session.busy);
      submit.replaceChildren(icon(session.busy ? 'stop' : 'send'));
      submit.setAttribute('aria-label', session.busy ? 'Stop answering' : 'Ask');
      submit.title = session.busy ? 'Stop answering' : 'Ask';
    }
    root.dataset.status = standing ? 'unavailable' : session.status;
    if (stickToBottom) scroll.scrollTop = scroll.scrollHeight;
    if (!session.busy) saved.save(session.messages);
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(render);
  };
  scroll.addEventListener('scroll', () => {
    stickToBottom = scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight < 48;
  });
  const ask = (text: string): void => {
    const question = text.trim();
    if (!question || session.busy || options.standingProblem) return;
    sendDraft();
    stickToBottom = true;
    void session.ask(question);
  };
  const begin = (messages: ChatMessage[]): void => {
    sendDraft();
    session?.stop();
    views.clear();
    live.replaceChildren();
    session = new ChatSession(target, fp, schedule, messages);
    restoring = true;
    render();
    restoring = false;
  };
  const startOver = (): void => {
    saved.clear();
    begin([]);
  };
  begin(saved.load());

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (session.busy) return session.stop();
    const text = input.value;
    if (!text.trim() || options.standingProblem) return;
    input.value = '';
    fitHeight(input);
    ask(text);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  input.addEventListener('input', () => fitHeight(input));
  const leave = (): void => {
    if (document.visibilityState === 'hidden') sendDraft(undefined, true);
  };
  document.addEventListener('visibilitychange', leave);
  addEventListener('pagehide', () => {
    sendDraft(undefined, true);
    saved.save(session.messages);
  });

  return {
    startOver,
    ask,
    focusInput: () => input.focus(),
    flushFeedback: (leaving = false) => sendDraft(undefined, leaving),
    configure(next) {
      options = { ...options, ...next };
      render();
    },
  };
}

function userItem(message: ChatMessage): HTMLLIElement {
  const item = element('li', 'docsmith-message docsmith-user');
  item.append(Object.assign(element('div', 'docsmith-text'), { textContent: message.text }));
  return item;
}

/** The greeting and starter questions, rebuilt only when they change (a focused starter keeps the keyboard). */
function renderEmpty(empty: HTMLElement, options: ChatOptions, ask: (question: string) => void): void {
  const questions = options.starterQuestions?.() ?? [];
  const shown = JSON.stringify([options.siteName, questions]);
  if (empty.dataset.shown === shown) return;
  empty.dataset.shown = shown;
  const greeting = Object.assign(element('p', 'docsmith-greeting'), {
    textContent: `Ask a question about ${options.siteName ?? 'these docs'}. Answers cite the pages they come from.`,
  });
  if (questions.length === 0) return empty.replaceChildren(greeting);
  const heading = Object.assign(element('h3', 'docsmith-starters-heading'), {
    id: 'docsmith-starters-heading',
    textContent: 'Suggestions',
  });
  const list = element('ul', 'docsmith-starters');
  list.setAttribute('aria-labelledby', heading.id);
  for (const question of questions) {
    const button = Object.assign(element('button', 'docsmith-starter'), { type: 'button', textContent: question });
    button.addEventListener('click', () => ask(question));
    const item = element('li', '');
    item.append(button);
    list.append(item);
  }
  empty.replaceChildren(greeting, heading, list);
}

/** The question box grows with its text, up to the height its styles allow. */
function fitHeight(input: HTMLTextAreaElement): void {
  input.style.height = 'auto';
  input.style.height = `${input.scrollHeight}px`;
}
