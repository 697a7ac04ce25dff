import { problemFromFailure, type AssistantProblem } from './assistant-problem.ts';
import { CHAT_STYLES, THEME_STYLES } from './chat-styles.ts';
import { element, icon } from './dom-helpers.ts';
import { hostTheme, watchHostTheme } from './host-theme.ts';
import { describeShortcut, isApplePlatform, matchesShortcut } from './keyboard-shortcut.ts';
import { loadChat, prefetchChat } from './load-chat.ts';
import type { ChatOptions, MountedChat } from './render-chat.ts';
import { fetchSiteSettings, isSiteSettings, starterQuestionsFor, type SiteSettings } from './site-settings.ts';
import { accentProperties } from './theme-colors.ts';
import { createDialog, type WidgetDialog } from './widget-dialog.ts';
import type { WidgetOptions } from './widget-options.ts';
import { LAUNCHER_STYLES, PANEL_STYLES } from './widget-styles.ts';

/** What a page can do with the widget (`window.DocsmithAssistant`). */
export interface WidgetApi {
  open(): void;
  close(): void;
  toggle(): void;
  /** Opens the panel and asks a question. */
  ask(question: string): void;
}

/** How long the launcher waits for the site's colour and name before it shows anyway. */
const LAUNCHER_WAIT_MS = 1500;

/**
 * The widget: a launcher and a dialog panel in a shadow root appended to the body. The panel opens from the launcher
 * and the shortcut, closes on Escape, the close button and the shortcut, keeps Tab inside while open and gives the
 * keyboard back to the launcher; it follows the host's light or dark mode and the site's colour.
 *
 * Light at load (docs/decisions/0152): the site's settings (name, colours, starter questions, support contact) are
 * fetched at once, so a key that cannot work here is told to the console before anyone asks, and the launcher enters
 * the page once, dressed, when they arrive (at most 1.5 s later), with only its own styles; the panel and its styles
 * are built on first open; the chat is a
 * bundle of its own (Markdown and all), fetched into the cache when the page is idle and run when a reader reaches
 * for the launcher (hover, focus, touch) or opens the panel.
 */
