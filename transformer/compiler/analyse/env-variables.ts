import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { Syntax } from "../facts/compiler-facts.js";
import type { AnalysisContext } from "./analysis-context.js";

// A property of an `Env<T>`'s `T` (docs/guide/configuration.md, "Configuration"): its name must be one a shell
// can set, and its default, in a class (`PORT = 3000;`), one literal, written after `=` as a `Query<T>`
// handler writes its destructuring defaults (binding-defaults.ts). The default is kept as the text the
// variable would hold, so that it is parsed and checked at startup exactly as a variable set to it.

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variable's default as text (undefined without one), or what is wrong with the property. */
export function envVariableMistake(
  context: AnalysisContext,
  written: string,
  name: string,
  declared: ts.Node | undefined,
): { readonly mistake: HonestMessage } | { readonly defaultText: string | undefined } {
  if (!VARIABLE_NAME.test(name)) return { mistake: messages.EnvField.variableName({ written, name }) };
  const { syntax } = context.facts;
  const initializer = declared && syntax.isPropertyDeclaration(declared) ? declared.initializer : undefined;
  if (initializer === undefined) return { defaultText: undefined };
  const text = literalText(syntax, initializer);
  return text === undefined ? { mistake: messages.EnvField.defaultNotLiteral({ written, name }) } : { defaultText: text };
}

/** A literal as an environment variable would hold it: `"info"` is `info`, `3000` is `3000`, `10n` is `10`. */
function literalText(syntax: Syntax, expression: ts.Expression): string | undefined {
  if (syntax.isStringLiteralLike(expression)) return expression.text;
  if (syntax.isNumericLiteral(expression)) return String(Number(expression.text.replaceAll("_", "")));
  if (syntax.isBigIntLiteral(expression)) return BigInt(expression.text.replaceAll("_", "").slice(0, -1)).toString();
  if (
    syntax.isPrefixUnaryExpression(expression) &&
    syntax.isToken(expression.operator, "MinusToken") &&
    (syntax.isNumericLiteral(expression.operand) || syntax.isBigIntLiteral(expression.operand))
  ) {
    const magnitude = literalText(syntax, expression.operand);
    return magnitude === undefined ? undefined : magnitude === "0" ? "0" : `-${magnitude}`;
  }
  if (syntax.isToken(expression.kind, "TrueKeyword")) return "true";
  if (syntax.isToken(expression.kind, "FalseKeyword")) return "false";
  return undefined;
}
