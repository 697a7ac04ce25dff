import { element, icon, iconButton } from './dom-helpers.ts';
import { renderMarkdown } from './render-markdown.ts';
import { NEW_TAB_REL } from './new-tab-rel.ts';
import type { AnswerSource, ChatMessage } from './ui-message-stream.ts';

/** What an answer's controls ask of the chat. */
export interface AnswerHooks {
  /** Thumbs up/down pressed: the chat holds the rating until the comment is sent or the reader moves on. */
  rate(message: ChatMessage, rating: 'up' | 'down'): void;
  /** The optional comment of a rating was sent. */
  comment(message: ChatMessage, text: string): void;
  /** Says finished blocks of the answer to assistive technology (a polite live region). */
  announce(text: string): void;
}

/** Said under an answer the reader stopped, and announced. */
const STOPPED = 'Stopped — this answer is incomplete.';

/** The view of one answer, updated in place as the answer streams in. */
export interface AnswerView {
  item: HTMLLIElement;
  update(message: ChatMessage): void;
  /** Shows the rating as sent: the comment form closes and the thumbs stay pressed. */
  feedbackSent(rating: 'up' | 'down'): void;
}

/**
 * An answer: its Markdown (code blocks with a copy button, `[n]` citations linking to their sources), the cited
 * sources as cards (title and breadcrumb) with the others behind "more sources", and once finished "copy answer"
 * and thumbs with an optional comment; one the reader stopped says so in words and can still be copied. Finished
 * blocks are announced as they complete.
 */
export function createAnswerView(hooks: AnswerHooks): AnswerView {
  const item = element('li', 'docsmith-message docsmith-assistant');
  const body = element('div', 'docsmith-text docsmith-markdown');
  const sources = element('div', 'docsmith-sources');
  item.append(body, sources);
  let rendered = { text: '', sourceCount: -1, state: '' };
  let announced = 0;
  let actions: ReturnType<typeof createActions> | undefined;
  return {
    item,
    update(message) {
      item.dataset.messageId = message.id;
      if (
        rendered.text === message.text &&
        rendered.sourceCount === message.sources.length &&
        rendered.state === message.state
      )
        return;
      rendered = { text: message.text, sourceCount: message.sources.length, state: message.state };
      body.replaceChildren(
        renderMarkdown(message.text, new Map(message.sources.map((source) => [source.number, source]))),
      );
      enhanceBlocks(body);
      const cited = new Set(
        [...body.querySelectorAll<HTMLElement>('a[data-citation]')].map((link) => Number(link.dataset.citation)),
      );
      sources.replaceChildren(...renderSources(message.sources, cited, message.state === 'done'));
      const blocks = [...body.children];
      const finished = message.state === 'streaming' ? blocks.length - 1 : blocks.length;
      for (; announced < finished; announced += 1) hooks.announce(spokenText(blocks[announced]));
      if (message.state === 'stopped' && !item.querySelector('.docsmith-stopped')) {
        item.append(Object.assign(element('p', 'docsmith-stopped'), { textContent: STOPPED }));
        hooks.announce(STOPPED);
      }
      if (message.state !== 'streaming' && !actions) {
        actions = createActions(message, cited, hooks);
        item.append(actions.node);
      }
    },
    feedbackSent(rating) {
      actions?.sent(rating);
    },
  };
}

/** What a finished block says to assistive technology: its text, without the labels of its copy buttons. */
function spokenText(block: Element | undefined): string {
  if (!block) return '';
  const copy = block.cloneNode(true) as Element;
  for (const button of copy.querySelectorAll('.docsmith-copy-code')) button.remove();
  return copy.textContent ?? '';
}

/** Code blocks get a copy button; code blocks and tables that scroll sideways take focus, so keyboards can scroll them. */
function enhanceBlocks(body: HTMLElement): void {
  for (const pre of body.querySelectorAll('pre')) {
    const wrapper = element('div', 'docsmith-code');
    pre.replaceWith(wrapper);
    const copy = iconButton('copy', 'Copy code', 'docsmith-copy-code');
    copy.append(' Copy');
    copy.addEventListener('click', () => void copyText(pre.textContent ?? '', copy));
    wrapper.append(pre, copy);
  }
  requestAnimationFrame(() => {
    for (const block of body.querySelectorAll<HTMLElement>('pre, table')) {
      if (block.scrollWidth > block.clientWidth)
        Object.assign(block, { tabIndex: 0 }).setAttribute(
          'aria-label',
          block.tagName === 'PRE' ? 'Code, scrolls sideways' : 'Table, scrolls sideways',
        );
    }
  });
}

