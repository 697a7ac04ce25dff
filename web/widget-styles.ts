/**
 * Styles of the widget's launcher, inside its shadow root from the start: `:host` resets every inherited property
 * (`all: initial`, important so that no host rule on the element wins), so the host page's fonts, colours and
 * line heights stop at the boundary; the host element is an empty fixed box, so adding it never moves the page's
 * own layout.
 */
export const LAUNCHER_STYLES = `
:host { all: initial !important; position: fixed !important; top: 0 !important; left: 0 !important; width: 0 !important; height: 0 !important; z-index: 2147483000 !important; }
.docsmith-widget *, .docsmith-widget *::before, .docsmith-widget *::after { box-sizing: border-box; }
.docsmith-widget { font: 14px/1.5 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.docsmith-launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; display: inline-flex; align-items: center; gap: 8px; height: 44px; padding: 0 16px; border: 0; border-radius: 999px; background: var(--docsmith-accent); color: var(--docsmith-on-accent); font: 600 14px/1 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; box-shadow: 0 6px 20px var(--docsmith-shadow); cursor: pointer; contain: layout style; }
.docsmith-launcher:focus-visible { outline: 3px solid var(--docsmith-link); outline-offset: 3px; }
.docsmith-launcher .docsmith-icon { width: 18px; height: 18px; fill: none; stroke: currentColor; stroke-width: 1.8; stroke-linejoin: round; }
.docsmith-launcher kbd { font: 500 12px/1 ui-sans-serif, system-ui, sans-serif; padding: 3px 6px; border: 1px solid currentColor; border-radius: 6px; }
@media (max-width: 640px) {
  .docsmith-launcher { right: 16px; bottom: 16px; }
  .docsmith-launcher kbd { display: none; }
}
`;

/**
 * Styles of the panel, added with the chat's on first open: a side panel from 641 px up, a full-height sheet below; no
 * motion for readers who ask for less. The panel is visible (so focusable) as soon as it opens, and hidden only once
 * it has slid out.
 */
export const PANEL_STYLES = `
.docsmith-panel { position: fixed; top: 0; right: 0; bottom: 0; z-index: 2147483001; width: min(440px, 100vw); display: flex; flex-direction: column; background: var(--docsmith-bg); color: var(--docsmith-fg); border-left: 1px solid var(--docsmith-border); box-shadow: -12px 0 32px var(--docsmith-shadow); contain: layout style; transition: transform .2s ease, visibility 0s; }
.docsmith-panel[data-open="false"] { transform: translateX(100%); visibility: hidden; box-shadow: none; transition: transform .2s ease, visibility 0s linear .2s; }
.docsmith-header { display: flex; align-items: center; gap: 4px; padding: 10px 10px 10px 16px; border-bottom: 1px solid var(--docsmith-border); }
.docsmith-title { flex: 1; min-width: 0; margin: 0; font-size: 15px; font-weight: 650; line-height: 1.3; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.docsmith-title-suffix { color: var(--docsmith-muted); font-weight: 500; }
.docsmith-header-button { display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border: 0; border-radius: 8px; background: transparent; color: var(--docsmith-muted); cursor: pointer; }
.docsmith-header-button:hover { background: var(--docsmith-surface); color: var(--docsmith-fg); }
.docsmith-header-button:focus-visible { outline: 2px solid var(--docsmith-link); outline-offset: 0; }
.docsmith-panel > .docsmith-chat { flex: 1; }
@media (max-width: 640px) {
  .docsmith-panel { width: 100vw; height: 100dvh; top: auto; border-left: 0; box-shadow: none; padding-bottom: env(safe-area-inset-bottom); }
  .docsmith-panel[data-open="false"] { transform: translateY(100%); }
}
@media (prefers-reduced-motion: reduce) {
  .docsmith-panel, .docsmith-panel[data-open="false"] { transition: none; }
}
`;
