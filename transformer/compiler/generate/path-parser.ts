import type ts from "typescript";
import type { PathValueModel } from "../model.js";
import { array, call, construct, id, literal, prop, str } from "./factories/nodes.js";
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
export function pathValueExpression(
  value: PathValueModel,
  context: ts.Identifier,
  choices: ts.Identifier | undefined,
  imports: ModuleImports,
): ts.Expression {
  const text = call(prop(prop(context, "req"), "param"), str(value.name));
  return call(imports.runtime(PARSERS[value.type.kind]), text, str(value.name), ...(choices ? [choices] : []));
}

/** `new Map([["asc", "asc"], ["1", 1]])`: a literal union's choices, keyed by their path text. */
export function literalChoices(values: readonly (string | number)[]): ts.Expression {
  const entries = values.map((value) => array([str(String(value)), literal(value)]));
  return construct(id("Map"), array(entries));
}