export function createWidget(options: WidgetOptions): WidgetApi {
  const host = document.createElement('docsmith-assistant');
  const shadow = host.attachShadow({ mode: 'open' });
  const root = element('div', 'docsmith-theme docsmith-widget');
  const styleSheet = (text: string): HTMLStyleElement => {
    const style = Object.assign(document.createElement('style'), { textContent: text });
    if (options.nonce) style.nonce = options.nonce;
    return style;
  };
  shadow.append(styleSheet(THEME_STYLES + LAUNCHER_STYLES), root);
  const apple = isApplePlatform();
  const launcher = createLauncher(options, apple);
  if (options.launcher) root.append(launcher);

  let settings: SiteSettings | undefined;
  let settingsProblem: AssistantProblem | undefined;
  let dialog: WidgetDialog | undefined;
  let chat: MountedChat | undefined;
  let mounting: Promise<MountedChat | undefined> | undefined;

  const enterPage = (): void => {
    if (!host.isConnected) document.body.append(host);
  };
  const chatOptions = (): ChatOptions => {
    const support = options.support ?? settings?.support;
    return {
      ...(settings?.name ? { siteName: settings.name } : {}),
      starterQuestions: () =>
        options.starterQuestions ?? (settings ? starterQuestionsFor(settings, location.pathname) : []),
      ...(support ? { support } : {}),
      ...(settingsProblem?.action === 'none' ? { standingProblem: settingsProblem } : {}),
    };
  };
  const showTitle = (): void => {
    if (!dialog) return;
    if (options.title) dialog.title.textContent = options.title;
    else
      dialog.title.replaceChildren(
        settings?.name ?? 'Docs',
        ' ',
        Object.assign(element('span', 'docsmith-title-suffix'), { textContent: 'Assistant' }),
      );
  };
  const applyTheme = (): void => {
    const theme = options.theme === 'auto' ? hostTheme() : options.theme;
    const accent =
      options.color ??
      (theme === 'dark' ? (settings?.colors.light ?? settings?.colors.primary) : settings?.colors.primary);
    if (root.dataset.theme === theme && root.dataset.accent === (accent ?? '')) return;
    root.dataset.theme = theme;
    root.dataset.accent = accent ?? '';
    root.removeAttribute('style');
    for (const [property, value] of Object.entries((accent && accentProperties(accent, theme)) || {}))
      root.style.setProperty(property, value);
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
    applyTheme();
    showTitle();
    chat?.configure(chatOptions());
    enterPage();
  };

  /** The chat, its bundle loaded and run on first need; a bundle that did not load says so in the panel, with a retry. */
  const ensureChat = (): Promise<MountedChat | undefined> =>
    (mounting ??= loadChat(options.assetBase, options.nonce).then(
      ({ mountChat }) => {
        chat = mountChat(ensureDialog().chatRoot, options.target, chatOptions());
        return chat;
      },
      (error: unknown) => {
        mounting = undefined;
        const problem = problemFromFailure(error, navigator.onLine);
        console.error(`docsmith assistant (${options.target.domain}): ${problem.developer}`);
        const retry = Object.assign(element('button', 'docsmith-button'), { type: 'button', textContent: 'Try again' });
        retry.addEventListener('click', () => void ensureChat().then((mounted) => mounted?.focusInput()));
        const box = element('div', 'docsmith-problem');
        box.setAttribute('role', 'alert');
        box.append(Object.assign(element('p', ''), { textContent: problem.reader }), retry);
        ensureDialog().chatRoot.replaceChildren(box);
        return undefined;
      },
    ));
  const ensureDialog = (): WidgetDialog => {
    if (dialog) return dialog;
    dialog = createDialog(shadow, {
      close: closePanel,
      newConversation: () => {
        chat?.startOver();
        chat?.focusInput();
      },
    });
    shadow.insertBefore(styleSheet(CHAT_STYLES + PANEL_STYLES), root);
    root.append(dialog.panel);
    launcher.setAttribute('aria-controls', dialog.panel.id);
    showTitle();
    return dialog;
  };

  const isOpen = (): boolean => dialog?.panel.dataset.open === 'true';
  const open = (): void => {
    if (isOpen()) return chat?.focusInput();
    enterPage();
    const { panel } = ensureDialog();
    // The first open starts from the closed place, so the panel slides in (style read once, on a reader's action).
    panel.getBoundingClientRect();
    panel.dataset.open = 'true';
    launcher.setAttribute('aria-expanded', 'true');
    if (!settings && settingsProblem?.action !== 'none') void loadSettings();
    if (chat) return chat.focusInput();
    panel.focus();
    void ensureChat().then((mounted) => {
      if (isOpen()) mounted?.focusInput();
    });
  };
  function closePanel(): void {
    if (!dialog || !isOpen()) return;
    dialog.panel.dataset.open = 'false';
    launcher.setAttribute('aria-expanded', 'false');
    chat?.flushFeedback();
    if (options.launcher) launcher.focus();
  }
  const toggle = (): void => (isOpen() ? closePanel() : open());

  launcher.addEventListener('click', open);
  for (const intent of ['pointerenter', 'focus', 'touchstart'])
    launcher.addEventListener(intent, () => void ensureChat(), { once: true, passive: true });
  if (options.shortcut) {
    const wanted = options.shortcut;
    document.addEventListener('keydown', (event) => {
      if (
        event.defaultPrevented ||
        !matchesShortcut(event, wanted, apple) ||
        (event.target as HTMLElement | null)?.isContentEditable
      )
        return;
      event.preventDefault();
      toggle();
    });
  }
  watchHostTheme(applyTheme);
  applyTheme();
  if (options.color) enterPage();
  else setTimeout(enterPage, LAUNCHER_WAIT_MS);
  void loadSettings();
  const prefetchWhenIdle = (): void =>
    void (globalThis.requestIdleCallback ?? setTimeout)(() => prefetchChat(options.assetBase));
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

/** The launcher: an icon, the label and the shortcut's hint (hidden from assistive technology, which reads aria-keyshortcuts). */
function createLauncher(options: WidgetOptions, apple: boolean): HTMLButtonElement {
  const launcher = Object.assign(element('button', 'docsmith-launcher'), { type: 'button' });
  launcher.append(icon('sparkle'), options.label);
  if (options.shortcut) {
    const shortcut = describeShortcut(options.shortcut, apple);
    const hint = Object.assign(element('kbd', ''), { textContent: shortcut.label });
    hint.setAttribute('aria-hidden', 'true');
    launcher.append(hint);
    launcher.setAttribute('aria-keyshortcuts', shortcut.aria);
  }
  launcher.setAttribute('aria-haspopup', 'dialog');
  launcher.setAttribute('aria-expanded', 'false');
  return launcher;
}
