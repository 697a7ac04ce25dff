import type { Expression, Node } from 'estree';
import type { RootContent } from 'mdast';
import type { ComponentDefinition } from './component-definitions.ts';

/** A prop as a call passes it: text, `true` when bare, or the call's children. */
export type PropValue = string | true | RootContent[];

/** `===`, `!==`, `==`, `!=`: decided when both sides are known text. */
const EQUALITY_OPERATORS: ReadonlySet<string> = new Set(['===', '!==', '==', '!=']);
/** A value not known without running code. */
const UNKNOWN = Symbol('unknown');

/** The text of a string or number literal, or of a template literal without expressions. */
export function stringLiteralText(expression: Node): string | undefined {
  if (expression.type === 'Literal' && (typeof expression.value === 'string' || typeof expression.value === 'number'))
    return String(expression.value);
  if (expression.type === 'TemplateLiteral' && expression.expressions.length === 0)
    return expression.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/**
 * What the names of a component body mean for one call, without running anything: its props (destructured or
 * `props.x`) and its block body's `const`s, which conditions and text are known from them.
 */
export class ComponentScope {
  /** The block-body `const`s being read, innermost last: one met again inside itself reads nothing. */
  private readonly localsRead = new Set<string>();

  /** `spend` is called once per `const` read, so chains of them cost the expansion budget. */
  constructor(
    private readonly definition: ComponentDefinition,
    private readonly props: ReadonlyMap<string, PropValue>,
    private readonly spend: () => void,
  ) {}

  /**
   * `read` of the value a block-body `const` binds, when `expression` names one not being read already (a `const`
   * naming itself, or two naming each other, read nothing more); undefined otherwise.
   */
  throughLocal<T>(expression: Node, read: (bound: Expression) => T): T | undefined {
    if (expression.type !== 'Identifier' || this.localsRead.has(expression.name)) return undefined;
    const bound = this.definition.locals.get(expression.name);
    if (bound === undefined) return undefined;
    this.spend();
    this.localsRead.add(expression.name);
    try {
      return read(bound);
    } finally {
      this.localsRead.delete(expression.name);
    }
  }

  /** The prop an expression reads: a destructured name (`title`) or a member of the props object (`props.title`). */
  propName(expression: Node): string | undefined {
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

  /**
   * Whether an expression is truthy: a given prop is, an absent one is not, a literal as JavaScript says, `!`, `&&`,
   * `||` and equality of known text as JavaScript says, a `const` as its value; else unknown.
   */
  truthy(expression: Expression): boolean | undefined {
    if (expression.type === 'Literal') return Boolean(expression.value);
    if (expression.type === 'UnaryExpression' && expression.operator === '!') {
      const inner = this.truthy(expression.argument);
      return inner === undefined ? undefined : !inner;
    }
    if (expression.type === 'LogicalExpression' && expression.operator !== '??') {
      // `a && b` is false when either is, true when both are; `a || b` the other way round.
      const decisive = expression.operator === '||';
      const [left, right] = [this.truthy(expression.left), this.truthy(expression.right)];
      if (left === decisive || right === decisive) return decisive;
      return left === undefined || right === undefined ? undefined : !decisive;
    }
    if (expression.type === 'BinaryExpression' && EQUALITY_OPERATORS.has(expression.operator)) {
      const [left, right] = [this.knownText(expression.left), this.knownText(expression.right)];
      if (left === UNKNOWN || right === UNKNOWN) return undefined;
      return (left === right) === !expression.operator.startsWith('!');
    }
    const prop = this.propName(expression);
    if (prop === undefined) return this.throughLocal(expression, (bound) => this.truthy(bound));
    const value = this.props.get(prop);
    return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
  }

  /** The text a literal, a string prop or a `const` bound to one is (undefined for an absent prop), or `UNKNOWN`. */
  knownText(expression: Node): string | undefined | typeof UNKNOWN {
    const literal = stringLiteralText(expression);
    if (literal !== undefined) return literal;
    const prop = this.propName(expression);
    if (prop === undefined) return this.throughLocal(expression, (bound) => this.knownText(bound)) ?? UNKNOWN;
    const value = this.props.get(prop);
    return value === undefined || typeof value === 'string' ? value : UNKNOWN;
  }
}
