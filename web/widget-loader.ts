/** The file name of the widget bundle, content-hashed: set by scripts/build-web.mjs. */
declare const WIDGET_BUNDLE: string;

/**
 * `GET /widget.js`: the short-lived loader of the one-tag embed. It adds the content-hashed widget bundle (served
 * with `Cache-Control: immutable`) next to itself, async, with the embed's `data-*` attributes and nonce, so an
 * embed never changes while the bundle it loads does.
 */
const loader = document.currentScript as HTMLScriptElement | null;
if (loader?.src) {
  const bundle = document.createElement('script');
  bundle.src = new URL(WIDGET_BUNDLE, loader.src).href;
  bundle.async = true;
  if (loader.nonce) bundle.nonce = loader.nonce;
  for (const attribute of loader.attributes)
    if (attribute.name.startsWith('data-')) bundle.setAttribute(attribute.name, attribute.value);
  document.head.append(bundle);
} else {
  console.error('docsmith assistant: load widget.js with a <script src> tag');
}
