import ts from "typescript";
import type { ResponseModel } from "../model.js";
import { analyseJsonType } from "./analyse-json-type.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { HonestSymbols } from "./honest-symbols.js";

// What a handler's declared return type says about its response:
// Promise<Json<T>>, Promise<StatusCode>, or Promise<Json<T> | StatusCode>.
// A malformed annotation is returned as a problem for the caller to report;
// a `T` that cannot travel as JSON is reported here, and gives undefined.

export function analyseResponse(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  label: string,
): { readonly response: ResponseModel } | { readonly problem: string; readonly node: ts.Node } | undefined {
  const annotation = handler.type;
  const expected = "declare the return type as Promise<Json<T>>, Promise<StatusCode> or Promise<Json<T> | StatusCode>";
  if (!annotation) return { problem: `has no return type annotation; ${expected}`, node: handler.name };
  const promised = promisedType(context.symbols, annotation);
  if (!promised) return { problem: `must be async and return a Promise; ${expected}`, node: annotation };
  const members = ts.isUnionTypeNode(promised) ? promised.types : [promised];
  let jsonArgument: ts.TypeNode | undefined;
  let includesStatus = false;
  for (const member of members) {
    const marker = context.symbols.markerOf(member);
    if (marker?.tag === "StatusCode") includesStatus = true;
    else if (marker?.tag === "Json" && marker.argument && !jsonArgument) jsonArgument = marker.argument;
    else return { problem: `returns '${member.getText()}', which honest cannot send; ${expected}`, node: member };
  }
  if (!jsonArgument) return { response: { kind: "status" } };
  const jsonType = context.checker.getTypeFromTypeNode(jsonArgument);
  if (includesStatus && couldBeNumber(jsonType)) {
    return {
      problem: `returns Json<${jsonArgument.getText()}> | StatusCode, but a number could be either; wrap the number in an object`,
      node: jsonArgument,
    };
  }
  const shape = analyseJsonType(context, jsonArgument, "response", label);
  if (!shape) return undefined;
  return { response: includesStatus ? { kind: "json-or-status", shape } : { kind: "json", shape } };
}

function promisedType(symbols: HonestSymbols, annotation: ts.TypeNode): ts.TypeNode | undefined {
  if (!ts.isTypeReferenceNode(annotation) || annotation.typeArguments?.length !== 1) return undefined;
  return symbols.isGlobalPromise(annotation.typeName) ? annotation.typeArguments[0] : undefined;
}

function couldBeNumber(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
  return type.isUnion() && type.types.some(couldBeNumber);
}
