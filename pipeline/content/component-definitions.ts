import type { Expression, Node, Pattern, Program, Statement } from 'estree';
import type { RootContent } from 'mdast';

/** How a component reads its props: names it destructures (`({ title, description })`) or one props object (`(props)`). */
export interface ComponentProps {
  /** Local name → prop name, for destructured props (`({ title: heading })` maps `heading` to `title`). */
  destructured: ReadonlyMap<string, string>;
  /** The name of the props object (`props` in `(props) => …`), when the props are not destructured. */
  object?: string;
  /** Prop name → its default text, for destructured props with a string default (`({ label = "New" })`). */
  defaults: ReadonlyMap<string, string>;
}

/** A component whose body is JSX: what its call renders, with its props substituted (`expandComponent`). */
export interface ComponentDefinition {
  name: string;
  props: ComponentProps;
  /**
   * What the component returns: JSX, a conditional (`a ? <x/> : y`, `a && <x/>`, `if (a) return …` read as
   * `a ? … : …`) or a local name that leads to JSX.
   */
  body: Expression;
  /** The block body's top-level `const name = value` bindings (none for an expression body). */
  locals: ReadonlyMap<string, Expression>;
}

/** Most `if` statements with a `return` a block body may chain before its component is not read. */
export const MAX_RETURN_BRANCHES = 64;

/** The components a tree's top-level ESM defines (`export const X = …` in a page or an `.mdx` snippet), by name. */
export function treeComponentDefinitions(children: readonly RootContent[]): Map<string, ComponentDefinition> {
  const definitions = new Map<string, ComponentDefinition>();
  for (const child of children) {
    if (child.type !== 'mdxjsEsm' || !child.data?.estree) continue;
    for (const [name, definition] of programComponentDefinitions(child.data.estree)) definitions.set(name, definition);
  }
  return definitions;
}

/**
 * The components a module defines at its top level with a JSX body, exported or not: `const X = (props) => <jsx/>`,
 * `const X = ({ a, b }) => { …; return <jsx/> }`, `function X(props) { return <jsx/> }`. A block body's `const`s
 * are kept for the renderer to substitute (`const card = <div/>; return href ? <a>{card}</a> : card`) and its
 * `if … return`s become conditionals (`returnedExpression`); what other statements compute is not known, so
 * expressions naming it are dropped.
 */
export function programComponentDefinitions(program: Program): Map<string, ComponentDefinition> {
  const definitions = new Map<string, ComponentDefinition>();
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
    if (declaration.type === 'FunctionDeclaration' && declaration.id) {
      addDefinition(definitions, declaration.id.name, declaration);
    } else if (declaration.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type === 'Identifier' && declarator.init)
          addDefinition(definitions, declarator.id.name, declarator.init);
      }
    }
  }
  return definitions;
}

function addDefinition(definitions: Map<string, ComponentDefinition>, name: string, value: Node): void {
  if (
    value.type !== 'ArrowFunctionExpression' &&
    value.type !== 'FunctionExpression' &&
    value.type !== 'FunctionDeclaration'
  )
    return;
  const block = value.body.type === 'BlockStatement' ? value.body.body : undefined;
  const locals = block === undefined ? new Map<string, Expression>() : constBindings(block);
  const body = block === undefined ? (value.body as Expression) : returnedExpression(block);
  const props = propsOf(value.params[0]);
  if (body !== undefined && props !== undefined && leadsToJsx(body, locals, new Set()))
    definitions.set(name, { name, props, body, locals });
}

/** The top-level `const name = value` bindings of a block body. */
function constBindings(statements: readonly Statement[]): Map<string, Expression> {
  const locals = new Map<string, Expression>();
  for (const statement of statements) {
    if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
    for (const declarator of statement.declarations)
      if (declarator.id.type === 'Identifier' && declarator.init) locals.set(declarator.id.name, declarator.init);
  }
  return locals;
}

/** `null`: what a bare `return`, or a branch returning nothing, renders. */
const NOTHING: Expression = { type: 'Literal', value: null, raw: 'null' };

