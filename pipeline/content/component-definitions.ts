import type { Expression, Node, Pattern, Program, Statement } from 'estree';
import type { JSXElement, JSXFragment } from 'estree-jsx';
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
  /** The JSX the component returns. */
  body: JSXElement | JSXFragment;
}

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
 * `const X = ({ a, b }) => { …; return <jsx/> }`, `function X(props) { return <jsx/> }` (the last top-level `return`
 * of a block body; what the statements before it compute is not known, so expressions naming it are dropped).
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
  const body = value.body.type === 'BlockStatement' ? returnedValue(value.body.body) : value.body;
  const jsx = body === undefined ? undefined : asJsx(body);
  const props = propsOf(value.params[0]);
  if (jsx !== undefined && props !== undefined) definitions.set(name, { name, props, body: jsx });
}

/** The argument of the last top-level `return` of a block body. */
function returnedValue(statements: readonly Statement[]): Expression | undefined {
  for (let index = statements.length - 1; index >= 0; index -= 1) {
    const statement = statements[index] as Statement;
    if (statement.type === 'ReturnStatement') return statement.argument ?? undefined;
  }
  return undefined;
}

function asJsx(node: Node): JSXElement | JSXFragment | undefined {
  const type: string = node.type;
  return type === 'JSXElement' || type === 'JSXFragment' ? (node as unknown as JSXElement | JSXFragment) : undefined;
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
