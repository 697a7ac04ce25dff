import type { Expression, Node } from 'estree';
import type { JSXAttribute, JSXElement, JSXFragment, JSXSpreadAttribute } from 'estree-jsx';
import type { RootContent } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import type { ComponentDefinition } from './component-definitions.ts';
import { ComponentScope, stringLiteralText, type PropValue } from './component-scope.ts';
import { STRUCTURAL_COMPONENTS } from './component-text.ts';
import type { JsxElement } from './jsx-attribute.ts';
import { jsxText } from './jsx-text.ts';
import './page-data.ts';
import { startsOwnLine } from './text-flow.ts';

/** Components expanded inside a component's body before the chain stops (deeper calls keep their children as written). */
export const MAX_COMPONENT_DEPTH = 8;
/** Most nodes the component expansions of one page make; past it, calls keep their children as written. */
export const MAX_EXPANDED_NODES = 20_000;

/** The nodes left to the expansions of one page (`MAX_EXPANDED_NODES` at first). */
export class ExpansionBudget {
  nodesLeft = MAX_EXPANDED_NODES;
}

/** HTML elements that start a block of their own: their text is a line, as a browser lays them out. */
const BLOCK_TAGS: ReadonlySet<string> = new Set(
  'address article aside blockquote details dd div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);

/** Thrown when an expansion runs past its budget: the call keeps its children. */
class BudgetSpent extends Error {}

/**
 * What a call of a component defined with a JSX body renders, as mdast nodes: the body's elements and text, with the
 * string props of the call (`title="…"`, `{"…"}`), `children`, `props.x` and the body's `const`s substituted,
 * `a && <jsx/>` and `a ? <x/> : <y/>` decided by whether the prop is given (when the test is not known, `&&` shows its
 * JSX and `? :` its branch with the most text, `richerBranch`), and other local components expanded inside it (up to
 * `MAX_COMPONENT_DEPTH`). Nothing runs: any other expression renders nothing, as unknown expressions do elsewhere.
 * Elements made from the body carry `data.renderedBy` (the component's name; a heading in it is no page heading) and the
 * call's position. Children the body does not place where it shows `{children}` follow its text, so none is lost.
 * Undefined when `budget` runs out.
 */
export function expandComponent(
  call: JsxElement,
  definition: ComponentDefinition,
  definitions: ReadonlyMap<string, ComponentDefinition>,
  budget: ExpansionBudget,
): RootContent[] | undefined {
  try {
    const renderer = new BodyRenderer(definition, callProps(call, definition), definitions, budget, call.position, 0);
    const rendered = renderer.render();
    // Children the body passes through code (`const items = children.slice(1)`) are not placed: they follow, not lost.
    return renderer.childrenUsed ? rendered : [...rendered, ...(call.children as RootContent[])];
  } catch (error) {
    if (error instanceof BudgetSpent) return undefined;
    throw error;
  }
}

/** The props a call passes: the definition's string defaults, then its attributes whose values are known text, and its children. */
function callProps(call: JsxElement, definition: ComponentDefinition): Map<string, PropValue> {
  const props = new Map<string, PropValue>(definition.props.defaults);
  for (const attribute of call.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') continue;
    if (attribute.value === null || attribute.value === undefined) props.set(attribute.name, true);
    else if (typeof attribute.value === 'string') props.set(attribute.name, attribute.value);
    else {
      const statement = attribute.value.data?.estree?.body[0];
      const text = statement?.type === 'ExpressionStatement' ? stringLiteralText(statement.expression) : undefined;
      if (text !== undefined) props.set(attribute.name, text);
    }
  }
  if (call.children.length > 0) props.set('children', call.children as RootContent[]);
  return props;
}

/** Renders one component body with the props of one call. */
class BodyRenderer {
  /** Whether the body placed the call's children (`{children}`, `{props.children}`). */
  childrenUsed = false;
  /** What the body's names mean for this call. */
  private readonly scope: ComponentScope;

  constructor(
    private readonly definition: ComponentDefinition,
    private readonly props: ReadonlyMap<string, PropValue>,
    private readonly definitions: ReadonlyMap<string, ComponentDefinition>,
    private readonly budget: ExpansionBudget,
    private readonly position: JsxElement['position'],
    private readonly depth: number,
  ) {
    this.scope = new ComponentScope(definition, props, () => this.spend(1));
  }

  render(): RootContent[] {
    return this.node(this.definition.body);
  }

  private node(node: Node): RootContent[] {
    const type: string = node.type;
    if (type === 'JSXText') return this.text(jsxText((node as unknown as { value: string }).value));
    if (type === 'JSXFragment') return this.children(node as unknown as JSXFragment);
    if (type === 'JSXElement') return this.element(node as unknown as JSXElement);
    if (type === 'JSXExpressionContainer' || type === 'JSXSpreadChild')
      return this.node((node as unknown as { expression: Node }).expression);
    return this.expression(node);
  }

  private children(parent: JSXElement | JSXFragment): RootContent[] {
    return parent.children.flatMap((child) => this.node(child as unknown as Node));
  }

  private expression(expression: Node): RootContent[] {
    const literal = stringLiteralText(expression);
    if (literal !== undefined) return this.text(literal);
    if (expression.type === 'LogicalExpression') {
      const known = this.scope.truthy(expression.left);
      // Unknown (`items.length > 0 && <ul/>`, state): what it may show is on the page, so it is text of the page.
      if (expression.operator === '&&') return known === false ? [] : this.expression(expression.right);
      return known === true
        ? this.expression(expression.left)
        : known === false
          ? this.expression(expression.right)
          : [];
    }
    if (expression.type === 'ConditionalExpression') {
      const known = this.scope.truthy(expression.test);
      return known === undefined
        ? this.richerBranch(expression.consequent, expression.alternate)
        : this.expression(known ? expression.consequent : expression.alternate);
    }
    const prop = this.scope.propName(expression);
    if (prop === undefined) {
      const type: string = expression.type;
      if (type === 'JSXElement' || type === 'JSXFragment') return this.node(expression);
      return this.scope.throughLocal(expression, (bound) => this.expression(bound)) ?? [];
    }
    const value = this.props.get(prop);
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) {
      this.spend(nodeCount(value));
      const used = this.childrenUsed;
      this.childrenUsed = true;
      return used ? structuredClone(value) : value;
    }
    return [];
  }

  /**
   * A conditional whose test is not known: the branch rendering the most text, then the fewest nodes (of
   * `href ? <a href={href}>{card}</a> : card`, the card without the link), then the first. Both are rendered, each
   * from the budget; what the other one did to `childrenUsed` is undone.
   */
  private richerBranch(consequent: Expression, alternate: Expression): RootContent[] {
    this.spend(1);
    const before = this.childrenUsed;
    const first = this.expression(consequent);
    const firstUsed = this.childrenUsed;
    this.childrenUsed = before;
    const second = this.expression(alternate);
    const [firstText, secondText] = [textLength(first), textLength(second)];
    if (firstText > secondText || (firstText === secondText && nodeCount(first) <= nodeCount(second))) {
      this.childrenUsed = firstUsed;
      return first;
    }
    return second;
  }

  private element(element: JSXElement): RootContent[] {
    const name = elementName(element.openingElement.name);
    const attributes = element.openingElement.attributes.flatMap((attribute) => this.attribute(attribute));
    const children = this.children(element);
    this.spend(1);
    const nested = this.definitions.get(name);
    const expanded =
      nested !== undefined && this.depth < MAX_COMPONENT_DEPTH
        ? new BodyRenderer(
            nested,
            callProps({ type: 'mdxJsxFlowElement', name, attributes, children: children as never }, nested),
            this.definitions,
            this.budget,
            this.position,
            this.depth + 1,
          ).render()
        : children;
    const flow =
      BLOCK_TAGS.has(name) || STRUCTURAL_COMPONENTS.has(name) || expanded.some((child) => startsOwnLine(child));
    const data = { renderedBy: this.definition.name };
    return [
      flow
        ? { type: 'mdxJsxFlowElement', name, attributes, children: expanded as never, data, position: this.position }
        : { type: 'mdxJsxTextElement', name, attributes, children: expanded as never, data, position: this.position },
    ];
  }

  /** An attribute with its value as text (a prop substituted), bare when it has none; other values are left out. */
  private attribute(attribute: JSXAttribute | JSXSpreadAttribute): MdxJsxAttribute[] {
    if (attribute.type !== 'JSXAttribute' || attribute.name.type !== 'JSXIdentifier') return [];
    const name = attribute.name.name;
    const value = attribute.value;
    if (value === null || value === undefined) return [{ type: 'mdxJsxAttribute', name, value: null }];
    if (value.type === 'Literal')
      return typeof value.value === 'string' ? [{ type: 'mdxJsxAttribute', name, value: value.value }] : [];
    if (value.type !== 'JSXExpressionContainer' || value.expression.type === 'JSXEmptyExpression') return [];
    const text = this.scope.knownText(value.expression);
    return typeof text === 'string' ? [{ type: 'mdxJsxAttribute', name, value: text }] : [];
  }

  private text(value: string): RootContent[] {
    if (value === '') return [];
    this.spend(1);
    return [{ type: 'text', value, position: this.position }];
  }

  private spend(nodes: number): void {
    this.budget.nodesLeft -= nodes;
    if (this.budget.nodesLeft < 0) throw new BudgetSpent();
  }
}

/** How many nodes the trees hold, roots included. */
function nodeCount(nodes: readonly RootContent[]): number {
  let count = 0;
  const pending: object[] = [...nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    count += 1;
    if ('children' in node && Array.isArray(node.children)) pending.push(...(node.children as object[]));
  }
  return count;
}

/** How many characters of text (prose and code) the trees hold; expressions are code to run, not text. */
function textLength(nodes: readonly RootContent[]): number {
  let length = 0;
  const pending: RootContent[] = [...nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') length += node.value.length;
    if ('children' in node) pending.push(...(node.children as RootContent[]));
  }
  return length;
}

/** `div`, `Card`, `Icons.Star`, `svg:path`. */
function elementName(name: JSXElement['openingElement']['name']): string {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXNamespacedName') return `${name.namespace.name}:${name.name.name}`;
  return `${elementName(name.object as JSXElement['openingElement']['name'])}.${name.property.name}`;
}