/**
 * What a block body returns, as one expression: its first top-level `return`, each `if (test) …` before it made
 * `test ? <what its branch returns> : <what follows>` (nested blocks and `else if` alike; a branch that does not
 * return goes on with what follows it); other statements are passed over (what they compute is not known).
 * Undefined when nothing is returned or past `MAX_RETURN_BRANCHES` `if`s.
 */
function returnedExpression(statements: readonly Statement[]): Expression | undefined {
  const reader = { ifs: 0 };
  const value = blockReturn(statements, 0, reader, () => undefined);
  return reader.ifs > MAX_RETURN_BRANCHES ? undefined : value;
}

/** What `statements[start…]` return, `after()` when they end without returning. */
function blockReturn(
  statements: readonly Statement[],
  start: number,
  reader: { ifs: number },
  after: () => Expression | undefined,
): Expression | undefined {
  for (let index = start; index < statements.length; index += 1) {
    const statement = statements[index] as Statement;
    if (statement.type === 'ReturnStatement') return statement.argument ?? NOTHING;
    if (statement.type !== 'IfStatement' && statement.type !== 'BlockStatement') continue;
    reader.ifs += 1;
    if (reader.ifs > MAX_RETURN_BRANCHES) return undefined;
    // Read once however many branches end there, so chains stay linear.
    let rest: { value: Expression | undefined } | undefined;
    const following = (): Expression | undefined =>
      (rest ??= { value: blockReturn(statements, index + 1, reader, after) }).value;
    if (statement.type === 'BlockStatement') return blockReturn(statement.body, 0, reader, following);
    const then = blockReturn([statement.consequent], 0, reader, following);
    const otherwise = statement.alternate ? blockReturn([statement.alternate], 0, reader, following) : following();
    if (then === undefined || then === otherwise) return otherwise;
    return { type: 'ConditionalExpression', test: statement.test, consequent: then, alternate: otherwise ?? NOTHING };
  }
  return after();
}

/** Whether an expression may render JSX: JSX itself, a branch of a conditional that may, or a local bound to one. */
function leadsToJsx(expression: Node, locals: ReadonlyMap<string, Expression>, seen: Set<string>): boolean {
  const type: string = expression.type;
  if (type === 'JSXElement' || type === 'JSXFragment') return true;
  if (expression.type === 'ConditionalExpression')
    return leadsToJsx(expression.consequent, locals, seen) || leadsToJsx(expression.alternate, locals, seen);
  if (expression.type === 'LogicalExpression')
    return leadsToJsx(expression.left, locals, seen) || leadsToJsx(expression.right, locals, seen);
  if (expression.type !== 'Identifier' || seen.has(expression.name)) return false;
  const bound = locals.get(expression.name);
  seen.add(expression.name);
  return bound !== undefined && leadsToJsx(bound, locals, seen);
}

/** How the first parameter reads the props; undefined for a pattern this reader does not follow. */
function propsOf(parameter: Pattern | undefined): ComponentProps | undefined {
  if (parameter === undefined) return { destructured: new Map(), defaults: new Map() };
  if (parameter.type === 'Identifier') return { destructured: new Map(), object: parameter.name, defaults: new Map() };
  const pattern = parameter.type === 'AssignmentPattern' ? parameter.left : parameter;
  if (pattern.type !== 'ObjectPattern') return undefined;
  const destructured = new Map<string, string>();
  const defaults = new Map<string, string>();
  for (const property of pattern.properties) {
    if (property.type !== 'Property' || property.key.type !== 'Identifier') continue;
    const { value } = property;
    const local = value.type === 'AssignmentPattern' ? value.left : value;
    if (local.type !== 'Identifier') continue;
    destructured.set(local.name, property.key.name);
    if (value.type === 'AssignmentPattern' && value.right.type === 'Literal' && typeof value.right.value === 'string')
      defaults.set(property.key.name, value.right.value);
  }
  return { destructured, defaults };
}
