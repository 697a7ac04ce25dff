import type { JSXElement, JSXFragment } from 'estree-jsx';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

/** An MDX JSX element, in flow or in text. */
export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

const QUOTED_EXPRESSION = /^(['"`])([\s\S]*)\1$/;

/**
 * An attribute's value: its string, `true` when bare, a quoted literal's text, the text an element value shows
 * (`label={<><Icon /><span>Recipes</span></>}` → `Recipes`) or else the source of `{…}`; undefined when absent.
 */
export function jsxAttribute(node: JsxElement, name: string): string | true | undefined {
  const found = node.attributes.find(
    (candidate): candidate is MdxJsxAttribute => candidate.type === 'mdxJsxAttribute' && candidate.name === name,
  );
  if (found === undefined) return undefined;
  if (found.value === null || found.value === undefined) return true;
  if (typeof found.value === 'string') return found.value;
  const root = found.value.data?.estree?.body[0];
  if (
    root?.type === 'ExpressionStatement' &&
    (root.expression.type === 'JSXElement' || root.expression.type === 'JSXFragment')
  )
    return shownText(root.expression).replace(/\s+/g, ' ').trim();
  const expression = found.value.value.trim();
  const literal = QUOTED_EXPRESSION.exec(expression);
  if (literal) return literal[2] ?? '';
  return expression === 'true' ? true : expression;
}

/** The text a JSX element or fragment shows: its text children and string literals in `{…}`, elements' attributes left out. */
function shownText(node: JSXElement | JSXFragment): string {
  return node.children
    .map((child) => {
      if (child.type === 'JSXText') return child.value;
      if (child.type === 'JSXElement' || child.type === 'JSXFragment') return shownText(child);
      if (
        child.type === 'JSXExpressionContainer' &&
        child.expression.type === 'Literal' &&
        typeof child.expression.value === 'string'
      )
        return child.expression.value;
      return '';
    })
    .join('');
}

/** An attribute whose value is an array of string literals (`tags={["API", "SDK"]}`), as its strings; [] otherwise. */
export function jsxStringList(node: JsxElement, name: string): string[] {
  const found = node.attributes.find(
    (candidate): candidate is MdxJsxAttribute => candidate.type === 'mdxJsxAttribute' && candidate.name === name,
  );
  const value = found?.value;
  if (value === null || value === undefined || typeof value === 'string') return [];
  const root = value.data?.estree?.body[0];
  if (root?.type !== 'ExpressionStatement' || root.expression.type !== 'ArrayExpression') return [];
  return root.expression.elements.flatMap((element) =>
    element?.type === 'Literal' && typeof element.value === 'string' && element.value.trim() !== ''
      ? [element.value.trim()]
      : [],
  );
}
