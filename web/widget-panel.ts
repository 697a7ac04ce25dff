import { problemFromFailure, type AssistantProblem } from './assistant-problem.ts';
import { CHAT_STYLES } from './chat-styles.ts';
import { element, icon, iconButton } from './dom-helpers.ts';
import { describeShortcut, isApplePlatform, matchesShortcut } from './keyboard-shortcut.ts';
import { loadChat, prefetchChat } from './load-chat.ts';
import type { ChatOptions, MountedChat } from './render-chat.ts';
import { fetchSiteSettings, isSiteSettings, starterQuestionsFor, type SiteSettings } from './site-settings.ts';
import { accentProperties } from './theme-colors.ts';
import type { WidgetOptions } from './widget-options.ts';
import { WIDGET_STYLES } from './widget-styles.ts';

/** What a page can do with the widget (`window.DocsmithAssistant`). */
export interface WidgetApi {
  open(): void;
  close(): void;
  toggle(): void;
  /** Opens the panel and asks a question. */
  ask(question: string): void;
}

/** Elements that take the keyboard inside the panel. */
const FOCUSABLE = 'a[href], button:not(:disabled), textarea:not(:disabled), input:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';
/** How long the launcher waits for the site's colour before it shows anyway. */
const LAUNCHER_WAIT_MS = 1500;

/**
 * The widget: a launcher and a dialog panel in a shadow root appended to the body. The panel opens from the launcher
 * and the shortcut, closes on Escape, the close button and the shortcut, keeps Tab inside while open and gives the
 * keyboard back to the launcher; it follows the host's light or dark mode and the site's colour. The site's settings
 * (name, colours, starter questions, support contact) are fetched at once, so a key that cannot work here is told to
 * the console before anyone asks. The chat is a bundle of its own (Markdown and all): fetched into the cache when the
 * page is idle, run when a reader reaches for the launcher (hover, focus, touch) or opens the panel
 * (docs/decisions/0152), so the page's load carries only the shell.
 */
