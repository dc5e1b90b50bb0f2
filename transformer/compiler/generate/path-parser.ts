import type ts from "typescript";
import type { Context } from "hono";
import type { PathValueModel } from "../model.js";
import type { Nodes } from "./factories/nodes.js";
import { invoke, member, type RuntimeExport, type RuntimeSyntax } from "./protocol.js";

// `Path<T>` values: the runtime parser for the value's type applied to the
// text Hono matched for its placeholder.

const PARSERS = {
  i64: "parseI64Param",
  number: "parseNumberParam",
  string: "parseStringParam",
  boolean: "parseBooleanParam",
  date: "parseDateParam",
  literals: "parseLiteralParam",
} as const satisfies Record<PathValueModel["type"]["kind"], RuntimeExport>;

/** `__honest.parseI64Param(c.req.param("id"), "id")`; literal unions also pass their choices. */
export function pathValueExpression(
  value: PathValueModel,
  context: ts.Identifier,
  choices: ts.Identifier | undefined,
  generation: RuntimeSyntax,
): ts.Expression {
  const { nodes } = generation;
  const text = invoke<Context["req"]>(nodes, member<Context>(nodes, context, "req"), "param", nodes.str(value.name));
  return nodes.call(generation.runtime(PARSERS[value.type.kind]), text, nodes.str(value.name), ...(choices ? [choices] : []));
}

/** `new Map([["asc", "asc"], ["1", 1]])`: a literal union's choices, keyed by their path text. */
export function literalChoices(nodes: Nodes, values: readonly (string | number)[]): ts.Expression {
  const { array, str, literal, construct, id } = nodes;
  const entries = values.map((value) => array([str(String(value)), literal(value)]));
  return construct(id("Map"), array(entries));
}
