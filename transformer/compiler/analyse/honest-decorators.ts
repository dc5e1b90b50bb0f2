import type ts from "typescript";
import type { Syntax } from "../facts/compiler-facts.js";

/** The decorators on `node` that are calls (`@Get("/")`, `@Use(cors())`), with their call expressions. */
export function decoratorCalls(syntax: Syntax, node: ts.Node): { decorator: ts.Decorator; call: ts.CallExpression }[] {
  const found: { decorator: ts.Decorator; call: ts.CallExpression }[] = [];
  for (const decorator of syntax.decoratorsOf(node)) {
    if (syntax.isCallExpression(decorator.expression)) found.push({ decorator, call: decorator.expression });
  }
  return found;
}
