import type { Element, ElementContent, Parents as HastParents, Root, Text } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toDom } from 'hast-util-to-dom';
import type { Html, Image, Parents as MdastParents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast, type State } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { NEW_TAB_REL } from './new-tab-rel.ts';

/** What a `[n]` citation links to. */
export interface CitedSource {
  url: string;
  title: string;
}

/** Elements whose text is never searched for `[n]` citations: code stays code, and links do not nest. */
const NO_CITATIONS = new Set(['a', 'code', 'pre']);

/**
 * An answer's Markdown (CommonMark + GFM) as DOM nodes, built from its syntax tree and never from an HTML string:
 * raw HTML in the text shows as literal text, images become links to them (an answer never loads a remote
 * resource), the tree goes through `hast-util-sanitize`'s GitHub schema (so `javascript:` links lose their href),
 * every link opens in a new tab, and each `[n]` outside code that names a source in `sources` links to it (named
 * "Source n: title" for assistive technology, `data-citation="n"`).
 * A half-written answer (an open fence, a table without its delimiter row yet) renders as what it is so far.
 */
export function renderMarkdown(markdown: string, sources: ReadonlyMap<number, CitedSource>): DocumentFragment {
  const mdast = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const hast = sanitize(toHast(mdast, { handlers: { html: htmlAsText, image: imageAsLink } })) as Root;
  linkCitations(hast, sources);
  // hast-util-to-dom turns an empty root into a whole Document, which cannot be appended: an empty answer is no nodes.
  return hast.children.length === 0
    ? document.createDocumentFragment()
    : (toDom(hast, { fragment: true }) as DocumentFragment);
}

/** Containers of blocks: raw HTML directly inside one is a block of its own. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** Raw HTML is shown, never interpreted: as text where it stands, or as a paragraph of text when it is a block. */
function htmlAsText(_state: State, node: Html, parent: MdastParents | undefined): Element | Text {
  const text: Text = { type: 'text', value: node.value };
  return parent && !FLOW_PARENTS.has(parent.type)
    ? text
    : { type: 'element', tagName: 'p', properties: {}, children: [text] };
}

/** `![alt](url)` becomes a link to the image labelled with its alt text (or its URL), so nothing is fetched. */
function imageAsLink(_state: State, node: Image): Element {
  return {
    type: 'element',
    tagName: 'a',
    properties: { href: node.url, title: node.title ?? undefined },
    children: [{ type: 'text', value: node.alt || node.url }],
  };
}

/** Walks the sanitised tree: links open in a new tab; `[n]` in text outside code and links becomes a citation link. */
function linkCitations(node: HastParents, sources: ReadonlyMap<number, CitedSource>, literal = false): void {
  node.children = node.children.flatMap((child): ElementContent[] => {
    if (child.type === 'text') return literal ? [child] : citationNodes(child.value, sources);
    if (child.type === 'element') {
      if (child.tagName === 'a') Object.assign(child.properties, { target: '_blank', rel: NEW_TAB_REL.split(' ') });
      linkCitations(child, sources, literal || NO_CITATIONS.has(child.tagName));
    }
    return [child as ElementContent];
  });
}

/** One text split around each `[n]` that names a known source. */
function citationNodes(text: string, sources: ReadonlyMap<number, CitedSource>): ElementContent[] {
  const nodes: ElementContent[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d+)\]/g)) {
    const source = sources.get(Number(match[1]));
    if (!source) continue;
    if (match.index > last) nodes.push({ type: 'text', value: text.slice(last, match.index) });
    const properties = {
      className: ['docsmith-citation'],
      href: source.url,
      target: '_blank',
      rel: NEW_TAB_REL.split(' '),
      ariaLabel: `Source ${match[1]}: ${source.title}`,
      title: source.title,
      dataCitation: match[1],
    };
    nodes.push({ type: 'element', tagName: 'a', properties, children: [{ type: 'text', value: match[0] }] });
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push({ type: 'text', value: text.slice(last) });
  return nodes;
}
