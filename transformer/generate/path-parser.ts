import ts from "typescript";
import type { PathValueModel } from "../model.js";
import type { ModuleImports } from "./module-imports.js";

// `Path<T>` values: the runtime parser for the value's type applied to the
// text Hono matched for its placeholder.

const PARSERS = {
  i64: "parseI64Param",
  number: "parseNumberParam",
  string: "parseStringParam",
  boolean: "parseBooleanParam",
  literals: "parseLiteralParam",
} as const;

/** `__honest.parseI64Param(c.req.param("id"), "id")`; literal unions also pass their choices. */
export function pathValueExpression(value: PathValueModel, context: ts.Identifier, choices: ts.Identifier | undefined, imports: ModuleImports): ts.Expression {
  const f = ts.factory;
  const text = f.createCallExpression(
    f.createPropertyAccessExpression(f.createPropertyAccessExpression(context, "req"), "param"),
    undefined,
    [f.createStringLiteral(value.name)],
  );
  const args: ts.Expression[] = [text, f.createStringLiteral(value.name)];
  if (choices) args.push(choices);
  return f.createCallExpression(imports.runtime(PARSERS[value.type.kind]), undefined, args);
}

/** `new Map([["asc", "asc"], ["1", 1]])`: a literal union's choices, keyed by their path text. */
export function literalChoices(values: readonly (string | number)[]): ts.Expression {
  const f = ts.factory;
  const entries = values.map((value) =>
    f.createArrayLiteralExpression([
      f.createStringLiteral(String(value)),
      typeof value === "string" ? f.createStringLiteral(value) : numberLiteral(value),
    ]),
  );
  return f.createNewExpression(f.createIdentifier("Map"), undefined, [f.createArrayLiteralExpression(entries)]);
}

function numberLiteral(value: number): ts.Expression {
  const f = ts.factory;
  return value < 0 ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, f.createNumericLiteral(-value)) : f.createNumericLiteral(value);
}
