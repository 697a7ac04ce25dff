/**
 * The colours, custom properties of `.docsmith-theme` (light, or `data-theme="dark"`); the site's accent is set inline
 * on that element (theme-colors.ts keeps it readable on either theme).
 */
export const THEME_STYLES = `
.docsmith-theme { --docsmith-bg: #ffffff; --docsmith-fg: #111827; --docsmith-muted: #4b5563; --docsmith-border: #e5e7eb; --docsmith-surface: #f3f4f6; --docsmith-code-bg: #eef0f3; --docsmith-pre-bg: #0f172a; --docsmith-pre-fg: #e5e7eb; --docsmith-accent: #111827; --docsmith-on-accent: #ffffff; --docsmith-link: #1d4ed8; --docsmith-problem-bg: #fef2f2; --docsmith-problem-border: #fecaca; --docsmith-shadow: rgba(15, 23, 42, .18); color-scheme: light; }
.docsmith-theme[data-theme="dark"] { --docsmith-bg: #111827; --docsmith-fg: #f3f4f6; --docsmith-muted: #9ca3af; --docsmith-border: #374151; --docsmith-surface: #1f2937; --docsmith-code-bg: #1f2937; --docsmith-pre-bg: #030712; --docsmith-accent: #f3f4f6; --docsmith-on-accent: #111827; --docsmith-link: #93c5fd; --docsmith-problem-bg: #2a1215; --docsmith-problem-border: #7f1d1d; --docsmith-shadow: rgba(0, 0, 0, .5); color-scheme: dark; }
`;

