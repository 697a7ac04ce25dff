import type { Expression, Program } from 'estree-jsx';

/**
 * What an MDX expression `{…}` is, read from its estree without running it: the text a literal renders, the name
 * of a bare identifier (its value is a binding's), or undefined for anything else (a call, a member access, JSX,
 * an operator, a comment, a template with `${…}`).
 */
export type LiteralExpression = { text: string } | { identifier: string } | undefined;

/**
 * The expression of an MDX expression's program (`data.estree`) read as a literal or a bare identifier, as the
 * platform's page constants are (`@mintlify/common` remarkMdxExpandExpressions): a string, a template without
 * expressions, a number (React renders it as its digits); `true`, `false` and `null` render nothing, so are text ''.
 */
export function literalExpression(program: Program | null | undefined): LiteralExpression {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  if (statement?.type !== 'ExpressionStatement') return undefined;
  const expression = statement.expression;
  if (expression.type === 'Identifier') return { identifier: expression.name };
  const text = literalText(expression);
  return text === undefined ? undefined : { text };
}

/** The text a literal renders (see `literalExpression`), or undefined when the expression is not one. */
export function literalText(expression: Expression): string | undefined {
  if (expression.type === 'TemplateLiteral')
    return expression.expressions.length === 0
      ? expression.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join('')
      : undefined;
  if (expression.type !== 'Literal' || 'regex' in expression || 'bigint' in expression) return undefined;
  const value = expression.value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return typeof value === 'boolean' || value === null ? '' : undefined;
}
