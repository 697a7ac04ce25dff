import type { Nodes, Root } from 'mdast';

/** White space only, as the MDX compiler reads it between elements. */
const WHITE_SPACE = /^[\t\n\v\f\r ]*$/;

/**
 * Unified plugin (after remark-mdx): a paragraph holding only JSX elements and expressions, white space between them,
 * becomes those elements as blocks — what `@mdx-js/mdx` does before any of the platform's plugins run
 * (`remark-mark-and-unravel`). `<h2>Custom domains</h2>` alone on a line is then a heading element of the page, listed
 * and anchored, and the elements of `<div>\n  <h3>Title</h3>\n  <p>Text</p>\n</div>` are blocks of their own.
 */
export function remarkUnravelJsx() {
  return (tree: Root): void => {
    unravelJsx(tree);
  };
}

/** `remarkUnravelJsx` on a tree parsed outside a processor (a snippet's), in place; iterative, so any depth of nesting is walked. */
export function unravelJsx(root: Nodes): void {
  const pending: Nodes[] = [root];
  for (let parent = pending.pop(); parent !== undefined; parent = pending.pop()) {
    if (!('children' in parent)) continue;
    const children: Nodes[] = [];
    for (const child of parent.children as Nodes[]) {
      if (child.type === 'paragraph' && holdsOnlyJsx(child.children)) {
        for (const inner of child.children as Nodes[]) if (inner.type !== 'text') children.push(toBlock(inner));
      } else children.push(child);
    }
    (parent as { children: Nodes[] }).children = children;
    for (const child of children) pending.push(child);
  }
}

/** Whether phrasing holds a JSX element or expression, and nothing else but white space. */
function holdsOnlyJsx(children: readonly Nodes[]): boolean {
  let jsx = false;
  for (const child of children) {
    if (child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression') jsx = true;
    else if (child.type !== 'text' || !WHITE_SPACE.test(child.value)) return false;
  }
  return jsx;
}

/** A JSX text element or expression as the flow element or expression it stands for. */
function toBlock(node: Nodes): Nodes {
  if (node.type === 'mdxJsxTextElement') return { ...node, type: 'mdxJsxFlowElement' } as unknown as Nodes;
  if (node.type === 'mdxTextExpression') return { ...node, type: 'mdxFlowExpression' } as unknown as Nodes;
  return node;
}
