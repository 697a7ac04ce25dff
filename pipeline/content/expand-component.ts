import type { Expression, Node } from 'estree';
import type { JSXAttribute, JSXElement, JSXFragment, JSXSpreadAttribute } from 'estree-jsx';
import type { RootContent } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import type { ComponentDefinition } from './component-definitions.ts';
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

/** A prop as a call passes it: text, `true` when bare, or the call's children. */
type PropValue = string | true | RootContent[];

/** Thrown when an expansion runs past its budget: the call keeps its children. */
class BudgetSpent extends Error {}

/**
 * What a call of a component defined with a JSX body renders, as mdast nodes: the body's elements and text, with the
 * string props of the call (`title="…"`, `{"…"}`), `children` and `props.x` substituted, `a && <jsx/>` and
 * `a ? <x/> : <y/>` decided by whether the prop is given, and other local components expanded inside it (up to
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
      const text = statement?.type === 'ExpressionStatement' ? literalText(statement.expression) : undefined;
      if (text !== undefined) props.set(attribute.name, text);
    }
  }
  if (call.children.length > 0) props.set('children', call.children as RootContent[]);
  return props;
}

/** The text of a string or number literal, or of a template literal without expressions. */
function literalText(expression: Node): string | undefined {
  if (expression.type === 'Literal' && (typeof expression.value === 'string' || typeof expression.value === 'number'))
    return String(expression.value);
  if (expression.type === 'TemplateLiteral' && expression.expressions.length === 0)
    return expression.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** Renders one component body with the props of one call. */
class BodyRenderer {
  /** Whether the body placed the call's children (`{children}`, `{props.children}`). */
  childrenUsed = false;

  constructor(
    private readonly definition: ComponentDefinition,
    private readonly props: ReadonlyMap<string, PropValue>,
    private readonly definitions: ReadonlyMap<string, ComponentDefinition>,
    private readonly budget: ExpansionBudget,
    private readonly position: JsxElement['position'],
    private readonly depth: number,
  ) {}

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
    const literal = literalText(expression);
    if (literal !== undefined) return this.text(literal);
    if (expression.type === 'LogicalExpression') {
      const known = this.truthy(expression.left);
      if (expression.operator === '&&') return known === true ? this.expression(expression.right) : [];
      return known === true
        ? this.expression(expression.left)
        : known === false
          ? this.expression(expression.right)
          : [];
    }
    if (expression.type === 'ConditionalExpression') {
      const known = this.truthy(expression.test);
      return known === undefined ? [] : this.expression(known ? expression.consequent : expression.alternate);
    }
    const prop = this.propName(expression);
    if (prop === undefined) {
      const type: string = expression.type;
      return type === 'JSXElement' || type === 'JSXFragment' ? this.node(expression) : [];
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

  /** The prop an expression reads: a destructured name (`title`) or a member of the props object (`props.title`). */
  private propName(expression: Node): string | undefined {
    const { destructured, object } = this.definition.props;
    if (expression.type === 'Identifier') return destructured.get(expression.name);
    if (
      expression.type === 'MemberExpression' &&
      !expression.computed &&
      expression.object.type === 'Identifier' &&
      expression.object.name === object &&
      expression.property.type === 'Identifier'
    )
      return expression.property.name;
    return undefined;
  }

  /** Whether an expression is truthy: a given prop is, an absent one is not, a literal as JavaScript says; else unknown. */
  private truthy(expression: Expression): boolean | undefined {
    if (expression.type === 'Literal') return Boolean(expression.value);
    if (expression.type === 'UnaryExpression' && expression.operator === '!') {
      const inner = this.truthy(expression.argument);
      return inner === undefined ? undefined : !inner;
    }
    const prop = this.propName(expression);
    if (prop === undefined) return undefined;
    const value = this.props.get(prop);
    return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
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
    const text = literalText(value.expression) ?? this.propText(value.expression);
    return text === undefined ? [] : [{ type: 'mdxJsxAttribute', name, value: text }];
  }

  private propText(expression: Node): string | undefined {
    const prop = this.propName(expression);
    const value = prop === undefined ? undefined : this.props.get(prop);
    return typeof value === 'string' ? value : undefined;
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

/** `div`, `Card`, `Icons.Star`, `svg:path`. */
function elementName(name: JSXElement['openingElement']['name']): string {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXNamespacedName') return `${name.namespace.name}:${name.name.name}`;
  return `${elementName(name.object as JSXElement['openingElement']['name'])}.${name.property.name}`;
}
