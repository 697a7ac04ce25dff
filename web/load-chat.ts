import type { mountChat } from './render-chat.ts';

/** The file name of the chat bundle, content-hashed: set by scripts/build-web.mjs. */
declare const WIDGET_CHAT_BUNDLE: string;

/** What the chat bundle hands to the shell. */
export interface ChatModule {
  mountChat: typeof mountChat;
}

/** Where the chat bundle finds the shell's callback (a registered symbol: no name on the host's window to collide with). */
export const CHAT_REGISTRY = Symbol.for('docsmith.assistant.chat');

let loading: Promise<ChatModule> | undefined;

/**
 * Loads and runs the chat bundle (beside the shell, at `base`) once; a failed load can be tried again. `nonce` is the
 * embed's CSP nonce.
 */
export function loadChat(base: string, nonce: string): Promise<ChatModule> {
  loading ??= new Promise<ChatModule>((resolve, reject) => {
    (globalThis as Record<symbol, unknown>)[CHAT_REGISTRY] = resolve;
    const script = Object.assign(document.createElement('script'), {
      src: new URL(WIDGET_CHAT_BUNDLE, base).href,
      async: true,
    });
    if (nonce) script.nonce = nonce;
    script.addEventListener('error', () => {
      loading = undefined;
      script.remove();
      reject(new Error(`the chat bundle ${script.src} did not load`));
    });
    document.head.append(script);
  });
  return loading;
}

/** Asks the browser to fetch the chat bundle into its cache when idle, without running it. */
export function prefetchChat(base: string): void {
  const link = Object.assign(document.createElement('link'), {
    rel: 'prefetch',
    href: new URL(WIDGET_CHAT_BUNDLE, base).href,
  });
  link.setAttribute('as', 'script');
  document.head.append(link);
}
