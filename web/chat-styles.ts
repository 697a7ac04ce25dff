/** Styles of the chat, the widget button and panel (all classes prefixed `docsmith-`, so a host page is untouched). */
export const CHAT_STYLES = `
.docsmith-chat { display: flex; flex-direction: column; gap: 8px; font: 14px/1.5 system-ui, sans-serif; color: #111827; min-height: 0; }
.docsmith-messages { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; display: flex; flex-direction: column; gap: 10px; }
.docsmith-message { padding: 8px 12px; border-radius: 10px; max-width: 92%; white-space: pre-wrap; }
.docsmith-user { align-self: flex-end; background: #16a34a; color: white; }
.docsmith-assistant { align-self: flex-start; background: #f3f4f6; }
.docsmith-markdown { white-space: normal; overflow-wrap: anywhere; }
.docsmith-markdown > :first-child { margin-top: 0; }
.docsmith-markdown > :last-child { margin-bottom: 0; }
.docsmith-markdown :is(p, ul, ol, pre, blockquote, table) { margin: 0 0 8px; }
.docsmith-markdown :is(h1, h2, h3, h4, h5, h6) { margin: 10px 0 6px; font-size: 1em; font-weight: 700; line-height: 1.3; }
.docsmith-markdown h1 { font-size: 1.2em; }
.docsmith-markdown h2 { font-size: 1.1em; }
.docsmith-markdown :is(ul, ol) { padding-left: 20px; }
.docsmith-markdown ul { list-style: disc; }
.docsmith-markdown ol { list-style: decimal; }
.docsmith-markdown li + li { margin-top: 2px; }
.docsmith-markdown a:not(.docsmith-citation) { color: #15803d; text-decoration: underline; }
.docsmith-markdown code { font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #e5e7eb; border-radius: 4px; padding: 1px 4px; }
.docsmith-markdown pre { background: #111827; color: #f9fafb; border-radius: 8px; padding: 10px 12px; overflow-x: auto; white-space: pre; overflow-wrap: normal; }
.docsmith-markdown pre code { background: none; padding: 0; color: inherit; border-radius: 0; }
.docsmith-markdown blockquote { border-left: 3px solid #d1d5db; padding-left: 10px; color: #4b5563; }
.docsmith-markdown table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; font-size: 13px; }
.docsmith-markdown :is(th, td) { border: 1px solid #d1d5db; padding: 4px 8px; vertical-align: top; overflow-wrap: normal; }
.docsmith-markdown th { background: #e5e7eb; font-weight: 600; }
.docsmith-markdown th:not([align]) { text-align: left; }
.docsmith-markdown hr { border: 0; border-top: 1px solid #d1d5db; margin: 8px 0; }
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
