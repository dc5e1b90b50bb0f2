import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { ResponseModel } from "../model.js";
import { analyseDownload } from "./analyse-download.js";
import { analyseJsonType } from "./analyse-json-type.js";
import { analyseStream, isStreamTag } from "./analyse-stream.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";
import type { HonestSymbols } from "./honest-symbols.js";

// What a handler's declared return type says about its response: a Promise
// of `Json<T>`, `Json<T, S>`, `StatusCode`, an exact status (`204`,
// `typeof StatusCode.NO_CONTENT`), `Response`, or a union of them
// (docs/guide/json-bodies-and-responses.md, "JSON bodies and responses"); or a stream, `Sse<T>` or
// `Ndjson<T>`, alone or promised (docs/guide/streams.md, "Streams"); or a file,
// `Promise<Download<Type>>` (docs/guide/files.md, "Files"). A malformed annotation is returned
// `Ndjson<T>`, alone or promised (docs/guide/streams.md, "Streams"); or one page, `Paged<T>` (docs/guide/pages.md,
// "Pages"). A malformed annotation is returned
// as a mistake for the caller to report; a `T` that cannot travel as JSON is
// reported here, and gives undefined.

type Analysed = { readonly response: ResponseModel } | { readonly mistake: HonestMessage; readonly node: ts.Node } | undefined;

export function analyseResponse(context: AnalysisContext, handler: ts.MethodDeclaration, label: string): Analysed {
  const annotation = handler.type;
  if (!annotation) {
    return { mistake: handler.asteriskToken ? messages.ReturnType.generator() : messages.ReturnType.noAnnotation(), node: handler.name };
  }
  const promised = promisedType(context.symbols, annotation);
  const streamed = context.symbols.markerOf(promised ?? annotation);
  if (isStreamTag(streamed?.tag)) return streamResponse(context, handler, streamed.tag, streamed.argument, label);
  if (streamed?.tag === "Download") return downloadResponse(context, handler, promised, streamed.argument);
  if (handler.asteriskToken) return { mistake: messages.ReturnType.generator(), node: annotation };
  if (!promised) return { mistake: messages.ReturnType.notAPromise(), node: annotation };
  const { facts } = context;
  const members = facts.syntax.isUnionTypeNode(promised) ? promised.types : [promised];
  const paged = members.find((member) => context.symbols.markerOf(member)?.tag === "Paged");
  if (paged) return pagedResponse(context, handler, paged, promised, label);
  let json: { readonly argument: ts.TypeNode; readonly status: number | undefined } | undefined;
  let anyStatus = false;
  const exactStatuses: number[] = [];
  let response = false;
  for (const member of members) {
    const marker = context.symbols.markerOf(member);
    if (isStreamTag(marker?.tag)) {
      return { mistake: messages.ReturnType.streamInUnion({ type: member.getText() }), node: member };
    } else if (marker?.tag === "Download") {
      return { mistake: messages.FileAnswer.inUnion({ type: member.getText() }), node: member };
    } else if (marker?.tag === "StatusCode") {
      anyStatus = true;
    } else if (marker?.tag === "Json" && marker.argument && !json) {
      const declared = declaredStatus(facts, marker.typeArguments[1]);
      if (declared && "mistake" in declared) return declared;
      json = { argument: marker.argument, status: declared?.status };
    } else if (facts.syntax.isTypeReferenceNode(member) && context.symbols.isWebResponse(member.typeName)) {
      response = true;
    } else {
      // An exact status without a body (`Promise<204>`): a final one, 200 to 599.
      const literal = facts.literalValue(facts.typeOfTypeNode(member));
      if (typeof literal !== "number") return { mistake: messages.ReturnType.cannotSend({ type: member.getText() }), node: member };
      if (!Number.isInteger(literal) || literal < 200 || literal > 599) {
        return { mistake: messages.ReturnType.exactStatus({ status: member.getText() }), node: member };
      }
      if (!exactStatuses.includes(literal)) exactStatuses.push(literal);
    }
  }
  const status = anyStatus || exactStatuses.length > 0;
  const overwritten = contextStatusCall(context, handler);
  if (overwritten && (status || json?.status !== undefined || !json)) {
    return { mistake: messages.ReturnType.statusCall({ call: overwritten.getText() }), node: overwritten };
  }
  // `StatusCode` lets any status through; exact ones are listed only when nothing wider is declared.
  const statuses = status && !anyStatus ? { exactStatuses: exactStatuses.sort((a, b) => a - b) } : {};
  if (!json) return { response: { json: undefined, status, ...statuses, response } };
  const jsonType = facts.typeOfTypeNode(json.argument);
  if (status && couldBeNumber(facts, jsonType)) {
    return { mistake: messages.ReturnType.numberOrStatus({ type: json.argument.getText() }), node: json.argument };
  }
  const shape = analyseJsonType(context, json.argument, "response", label);
  if (!shape) return undefined;
  return { response: { json: { shape, status: json.status }, status, ...statuses, response } };
}

