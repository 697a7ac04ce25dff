import { CHAT_STYLES, THEME_STYLES } from './chat-styles.ts';
import { mountChat, type MountedChat } from './render-chat.ts';
import { fetchSiteSettings, isSiteSettings } from './site-settings.ts';

/**
 * The playground page (`GET /playground`): pick a domain, give a key, then ask. The page's HTML holds the form
 * (`#docsmith-playground-form`), a status line (`#docsmith-playground-status`) and an empty
 * `#docsmith-playground-chat`; domain and key persist for the tab, and `?domain=acme#key=ds_…` (what `npm start`
 * prints) fills them in and connects. Connect checks the key and the domain first
 * (`GET /v1/assistant/{domain}/settings`) and says what is wrong, in the reader's words and the precise reason. Under
 * `docsmith dev` the page names a stream of build events: it connects at once (no key needed from this machine) and
 * shows each build as it is served (`#docsmith-playground-build`).
 */
function startPlayground(): void {
  const form = document.getElementById('docsmith-playground-form') as HTMLFormElement | null;
  const chatRoot = document.getElementById('docsmith-playground-chat');
  const status = document.getElementById('docsmith-playground-status');
  if (!form || !chatRoot || !status) return;
  document.head.append(Object.assign(document.createElement('style'), { textContent: THEME_STYLES + CHAT_STYLES }));
  const domain = form.elements.namedItem('domain') as HTMLInputElement;
  const key = form.elements.namedItem('key') as HTMLInputElement;
  const linked = {
    domain: new URLSearchParams(location.search).get('domain'),
    key: new URLSearchParams(location.hash.slice(1)).get('key'),
  };
  domain.value = linked.domain ?? sessionStorage.getItem('docsmith-domain') ?? domain.value;
  key.value = linked.key ?? sessionStorage.getItem('docsmith-key') ?? key.value;
  let chat: MountedChat | undefined;
  const connect = async (): Promise<void> => {
    sessionStorage.setItem('docsmith-domain', domain.value.trim());
    sessionStorage.setItem('docsmith-key', key.value.trim());
    chat?.startOver();
    const target = { baseUrl: new URL('.', location.href).href, domain: domain.value.trim(), key: key.value.trim() };
    status.textContent = 'Checking the key and the domain…';
    const settings = await fetchSiteSettings(target);
    if (!isSiteSettings(settings)) {
      status.textContent = `${settings.reader} (${settings.developer})`;
      status.dataset.state = 'problem';
      chatRoot.replaceChildren();
      chat = undefined;
      return;
    }
    status.textContent = `Connected to ${settings.name} (${target.domain}).`;
    status.dataset.state = 'connected';
    chat = mountChat(chatRoot, target, {
      startOverButton: true,
      siteName: settings.name,
      starterQuestions: () => settings.starterQuestions.slice(0, 3),
      ...(settings.support ? { support: settings.support } : {}),
    });
    chat.focusInput();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void connect();
  });
  const buildEvents = document.querySelector<HTMLMetaElement>('meta[name="docsmith-build-events"]')?.content;
  if (buildEvents) {
    followBuilds(buildEvents);
    if (domain.value.trim()) void connect();
  } else if (linked.domain && linked.key) {
    void connect();
  }
}

/** A build announced by `docsmith dev` (`/dev/events`): its state and the text to show. */
interface BuildEvent {
  state: 'building' | 'ready' | 'failed';
  text: string;
}

/** Shows each build of `docsmith dev` above the chat; questions go to the build served, so nothing else needs reloading. */
function followBuilds(url: string): void {
  const buildStatus = document.getElementById('docsmith-playground-build');
  if (!buildStatus) return;
  new EventSource(url).addEventListener('message', (message: MessageEvent<string>) => {
    const event = JSON.parse(message.data) as BuildEvent;
    buildStatus.hidden = false;
    buildStatus.dataset.state = event.state;
    buildStatus.textContent = event.text;
  });
}

startPlayground();