/** Source cards: the cited ones; the others under "more sources" once the answer is finished (uncited sources are not evidence). */
function renderSources(all: AnswerSource[], cited: Set<number>, finished: boolean): Node[] {
  const shown = all.filter((source) => cited.has(source.number));
  const others = all.filter((source) => !cited.has(source.number));
  const nodes: Node[] = [];
  if (shown.length > 0) {
    const list = element('ol', 'docsmith-source-list');
    list.setAttribute('aria-label', 'Sources');
    list.append(...shown.map(sourceCard));
    nodes.push(list);
  }
  if (finished && others.length > 0) {
    const more = element('details', 'docsmith-more-sources');
    const summary = element('summary', '');
    summary.textContent = `${others.length} more source${others.length === 1 ? '' : 's'}`;
    const list = element('ol', 'docsmith-source-list');
    list.append(...others.map(sourceCard));
    more.append(summary, list);
    nodes.push(more);
  }
  return nodes;
}

function sourceCard(source: AnswerSource): HTMLLIElement {
  const item = element('li', '');
  const link = Object.assign(element('a', 'docsmith-source'), {
    href: source.url,
    target: '_blank',
    rel: NEW_TAB_REL,
  });
  const number = Object.assign(element('span', 'docsmith-source-number'), { textContent: String(source.number) });
  const title = Object.assign(element('span', 'docsmith-source-title'), { textContent: source.title });
  const crumb = Object.assign(element('span', 'docsmith-source-crumb'), { textContent: breadcrumbOf(source) });
  link.append(number, title, crumb);
  item.append(link);
  return item;
}

/** The navigation breadcrumb, or the link's host and path where the server sent none. */
function breadcrumbOf(source: AnswerSource): string {
  if (source.breadcrumb.length > 0) return source.breadcrumb.join(' › ');
  try {
    const url = new URL(source.url, location.href);
    return [url.host, ...url.pathname.split('/').filter(Boolean)].join(' › ');
  } catch {
    return source.url;
  }
}

/** "Copy answer", and for a finished answer thumbs up/down and the optional comment form (a stopped one is not rated). */
function createActions(message: ChatMessage, cited: Set<number>, hooks: AnswerHooks) {
  const node = element('div', 'docsmith-actions');
  const row = element('div', 'docsmith-action-row');
  const copy = iconButton('copy', 'Copy answer', 'docsmith-action');
  copy.addEventListener('click', () => void copyText(answerAsMarkdown(message, cited), copy));
  const ratings = message.state === 'done' ? (['up', 'down'] as const) : [];
  const thumbs = ratings.map((rating) => {
    const button = iconButton(
      rating === 'up' ? 'thumbUp' : 'thumbDown',
      rating === 'up' ? 'Helpful' : 'Not helpful',
      'docsmith-action docsmith-rate',
    );
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('click', () => {
      for (const other of thumbs) other.setAttribute('aria-pressed', String(other === button));
      hooks.rate(message, rating);
      showForm(rating);
    });
    return button;
  });
  const status = Object.assign(element('p', 'docsmith-feedback-status'), { role: 'status' });
  row.append(copy, ...thumbs);
  node.append(row, status);
  let form: HTMLFormElement | undefined;
  const showForm = (rating: 'up' | 'down'): void => {
    form?.remove();
    form = element('form', 'docsmith-comment');
    const label = Object.assign(element('label', ''), {
      textContent: rating === 'up' ? 'What helped? (optional)' : 'What was missing or wrong? (optional)',
    });
    const input = Object.assign(element('textarea', 'docsmith-comment-input'), {
      name: 'comment',
      rows: 2,
      maxLength: 2000,
    });
    const id = `docsmith-comment-${Math.random().toString(36).slice(2)}`;
    input.id = id;
    label.htmlFor = id;
    const send = Object.assign(element('button', 'docsmith-button'), { type: 'submit', textContent: 'Send feedback' });
    form.append(label, input, send);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      hooks.comment(message, input.value.trim());
    });
    node.append(form);
  };
  return {
    node,
    sent(rating: 'up' | 'down') {
      form?.remove();
      form = undefined;
      for (const button of thumbs) button.disabled = true;
      status.textContent = rating === 'up' ? 'Thanks for the feedback!' : 'Thanks — this helps improve the docs.';
    },
  };
}

/** The answer as Markdown (marked when stopped) with its cited sources listed under it, for a ticket or a chat. */
function answerAsMarkdown(message: ChatMessage, cited: Set<number>): string {
  const text = message.state === 'stopped' ? `${message.text.trim()}\n\n_${STOPPED}_` : message.text.trim();
  const sources = message.sources
    .filter((source) => cited.has(source.number))
    .map((source) => `[${source.number}] ${source.title}: ${source.url}`);
  return sources.length > 0 ? `${text}\n\nSources:\n${sources.join('\n')}\n` : `${text}\n`;
}

/** Copies text and says so on the button for two seconds (its accessible name stays). */
async function copyText(text: string, button: HTMLButtonElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    button.dataset.copied = 'true';
    button.replaceChildren(icon('check'), button.classList.contains('docsmith-copy-code') ? ' Copied' : '');
  } catch {
    button.dataset.copied = 'false';
  }
  setTimeout(() => {
    button.replaceChildren(icon('copy'), button.classList.contains('docsmith-copy-code') ? ' Copy' : '');
    delete button.dataset.copied;
  }, 2000);
}
