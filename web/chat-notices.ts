import type { AssistantProblem } from './assistant-problem.ts';
import { element, icon } from './dom-helpers.ts';
import { NEW_TAB_REL } from './new-tab-rel.ts';
import type { SupportContact } from './site-settings.ts';

/** The problem of the last question (or the standing one) with its Try again or Start over button; redrawn only when it changes. */
export function renderProblem(
  box: HTMLElement,
  problem: AssistantProblem | undefined,
  retry: () => void,
  startOver: () => void,
): void {
  const shown = problem ? `${problem.code} ${problem.reader}` : '';
  if (box.dataset.shown === shown) return;
  box.dataset.shown = shown;
  if (!problem) return box.replaceChildren();
  const sentence = Object.assign(element('p', ''), { textContent: problem.reader });
  if (problem.action === 'none') return box.replaceChildren(sentence);
  const button = Object.assign(element('button', 'docsmith-button'), { type: 'button' });
  button.append(icon('retry'), problem.action === 'retry' ? ' Try again' : ' Start over');
  button.addEventListener('click', problem.action === 'retry' ? retry : startOver);
  box.replaceChildren(sentence, button);
}

/** "Contact support" when the assistant could not answer and the site has a contact; redrawn only when it changes. */
export function renderSupport(paragraph: HTMLElement, contact: SupportContact | undefined): void {
  const href = contact?.url ?? (contact?.email ? `mailto:${contact.email}` : undefined);
  if (paragraph.dataset.href === (href ?? '')) return;
  paragraph.dataset.href = href ?? '';
  if (!href) return paragraph.replaceChildren();
  const link = Object.assign(element('a', 'docsmith-support-link'), {
    href,
    textContent: 'Contact support',
    target: '_blank',
    rel: NEW_TAB_REL,
  });
  paragraph.replaceChildren(
    "Didn't find what you need? ",
    link,
    contact?.url && contact.email ? ` or write to ${contact.email}.` : '',
  );
}