export function createWidget(options: WidgetOptions): WidgetApi {
  const host = document.createElement('docsmith-assistant');
  const shadow = host.attachShadow({ mode: 'open' });
  const root = element('div', 'docsmith-theme docsmith-widget');
  const apple = isApplePlatform();
  const shortcut = options.shortcut && describeShortcut(options.shortcut, apple);

  const launcher = Object.assign(element('button', 'docsmith-launcher'), { type: 'button', hidden: true });
  launcher.append(icon('sparkle'), options.label);
  if (shortcut) {
    const hint = Object.assign(element('kbd', ''), { textContent: shortcut.label });
    hint.setAttribute('aria-hidden', 'true');
    launcher.append(hint);
    launcher.setAttribute('aria-keyshortcuts', shortcut.aria);
  }
  launcher.setAttribute('aria-haspopup', 'dialog');
  launcher.setAttribute('aria-expanded', 'false');
  launcher.setAttribute('aria-controls', 'docsmith-panel');

  const panel = Object.assign(element('div', 'docsmith-panel'), { id: 'docsmith-panel' });
  panel.dataset.open = 'false';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'true');
  panel.setAttribute('aria-labelledby', 'docsmith-title');
  const header = element('header', 'docsmith-header');
  const title = Object.assign(element('h2', 'docsmith-title'), { id: 'docsmith-title' });
  const newChat = iconButton('newChat', 'New conversation', 'docsmith-header-button docsmith-reset');
  const close = iconButton('close', 'Close assistant', 'docsmith-header-button docsmith-close');
  header.append(title, newChat, close);
  const chatRoot = element('div', 'docsmith-chat');
  panel.tabIndex = -1;
  panel.append(header, chatRoot);
  root.append(launcher, panel);
  const style = Object.assign(document.createElement('style'), { textContent: CHAT_STYLES + WIDGET_STYLES });
  style.dataset.docsmithChat = '';
  shadow.append(style, root);
  document.body.append(host);

  let settings: SiteSettings | undefined;
  let settingsProblem: AssistantProblem | undefined;
  let chat: MountedChat | undefined;

  const chatOptions = (): ChatOptions => ({
    ...(settings?.name ? { siteName: settings.name } : {}),
    starterQuestions: () => options.starterQuestions ?? (settings ? starterQuestionsFor(settings, location.pathname) : []),
    ...((options.support ?? settings?.support) ? { support: options.support ?? settings?.support } : {}),
    ...(settingsProblem?.action === 'none' ? { standingProblem: settingsProblem } : {}),
  });
  const showTitle = (): void => {
    if (options.title) return void (title.textContent = options.title);
    title.replaceChildren(settings?.name ?? 'Docs', ' ', Object.assign(element('span', 'docsmith-title-suffix'), { textContent: 'Assistant' }));
  };
  const applyTheme = (): void => {
    const theme = options.theme === 'auto' ? hostTheme() : options.theme;
    root.dataset.theme = theme;
    const accent = options.color ?? (theme === 'dark' ? (settings?.colors.light ?? settings?.colors.primary) : settings?.colors.primary);
    root.removeAttribute('style');
    for (const [property, value] of Object.entries((accent && accentProperties(accent, theme)) || {})) root.style.setProperty(property, value);
  };
  const showLauncher = (): void => {
    launcher.hidden = !options.launcher;
  };
  const loadSettings = async (): Promise<void> => {
    const result = await fetchSiteSettings(options.target);
    if (isSiteSettings(result)) {
      settings = result;
      settingsProblem = undefined;
    } else {
      settingsProblem = result;
      console.error(`docsmith assistant (${options.target.domain}): ${result.developer}`);
    }
    showTitle();
    applyTheme();
    showLauncher();
    chat?.configure(chatOptions());
  };

  let mounting: Promise<MountedChat | undefined> | undefined;
  /** The chat, its bundle loaded and run on first need; a bundle that did not load says so in the panel, with a retry. */
  const ensureChat = (): Promise<MountedChat | undefined> =>
    (mounting ??= loadChat(options.assetBase, options.nonce).then(
      ({ mountChat }) => (chat = mountChat(chatRoot, options.target, chatOptions())),
      (error: unknown) => {
        mounting = undefined;
        const problem = problemFromFailure(error, navigator.onLine);
        console.error(`docsmith assistant (${options.target.domain}): ${problem.developer}`);
        const retry = Object.assign(element('button', 'docsmith-button'), { type: 'button', textContent: 'Try again' });
        retry.addEventListener('click', () => void ensureChat().then((mounted) => mounted?.focusInput()));
        const box = element('div', 'docsmith-problem');
        box.setAttribute('role', 'alert');
        box.append(Object.assign(element('p', ''), { textContent: problem.reader }), retry);
        chatRoot.replaceChildren(box);
        return undefined;
      },
    ));

  const isOpen = (): boolean => panel.dataset.open === 'true';
  const open = (): void => {
    if (isOpen()) return chat?.focusInput();
    panel.dataset.open = 'true';
    launcher.setAttribute('aria-expanded', 'true');
    if (!settings && settingsProblem?.action !== 'none') void loadSettings();
    if (chat) return chat.focusInput();
    panel.focus();
    void ensureChat().then((mounted) => {
      if (isOpen()) mounted?.focusInput();
    });
  };
  const closePanel = (): void => {
    if (!isOpen()) return;
    panel.dataset.open = 'false';
    launcher.setAttribute('aria-expanded', 'false');
    chat?.flushFeedback();
    if (options.launcher) launcher.focus();
  };
  const toggle = (): void => (isOpen() ? closePanel() : open());

  launcher.addEventListener('click', open);
  for (const intent of ['pointerenter', 'focus', 'touchstart']) launcher.addEventListener(intent, () => void ensureChat(), { once: true, passive: true });
  close.addEventListener('click', closePanel);
  newChat.addEventListener('click', () => {
    chat?.startOver();
    chat?.focusInput();
  });
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closePanel();
    } else if (event.key === 'Tab') {
      trapFocus(event, panel, shadow);
    }
  });
  if (options.shortcut) {
    const wanted = options.shortcut;
    document.addEventListener('keydown', (event) => {
      if (event.defaultPrevented || !matchesShortcut(event, wanted, apple) || (event.target as HTMLElement | null)?.isContentEditable) return;
      event.preventDefault();
      toggle();
    });
  }
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
  new MutationObserver(applyTheme).observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme', 'data-mode', 'data-color-scheme', 'style'] });

  showTitle();
  applyTheme();
  if (options.color) showLauncher();
  else setTimeout(showLauncher, LAUNCHER_WAIT_MS);
  void loadSettings();
  const prefetchWhenIdle = (): void => void (globalThis.requestIdleCallback ?? setTimeout)(() => prefetchChat(options.assetBase));
  if (document.readyState === 'complete') prefetchWhenIdle();
  else addEventListener('load', prefetchWhenIdle, { once: true });
  return {
    open,
    close: closePanel,
    toggle,
    ask(question) {
      open();
      void ensureChat().then((mounted) => mounted?.ask(question));
    },
  };
}

/** Tab and Shift+Tab go round the panel's controls instead of leaving it. */
function trapFocus(event: KeyboardEvent, panel: HTMLElement, shadow: ShadowRoot): void {
  const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((candidate) => candidate.checkVisibility?.() ?? candidate.offsetParent !== null);
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

/**
 * The host page's mode: a `dark` or `light` class or `data-theme`/`data-mode`/`data-color-scheme` attribute on
 * `<html>` (Mintlify, Docusaurus, Starlight, next-themes), else the system's preference.
 */
function hostTheme(): 'light' | 'dark' {
  const html = document.documentElement;
  const attribute = (html.dataset.theme ?? html.dataset.mode ?? html.dataset.colorScheme ?? '').toLowerCase();
  if (html.classList.contains('dark') || attribute === 'dark') return 'dark';
  if (html.classList.contains('light') || attribute === 'light') return 'light';
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
