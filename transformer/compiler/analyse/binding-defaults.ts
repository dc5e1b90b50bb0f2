import type ts from "typescript";
import type { Syntax } from "../facts/compiler-facts.js";

// The defaults a handler gives the keys it destructures from a `Query<T>`,
// `Header<T>`, `Cookie<T>` or `Form<T>` (`{ offset = 0 }: Query<Filter>`):
// what an absent key means to the route, so the OpenAPI document says it as
// the parameter's `default` (docs/guide/openapi-and-clients.md, "OpenAPI and clients"). Only literals
// count; a default computed at run time has no value to write down.

export type LiteralDefault = string | number | boolean;

/** The literal default of each destructured property, by property name. */
export function literalDefaults(syntax: Syntax, parameter: ts.ParameterDeclaration): ReadonlyMap<string, LiteralDefault> {
  const defaults = new Map<string, LiteralDefault>();
  if (!syntax.isObjectBindingPattern(parameter.name)) return defaults;
  for (const element of parameter.name.elements) {
    const key = element.propertyName ?? element.name;
    const name = syntax.isIdentifier(key) || syntax.isStringLiteral(key) ? key.text : undefined;
    const value = element.initializer && literalValue(syntax, element.initializer);
    if (name !== undefined && value !== undefined && !element.dotDotDotToken) defaults.set(name, value);
  }
  return defaults;
}

function literalValue(syntax: Syntax, expression: ts.Expression): LiteralDefault | undefined {
  if (syntax.isStringLiteralLike(expression)) return expression.text;
  if (syntax.isNumericLiteral(expression)) return Number(expression.text);
  if (
    syntax.isPrefixUnaryExpression(expression) &&
    syntax.isToken(expression.operator, "MinusToken") &&
    syntax.isNumericLiteral(expression.operand)
  ) {
    return -Number(expression.operand.text);
  }
  if (syntax.isToken(expression.kind, "TrueKeyword")) return true;
  if (syntax.isToken(expression.kind, "FalseKeyword")) return false;
  return undefined;
}