/** `Sse<T>` or `Ndjson<T>`, the whole answer: always 200, so the handler may not set a status. */
function streamResponse(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  tag: "Sse" | "Ndjson",
  item: ts.TypeNode | undefined,
  label: string,
): Analysed {
  const overwritten = contextStatusCall(context, handler);
  if (overwritten) return { mistake: messages.ReturnType.statusCall({ call: overwritten.getText() }), node: overwritten };
  const analysed = analyseStream(context, tag, item, label);
  if (!analysed || "mistake" in analysed) return analysed;
  return { response: { json: undefined, status: false, response: false, stream: analysed.stream } };
}

/** `Promise<Download<Type>>`, the whole answer: its status is the sender's (200, 206, 416), so the handler may not set one. */
function downloadResponse(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  promised: ts.TypeNode | undefined,
  argument: ts.TypeNode | undefined,
): Analysed {
  if (!promised || handler.asteriskToken) {
    return { mistake: messages.FileAnswer.notPromised({ type: (promised ?? handler.type!).getText() }), node: handler.type! };
  }
  const overwritten = contextStatusCall(context, handler);
  if (overwritten) return { mistake: messages.ReturnType.statusCall({ call: overwritten.getText() }), node: overwritten };
  const analysed = analyseDownload(context, argument);
  if ("mistake" in analysed) return analysed;
  return { response: { json: undefined, status: false, response: false, download: analysed.download } };
}

/** `Paged<T>`, the whole answer (docs/guide/pages.md, "Pages"): written as `T[]`, always 200, so the handler may not set a status. */
function pagedResponse(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  paged: ts.TypeNode,
  promised: ts.TypeNode,
  label: string,
): Analysed {
  const item = context.symbols.markerOf(paged)?.argument;
  if (!item) return { mistake: messages.ReturnType.cannotSend({ type: paged.getText() }), node: paged };
  if (paged !== promised)
    return { mistake: messages.Paging.notAlone({ written: paged.getText(), type: promised.getText() }), node: promised };
  const overwritten = contextStatusCall(context, handler);
  if (overwritten) return { mistake: messages.ReturnType.statusCall({ call: overwritten.getText() }), node: overwritten };
  const shape = analyseJsonType(context, item, "response", label);
  if (!shape) return undefined;
  return {
    response: { json: { shape: { kind: "array", element: shape }, status: undefined }, status: false, response: false, paged: true },
  };
}

/** `S` of `Json<T, S>`: a status that carries a body (200–599 but 204, 205 and 304). */
function declaredStatus(
  facts: CompilerFacts,
  node: ts.TypeNode | undefined,
): { status: number } | { mistake: HonestMessage; node: ts.Node } | undefined {
  if (!node) return undefined;
  const value = facts.literalValue(facts.typeOfTypeNode(node));
  const status = typeof value === "number" ? value : undefined;
  if (
    status === undefined ||
    !Number.isInteger(status) ||
    status < 200 ||
    status > 599 ||
    status === 204 ||
    status === 205 ||
    status === 304
  ) {
    return { mistake: messages.ReturnType.statusWithoutBody({ status: node.getText() }), node };
  }
  return { status };
}

/** A call of `status(...)` on hono's Context in the handler's own body (`c.status(201)`), if any. */
function contextStatusCall(context: AnalysisContext, handler: ts.MethodDeclaration): ts.CallExpression | undefined {
  const { syntax } = context.facts;
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      syntax.isCallExpression(node) &&
      syntax.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "status" &&
      context.symbols.isHonoContextType(context.facts.typeAt(node.expression.expression))
    ) {
      found = node;
      return;
    }
    syntax.forEachChild(node, visit);
  };
  if (handler.body) syntax.forEachChild(handler.body, visit);
  return found;
}

function promisedType(symbols: HonestSymbols, annotation: ts.TypeNode): ts.TypeNode | undefined {
  if (!symbols.facts.syntax.isTypeReferenceNode(annotation) || annotation.typeArguments?.length !== 1) return undefined;
  return symbols.isGlobalPromise(annotation.typeName) ? annotation.typeArguments[0] : undefined;
}

function couldBeNumber(facts: CompilerFacts, type: FactType): boolean {
  const { TypeFlags } = facts.flags;
  if (facts.typeFlags(type) & (TypeFlags.NumberLike | TypeFlags.Any | TypeFlags.Unknown)) return true;
  return facts.unionMembers(type)?.some((member) => couldBeNumber(facts, member)) ?? false;
}
