/** Styles of the chat, the widget button and panel (all classes prefixed `docsmith-`, so a host page is untouched). */
export const CHAT_STYLES = `
.docsmith-chat { display: flex; flex-direction: column; gap: 8px; font: 14px/1.5 system-ui, sans-serif; color: #111827; min-height: 0; }
.docsmith-messages { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; display: flex; flex-direction: column; gap: 10px; }
.docsmith-message { padding: 8px 12px; border-radius: 10px; max-width: 92%; white-space: pre-wrap; }
.docsmith-user { align-self: flex-end; background: #16a34a; color: white; }
.docsmith-assistant { align-self: flex-start; background: #f3f4f6; }
.docsmith-citation { color: #15803d; font-weight: 600; text-decoration: none; }
.docsmith-sources { margin: 6px 0 0; padding-left: 0; list-style: none; font-size: 12px; white-space: normal; }
.docsmith-source { color: #15803d; }
.docsmith-feedback { margin-top: 4px; display: flex; gap: 4px; }
.docsmith-rate { border: 1px solid #d1d5db; background: white; border-radius: 6px; cursor: pointer; padding: 1px 8px; font-size: 12px; color: #374151; }
.docsmith-rate[aria-pressed="true"] { background: #dcfce7; border-color: #16a34a; }
.docsmith-form { display: flex; gap: 6px; }
.docsmith-input { flex: 1; padding: 8px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; }
.docsmith-ask, .docsmith-reset, .docsmith-launcher { padding: 8px 12px; border: 0; border-radius: 8px; background: #16a34a; color: white; font: inherit; cursor: pointer; }
.docsmith-reset { background: #e5e7eb; color: #111827; }
.docsmith-ask:disabled { opacity: 0.6; }
.docsmith-thread { font-size: 11px; color: #6b7280; }
.docsmith-error { color: #b91c1c; margin: 0; }
.docsmith-error:empty { display: none; }
.docsmith-launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; box-shadow: 0 4px 12px rgba(0,0,0,.2); }
.docsmith-panel { position: fixed; right: 20px; bottom: 72px; width: min(400px, calc(100vw - 40px)); height: min(560px, calc(100vh - 100px)); z-index: 2147483000; background: white; border: 1px solid #e5e7eb; border-radius: 12px; box-shadow: 0 8px 30px rgba(0,0,0,.2); padding: 12px; display: flex; flex-direction: column; }
.docsmith-panel[hidden] { display: none; }
.docsmith-panel > .docsmith-chat { flex: 1; }
`;
