import type { Nodes } from 'mdast';
import { parsePageTree } from '../content/parse-page-tree.ts';

/** An `<Accordion>` opening (not `</Accordion>`, not `<AccordionGroup>`) or closing tag. */
const ACCORDION_TAG = /<(\/?)Accordion(?=[\s/>])/g;
/** Nodes `getTableOfContentsTitle` takes no text from: expressions (comments too), imports, frontmatter, images, HTML. */
const TEXTLESS = new Set([
  'mdxFlowExpression',
  'mdxTextExpression',
  'mdxjsEsm',
  'yaml',
  'toml',
  'image',
  'imageReference',
  'html',
]);
/** Containers whose children are blocks: their texts are lines apart. */
const FLOW = new Set(['root', 'mdxJsxFlowElement', 'blockquote', 'list', 'listItem', 'table', 'tableRow']);

/**
 * The id the platform gives an Accordion whose title slugs to nothing (`管理员登录失败`; `generateComponentId` gives
 * `""`) and which is the first such on the page: `rehypeUnicodeIds` of `@mintlify/common` fills the empty id from the
 * element's text (`getTableOfContentsTitle`: its code, inline code and prose, nested components' text too, links by
 * their words, expressions and images left out), lower-cased, white space runs as `-` (`getUnicodeId`, here not
 * percent-encoded). `text` is the page text, `tagStart` the index of the Accordion's `<`; `""` when it closes itself,
 * is never closed, or its body does not parse.
 */
export function accordionBodyId(text: string, tagStart: number): string {
  const body = accordionBody(text, tagStart);
  if (body === undefined) return '';
  let tree: Nodes;
  try {
    tree = parsePageTree('accordion.mdx', body);
  } catch {
    return '';
  }
  return nodeText(tree).toLowerCase().trim().replace(/\s+/g, '-');
}

/** The text between the Accordion's opening tag at `tagStart` and its matching `</Accordion>`, nested ones counted. */
function accordionBody(text: string, tagStart: number): string | undefined {
  const openEnd = text.indexOf('>', tagStart);
  if (openEnd === -1 || text[openEnd - 1] === '/') return undefined;
  ACCORDION_TAG.lastIndex = openEnd + 1;
  let depth = 1;
  for (let match = ACCORDION_TAG.exec(text); match !== null; match = ACCORDION_TAG.exec(text)) {
    if (match[1] === '/') {
      depth -= 1;
      if (depth === 0) return text.slice(openEnd + 1, match.index);
      continue;
    }
    const end = text.indexOf('>', match.index);
    if (end !== -1 && text[end - 1] !== '/') depth += 1;
  }
  return undefined;
}

/** The text a node renders, as `getTableOfContentsTitle` gathers it (blocks a line apart). */
function nodeText(node: Nodes): string {
  if (TEXTLESS.has(node.type)) return '';
  if ('children' in node) return (node.children as Nodes[]).map(nodeText).join(FLOW.has(node.type) ? '\n' : '');
  return 'value' in node && typeof node.value === 'string' ? node.value : '';
}
