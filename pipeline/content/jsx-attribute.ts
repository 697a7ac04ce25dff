import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

/** An MDX JSX element, in flow or in text. */
export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

const QUOTED_EXPRESSION = /^(['"`])([\s\S]*)\1$/;

/** An attribute's value: its string, `true` when bare, a quoted literal's text or the source of `{…}`; undefined when absent. */
export function jsxAttribute(node: JsxElement, name: string): string | true | undefined {
  const found = node.attributes.find((candidate): candidate is MdxJsxAttribute => candidate.type === 'mdxJsxAttribute' && candidate.name === name);
  if (found === undefined) return undefined;
  if (found.value === null || found.value === undefined) return true;
  if (typeof found.value === 'string') return found.value;
  const expression = found.value.value.trim();
  const literal = QUOTED_EXPRESSION.exec(expression);
  if (literal) return literal[2] ?? '';
  return expression === 'true' ? true : expression;
}
