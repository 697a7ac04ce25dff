import { createWidget, type WidgetApi } from './create-widget.ts';
import { readWidgetOptions } from './widget-options.ts';

declare global {
  interface Window {
    /** The widget of this page, for custom triggers: `DocsmithAssistant.open()`, `.ask('How do I…?')`. */
    DocsmithAssistant?: WidgetApi;
  }
}

/**
 * The embeddable widget: `<script async src="https://assistant.example.com/widget.js" data-domain="acme" data-key="ds_…">`.
 * `widget.js` is a small loader that adds this bundle (content-hashed, cached for good) with the same attributes;
 * the bundle reads them from its own tag (docs/guides/widget.mdx lists them).
 */
function start(script: HTMLScriptElement | null): void {
  if (window.DocsmithAssistant)
    return console.warn('docsmith assistant: widget.js is on this page twice; the second copy does nothing');
  const options = script ? readWidgetOptions(script) : new Error('widget.js must be loaded by a <script> tag');
  if (options instanceof Error) return console.error(`docsmith assistant: ${options.message}`);
  window.DocsmithAssistant = createWidget(options);
}

const currentScript = document.currentScript as HTMLScriptElement | null;
if (document.body) start(currentScript);
else document.addEventListener('DOMContentLoaded', () => start(currentScript));
