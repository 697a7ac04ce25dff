import { CHAT_REGISTRY, type ChatModule } from './load-chat.ts';
import { mountChat } from './render-chat.ts';

/**
 * The chat half of the widget (`widget-chat.<hash>.js`): the conversation, the stream reader and the Markdown
 * renderer. The widget shell loads it when a reader first reaches for the panel, and this bundle hands itself over
 * through the registry the shell set (docs/decisions/0152).
 */
const register = (globalThis as Record<symbol, ((chat: ChatModule) => void) | undefined>)[CHAT_REGISTRY];
if (register) register({ mountChat });
else console.error('docsmith assistant: widget-chat.js is loaded by widget.js; embed widget.js instead');
