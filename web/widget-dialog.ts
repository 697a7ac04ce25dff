import { element, iconButton } from './dom-helpers.ts';

/** Elements that take the keyboard inside the panel. */
const FOCUSABLE =
  'a[href], button:not(:disabled), textarea:not(:disabled), input:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

/** The panel's parts the widget fills and drives. */
export interface WidgetDialog {
  panel: HTMLDivElement;
  title: HTMLHeadingElement;
  chatRoot: HTMLDivElement;
}

/**
 * The panel: a modal dialog named by its title, with "New conversation" and "Close" in its header and the chat under
 * it; Escape closes it, and Tab and Shift+Tab go round its controls instead of leaving it.
 */
export function createDialog(shadow: ShadowRoot, actions: { close(): void; newConversation(): void }): WidgetDialog {
  const panel = Object.assign(element('div', 'docsmith-panel'), { id: 'docsmith-panel', tabIndex: -1 });
  panel.dataset.open = 'false';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'true');
  panel.setAttribute('aria-labelledby', 'docsmith-title');
  const header = element('header', 'docsmith-header');
  const title = Object.assign(element('h2', 'docsmith-title'), { id: 'docsmith-title' });
  const newChat = iconButton('newChat', 'New conversation', 'docsmith-header-button docsmith-reset');
  const close = iconButton('close', 'Close assistant', 'docsmith-header-button docsmith-close');
  newChat.addEventListener('click', actions.newConversation);
  close.addEventListener('click', actions.close);
  header.append(title, newChat, close);
  const chatRoot = element('div', 'docsmith-chat');
  panel.append(header, chatRoot);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      actions.close();
    } else if (event.key === 'Tab') {
      trapFocus(event, panel, shadow);
    }
  });
  return { panel, title, chatRoot };
}

function trapFocus(event: KeyboardEvent, panel: HTMLElement, shadow: ShadowRoot): void {
  const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (candidate) => candidate.checkVisibility?.() ?? candidate.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const current = shadow.activeElement;
  if (event.shiftKey && (current === first || !panel.contains(current))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (current === last || !panel.contains(current))) {
    event.preventDefault();
    first.focus();
  }
}