/** Styles of the chat (all classes prefixed `docsmith-`, so a host page that holds the playground's chat is untouched). */
export const CHAT_STYLES = `
.docsmith-chat { display: flex; flex-direction: column; min-height: 0; font: 14px/1.55 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--docsmith-fg); background: var(--docsmith-bg); text-align: left; }
.docsmith-chat *, .docsmith-chat *::before, .docsmith-chat *::after { box-sizing: border-box; }
.docsmith-chat :focus-visible { outline: 2px solid var(--docsmith-link); outline-offset: 2px; }
.docsmith-chat button { font: inherit; color: inherit; }
.docsmith-icon { width: 18px; height: 18px; fill: none; stroke: currentColor; stroke-width: 1.8; stroke-linecap: round; stroke-linejoin: round; flex: none; }
.docsmith-icon-filled { fill: currentColor; stroke: none; }
.docsmith-scroll { flex: 1; min-height: 0; overflow-y: auto; overscroll-behavior: contain; padding: 16px; display: flex; flex-direction: column; gap: 16px; }
.docsmith-empty[hidden], .docsmith-problem:empty, .docsmith-support:empty { display: none; }
.docsmith-greeting { margin: 0; color: var(--docsmith-muted); }
.docsmith-starters-heading { margin: 12px 0 8px; font-size: 12px; font-weight: 600; letter-spacing: .04em; text-transform: uppercase; color: var(--docsmith-muted); }
.docsmith-starters { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.docsmith-starter { display: block; width: 100%; padding: 10px 12px; border: 1px solid var(--docsmith-border); border-radius: 10px; background: var(--docsmith-bg); text-align: left; cursor: pointer; }
.docsmith-starter:hover { border-color: var(--docsmith-link); background: var(--docsmith-surface); }
.docsmith-messages { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 16px; }
.docsmith-messages:empty { display: none; }
.docsmith-message { min-width: 0; }
.docsmith-user { align-self: flex-end; max-width: 85%; padding: 8px 12px; border-radius: 14px 14px 4px 14px; background: var(--docsmith-accent); color: var(--docsmith-on-accent); white-space: pre-wrap; overflow-wrap: anywhere; }
.docsmith-assistant { align-self: stretch; }
.docsmith-pending { align-self: flex-start; color: var(--docsmith-muted); }
.docsmith-pending::after { content: ""; display: inline-block; width: 6px; height: 6px; margin-left: 8px; border-radius: 50%; background: currentColor; vertical-align: middle; animation: docsmith-pulse 1s ease-in-out infinite; }
@keyframes docsmith-pulse { 50% { opacity: .2; } }
@media (prefers-reduced-motion: reduce) { .docsmith-pending::after { animation: none; } }
.docsmith-markdown { overflow-wrap: anywhere; }
.docsmith-markdown > :first-child { margin-top: 0; }
.docsmith-markdown > :last-child { margin-bottom: 0; }
.docsmith-markdown :is(p, ul, ol, blockquote, table, .docsmith-code) { margin: 0 0 10px; }
.docsmith-markdown :is(h1, h2, h3, h4, h5, h6) { margin: 14px 0 6px; font-size: 1em; font-weight: 650; line-height: 1.3; }
.docsmith-markdown h1 { font-size: 1.2em; }
.docsmith-markdown h2 { font-size: 1.1em; }
.docsmith-markdown :is(ul, ol) { padding-left: 22px; }
.docsmith-markdown ul { list-style: disc; }
.docsmith-markdown ol { list-style: decimal; }
.docsmith-markdown li + li { margin-top: 3px; }
.docsmith-markdown a { color: var(--docsmith-link); text-decoration: underline; text-underline-offset: 2px; }
.docsmith-markdown a.docsmith-citation { text-decoration: none; font-weight: 600; font-size: .85em; padding: 0 1px; }
.docsmith-markdown a.docsmith-citation:hover { text-decoration: underline; }
.docsmith-markdown code { font: 12.5px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--docsmith-code-bg); border-radius: 4px; padding: 1px 4px; overflow-wrap: anywhere; }
.docsmith-code { position: relative; }
.docsmith-markdown pre { margin: 0; background: var(--docsmith-pre-bg); color: var(--docsmith-pre-fg); border-radius: 8px; padding: 12px; padding-right: 76px; overflow-x: auto; white-space: pre; overflow-wrap: normal; }
.docsmith-markdown pre code { background: none; padding: 0; color: inherit; border-radius: 0; overflow-wrap: normal; }
.docsmith-copy-code { position: absolute; top: 6px; right: 6px; display: inline-flex; align-items: center; gap: 4px; padding: 3px 8px; border: 1px solid #475569; border-radius: 6px; background: #1e293b; color: #e5e7eb !important; font-size: 12px !important; cursor: pointer; }
.docsmith-copy-code .docsmith-icon { width: 14px; height: 14px; }
.docsmith-copy-code:hover { background: #334155; }
.docsmith-markdown blockquote { border-left: 3px solid var(--docsmith-border); padding-left: 10px; color: var(--docsmith-muted); }
.docsmith-markdown table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; font-size: 13px; }
.docsmith-markdown :is(th, td) { border: 1px solid var(--docsmith-border); padding: 4px 8px; vertical-align: top; overflow-wrap: normal; }
.docsmith-markdown th { background: var(--docsmith-surface); font-weight: 600; }
.docsmith-markdown th:not([align]) { text-align: left; }
.docsmith-markdown hr { border: 0; border-top: 1px solid var(--docsmith-border); margin: 10px 0; }
.docsmith-sources { display: grid; gap: 6px; margin-top: 10px; }
.docsmith-sources:empty { display: none; }
.docsmith-source-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.docsmith-source { display: grid; grid-template-columns: auto 1fr; column-gap: 8px; padding: 8px 10px; border: 1px solid var(--docsmith-border); border-radius: 10px; color: inherit; text-decoration: none; }
.docsmith-source:hover { border-color: var(--docsmith-link); background: var(--docsmith-surface); }
.docsmith-source-number { grid-row: span 2; align-self: start; min-width: 20px; height: 20px; padding: 0 5px; border-radius: 6px; background: var(--docsmith-surface); color: var(--docsmith-fg); font-size: 12px; font-weight: 600; line-height: 20px; text-align: center; }
.docsmith-source-title { color: var(--docsmith-link); font-weight: 600; overflow-wrap: anywhere; }
.docsmith-source-crumb { color: var(--docsmith-muted); font-size: 12px; overflow-wrap: anywhere; }
.docsmith-more-sources summary { cursor: pointer; color: var(--docsmith-muted); font-size: 13px; padding: 2px 0; }
.docsmith-more-sources[open] summary { margin-bottom: 6px; }
.docsmith-actions { margin-top: 8px; }
.docsmith-action-row { display: flex; gap: 2px; }
.docsmith-action { display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; border: 1px solid transparent; border-radius: 8px; background: transparent; color: var(--docsmith-muted) !important; cursor: pointer; }
.docsmith-action:hover:not(:disabled) { background: var(--docsmith-surface); color: var(--docsmith-fg) !important; }
.docsmith-action[aria-pressed="true"], .docsmith-action[data-copied="true"] { color: var(--docsmith-link) !important; border-color: var(--docsmith-border); }
.docsmith-action:disabled { cursor: default; }
.docsmith-stopped { margin: 6px 0 0; font-size: 13px; font-style: italic; color: var(--docsmith-muted); }
.docsmith-feedback-status { margin: 4px 0 0; font-size: 13px; color: var(--docsmith-muted); }
.docsmith-feedback-status:empty { display: none; }
.docsmith-comment { display: grid; gap: 6px; margin-top: 8px; }
.docsmith-comment label { font-size: 13px; color: var(--docsmith-muted); }
.docsmith-comment-input, .docsmith-input { width: 100%; padding: 9px 12px; border: 1px solid var(--docsmith-border); border-radius: 10px; background: var(--docsmith-bg); color: var(--docsmith-fg); font: inherit; resize: none; }
.docsmith-comment .docsmith-button { justify-self: start; }
.docsmith-button { display: inline-flex; align-items: center; gap: 6px; padding: 6px 12px; border: 1px solid var(--docsmith-border); border-radius: 8px; background: var(--docsmith-bg); cursor: pointer; white-space: nowrap; }
.docsmith-button:hover { background: var(--docsmith-surface); }
.docsmith-button .docsmith-icon { width: 16px; height: 16px; }
.docsmith-problem { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; padding: 10px 12px; border: 1px solid var(--docsmith-problem-border); border-radius: 10px; background: var(--docsmith-problem-bg); }
.docsmith-problem p { margin: 0; }
.docsmith-support { margin: 0; color: var(--docsmith-muted); }
.docsmith-support a { color: var(--docsmith-link); font-weight: 600; }
.docsmith-form { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 8px; padding: 12px 16px 8px; border-top: 1px solid var(--docsmith-border); }
.docsmith-input { flex: 1 1 180px; min-width: 0; min-height: 42px; max-height: 160px; line-height: 1.45; }
.docsmith-input::placeholder { color: var(--docsmith-muted); opacity: 1; }
.docsmith-input:disabled { background: var(--docsmith-surface); }
.docsmith-ask { display: inline-flex; align-items: center; justify-content: center; flex: none; width: 42px; height: 42px; border: 0; border-radius: 10px; background: var(--docsmith-accent); color: var(--docsmith-on-accent) !important; cursor: pointer; }
.docsmith-ask:disabled { opacity: .5; cursor: default; }
.docsmith-disclaimer { margin: 0; padding: 0 16px 10px; font-size: 12px; color: var(--docsmith-muted); }
.docsmith-visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;
