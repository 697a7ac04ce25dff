import { mountChat, type MountedChat } from './render-chat.ts';

/**
 * The playground page (`GET /playground`): pick a domain, give a key, then ask. The page's HTML holds the form
 * (`#docsmith-playground-form`) and an empty `#docsmith-playground-chat`; domain and key persist for the tab.
 */
function startPlayground(): void {
  const form = document.getElementById('docsmith-playground-form') as HTMLFormElement | null;
  const chatRoot = document.getElementById('docsmith-playground-chat');
  if (!form || !chatRoot) return;
  const domain = form.elements.namedItem('domain') as HTMLInputElement;
  const key = form.elements.namedItem('key') as HTMLInputElement;
  domain.value = sessionStorage.getItem('docsmith-domain') ?? domain.value;
  key.value = sessionStorage.getItem('docsmith-key') ?? key.value;
  let chat: MountedChat | undefined;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem('docsmith-domain', domain.value.trim());
    sessionStorage.setItem('docsmith-key', key.value.trim());
    chat?.startOver();
    chat = mountChat(chatRoot, { baseUrl: location.origin, domain: domain.value.trim(), key: key.value.trim() });
    (chatRoot.querySelector('input[name="question"]') as HTMLInputElement | null)?.focus();
  });
}

startPlayground();
