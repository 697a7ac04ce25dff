import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';

/** A link target found in markup: its URL and, for an image source, `kind: 'image'`. */
export interface ElementLink {
  url: string;
  kind?: 'image';
}

const HTML_HREF = /\bhref\s*=\s*["']([^"']*)["']/gi;
const HTML_IMAGE_SOURCE = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']*)["']/gi;
const IMAGE_COMPONENTS = new Set(['img', 'Image']);

/** The `href` of a JSX element, and the `src` of an `img`/`Image` element. */
export function jsxLinks(node: JsxElement): ElementLink[] {
  const links: ElementLink[] = [];
  const href = jsxAttribute(node, 'href');
  if (typeof href === 'string') links.push({ url: href });
  const source = IMAGE_COMPONENTS.has(node.name ?? '') ? jsxAttribute(node, 'src') : undefined;
  if (typeof source === 'string') links.push({ url: source, kind: 'image' });
  return links;
}

/** Every `href` in raw HTML, then every `<img src>`. */
export function htmlLinks(html: string): ElementLink[] {
  return [
    ...[...html.matchAll(HTML_HREF)].map((match): ElementLink => ({ url: match[1] ?? '' })),
    ...[...html.matchAll(HTML_IMAGE_SOURCE)].map((match): ElementLink => ({ url: match[1] ?? '', kind: 'image' })),
  ];
}
