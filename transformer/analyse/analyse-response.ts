import ts from "typescript";
import type { DiagnosticSink } from "../diagnostics.js";
import type { ResponseModel } from "../model.js";
import type { HonestSymbols } from "./honest-symbols.js";
import { analyseJsonType } from "./analyse-json-type.js";
import type { JsonShapes } from "./json-shapes.js";

// What a handler's declared return type says about its response:
// Promise<Json<T>>, Promise<StatusCode>, or Promise<Json<T> | StatusCode>.
// A malformed annotation is returned as a problem for the caller to report;
// a `T` that cannot travel as JSON is reported here, and gives undefined.

export function analyseResponse(
  method: ts.MethodDeclaration,
  route: string,
  symbols: HonestSymbols,
  shapes: JsonShapes,
  sink: DiagnosticSink,
): { readonly response: ResponseModel } | { readonly problem: string; readonly node: ts.Node } | undefined {
  const annotation = method.type;
  const expected = "declare the return type as Promise<Json<T>>, Promise<StatusCode> or Promise<Json<T> | StatusCode>";
  if (!annotation) return { problem: `has no return type annotation; ${expected}`, node: method.name };
  const promised = promisedType(annotation, symbols);
  if (!promised) return { problem: `must be async and return a Promise; ${expected}`, node: annotation };
  const members = ts.isUnionTypeNode(promised) ? promised.types : [promised];
  let json: ts.TypeNode | undefined;
  let status = false;
  for (const member of members) {
    const marker = symbols.markerOf(member);
    if (marker?.tag === "StatusCode") status = true;
    else if (marker?.tag === "Json" && marker.argument && !json) json = marker.argument;
    else return { problem: `returns '${member.getText()}', which honest cannot send; ${expected}`, node: member };
  }
  if (!json) return { response: { kind: "status" } };
  const jsonType = symbols.checker.getTypeFromTypeNode(json);
  if (status && couldBeNumber(jsonType)) {
    return { problem: `returns Json<${json.getText()}> | StatusCode, but a number could be either; wrap the number in an object`, node: json };
  }
  const shape = analyseJsonType(json, "response", route, symbols.checker, shapes, sink);
  if (!shape) return undefined;
  return { response: status ? { kind: "json-or-status", shape } : { kind: "json", shape } };
}

function promisedType(annotation: ts.TypeNode, symbols: HonestSymbols): ts.TypeNode | undefined {
  if (!ts.isTypeReferenceNode(annotation) || annotation.typeArguments?.length !== 1) return undefined;
  return symbols.isGlobalPromise(annotation.typeName) ? annotation.typeArguments[0] : undefined;
}

function couldBeNumber(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
  return type.isUnion() && type.types.some(couldBeNumber);
}
