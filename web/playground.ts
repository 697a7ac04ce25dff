import { mountChat, type MountedChat } from './render-chat.ts';

/**
 * The playground page (`GET /playground`): pick a domain, give a key, then ask. The page's HTML holds the form
 * (`#docsmith-playground-form`) and an empty `#docsmith-playground-chat`; domain and key persist for the tab, and
 * `?domain=acme#key=ds_…` (what `npm start` prints) fills them in. Under `docsmith dev` the page names a stream of
 * build events: it connects at once (no key needed from this machine) and shows each build as it is served.
 */
function startPlayground(): void {
  const form = document.getElementById('docsmith-playground-form') as HTMLFormElement | null;
  const chatRoot = document.getElementById('docsmith-playground-chat');
  if (!form || !chatRoot) return;
  const domain = form.elements.namedItem('domain') as HTMLInputElement;
  const key = form.elements.namedItem('key') as HTMLInputElement;
  const linked = { domain: new URLSearchParams(location.search).get('domain'), key: new URLSearchParams(location.hash.slice(1)).get('key') };
  domain.value = linked.domain ?? sessionStorage.getItem('docsmith-domain') ?? domain.value;
  key.value = linked.key ?? sessionStorage.getItem('docsmith-key') ?? key.value;
  let chat: MountedChat | undefined;
  const connect = (): void => {
    sessionStorage.setItem('docsmith-domain', domain.value.trim());
    sessionStorage.setItem('docsmith-key', key.value.trim());
    chat?.startOver();
    chat = mountChat(chatRoot, { baseUrl: location.origin, domain: domain.value.trim(), key: key.value.trim() });
    (chatRoot.querySelector('input[name="question"]') as HTMLInputElement | null)?.focus();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    connect();
  });
  const buildEvents = document.querySelector<HTMLMetaElement>('meta[name="docsmith-build-events"]')?.content;
  if (buildEvents) {
    followBuilds(buildEvents);
    if (domain.value.trim()) connect();
  } else if (linked.domain && linked.key) {
    connect();
  }
}

/** A build announced by `docsmith dev` (`/dev/events`): its state, what it served and the text to show. */
interface BuildEvent {
  state: 'building' | 'ready' | 'failed';
  text: string;
}

/** Shows each build of `docsmith dev` above the chat; questions go to the build served, so nothing else needs reloading. */
function followBuilds(url: string): void {
  const status = document.getElementById('docsmith-playground-build');
  if (!status) return;
  new EventSource(url).addEventListener('message', (message: MessageEvent<string>) => {
    const event = JSON.parse(message.data) as BuildEvent;
    status.hidden = false;
    status.dataset.state = event.state;
    status.textContent = event.text;
  });
}

startPlayground();
