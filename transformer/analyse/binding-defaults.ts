import ts from "typescript";

// The defaults a handler gives the keys it destructures from a `Query<T>`,
// `Header<T>`, `Cookie<T>` or `Form<T>` (`{ offset = 0 }: Query<Filter>`):
// what an absent key means to the route, so the OpenAPI document says it as
// the parameter's `default` (README, "OpenAPI and clients"). Only literals
// count; a default computed at run time has no value to write down.

export type LiteralDefault = string | number | boolean;

/** The literal default of each destructured property, by property name. */
export function literalDefaults(parameter: ts.ParameterDeclaration): ReadonlyMap<string, LiteralDefault> {
  const defaults = new Map<string, LiteralDefault>();
  if (!ts.isObjectBindingPattern(parameter.name)) return defaults;
  for (const element of parameter.name.elements) {
    const key = element.propertyName ?? element.name;
    const name = ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : undefined;
    const value = element.initializer && literalValue(element.initializer);
    if (name !== undefined && value !== undefined && !element.dotDotDotToken) defaults.set(name, value);
  }
  return defaults;
}

function literalValue(expression: ts.Expression): LiteralDefault | undefined {
  if (ts.isStringLiteralLike(expression)) return expression.text;
  if (ts.isNumericLiteral(expression)) return Number(expression.text);
  if (
    ts.isPrefixUnaryExpression(expression) &&
    expression.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(expression.operand)
  ) {
    return -Number(expression.operand.text);
  }
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}
