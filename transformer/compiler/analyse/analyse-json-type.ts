import type ts from "typescript";
import { inJsonType } from "../diagnostic-messages.js";
import type { JsonShape } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { warnUnmarkedSecret } from "./secret-fields.js";

// The `T` of a `Json<T>` body parameter or return type, as a JSON shape. A
// type that cannot travel as JSON is reported once per mistake: at the
// property declaration to change (for the first route that uses it), or at
// the annotation when the mistake is in the use itself.

/**
 * Where `T` is: a body, a `Json<T>` response, the items of a stream (`Sse<T>`, `Ndjson<T>`), or `received` and
 * `sent`, the `In` and `Out` of a socket route's `Connection<In, Out>`, read as a body and written as a response, or
 * `topic`, the `T` of a `Topic<T>` field, written as a response and read as a body.
 */
export type JsonRole = "body" | "response" | "Sse" | "Ndjson" | "received" | "sent" | "topic";

export function analyseJsonType(context: AnalysisContext, argument: ts.TypeNode, role: JsonRole, label: string): JsonShape | undefined {
  const { facts, shapes, sink } = context;
  const result = shapes.shapeOf(facts.typeOfTypeNode(argument));
  if ("shape" in result) shapes.nameByAlias(result.shape, argument.getText(), () => writtenAlias(context, argument));
  const mistakes =
    "mistakes" in result
      ? result.mistakes
      : role === "body" || role === "received" || role === "topic"
        ? shapes.bodyMistakes(result.shape)
        : [];
  for (const mistake of mistakes) {
    const node = mistake.node ?? argument;
    if (!shapes.firstReport(node, mistake.reason)) continue;
    sink.error(node, inJsonType({ label, written: argument.getText(), role, path: mistake.path }, mistake.reason));
  }
  if (mistakes.length > 0 || !("shape" in result)) return undefined;
  if (role === "body") {
    const written = argument.getText();
    for (const { path, name, declaration } of shapes.bodyProperties(result.shape)) {
      warnUnmarkedSecret(sink, context.symbols, declaration, name, `Json<${written}> at $${path}`);
    }
  }
  return result.shape;
}

/** `PatchDto` for `Json<PatchDto>` when `PatchDto` is a type alias (`type PatchDto = Partial<UpdateDto>`), for generated names. */
export function writtenAlias({ facts }: AnalysisContext, argument: ts.TypeNode): string | undefined {
  if (!facts.syntax.isTypeReferenceNode(argument) || argument.typeArguments) return undefined;
  const symbol = facts.symbolAt(argument.typeName);
  const target = symbol && facts.aliasTarget(symbol);
  return target && facts.declarations(target).some((declaration) => facts.syntax.isTypeAliasDeclaration(declaration))
    ? facts.symbolName(target)
    : undefined;
}
