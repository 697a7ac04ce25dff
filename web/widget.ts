import { mountChat, type MountedChat } from './render-chat.ts';

/**
 * The embeddable widget: `<script src="https://assistant.example.com/widget.js" data-domain="acme" data-key="ds_…">`
 * adds an "Ask AI" button (label: `data-label`) that opens a chat panel talking to the server the script came from.
 */
function startWidget(script: HTMLScriptElement | null): void {
  const domain = script?.dataset.domain;
  const key = script?.dataset.key;
  if (!script || !domain || !key) {
    console.error('docsmith widget: add data-domain and data-key to the <script> tag that loads widget.js');
    return;
  }
  const baseUrl = new URL(script.src, location.href).origin;
  const launcher = Object.assign(document.createElement('button'), { type: 'button', className: 'docsmith-launcher', textContent: script.dataset.label ?? 'Ask AI' });
  const panel = Object.assign(document.createElement('div'), { className: 'docsmith-panel', hidden: true });
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Ask AI about the documentation');
  const chatRoot = document.createElement('div');
  panel.append(chatRoot);
  let chat: MountedChat | undefined;
  launcher.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    chat ??= mountChat(chatRoot, { baseUrl, domain, key });
    if (!panel.hidden) (chatRoot.querySelector('input[name="question"]') as HTMLInputElement | null)?.focus();
  });
  document.body.append(launcher, panel);
}

const currentScript = document.currentScript as HTMLScriptElement | null;
if (document.body) startWidget(currentScript);
else document.addEventListener('DOMContentLoaded', () => startWidget(currentScript));
