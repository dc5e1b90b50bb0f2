import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { DeclaredErrorModel, ResponseModel } from "../model.js";
import { holdsBigInt, holdsDate } from "../shapes/shape-traits.js";
import { analyseDownload } from "./analyse-download.js";
import { analyseJsonType } from "./analyse-json-type.js";
import { analyseStream, isStreamTag } from "./analyse-stream.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";
import type { HonestSymbols } from "./honest-symbols.js";

// What a handler's declared return type says about its response: a Promise
// of `Json<T>`, `Json<T, S>`, `StatusCode`, an exact status (`204`,
// `typeof StatusCode.NO_CONTENT`), `Response`, or a union of them
// (docs/guide/json-bodies-and-responses.md, "JSON bodies and responses"), beside the errors it declares,
// `HttpError<S, X>` and bare statuses from 400 (docs/guide/errors.md, "Errors a route declares"); or a stream, `Sse<T>` or
// `Ndjson<T>`, alone or promised (docs/guide/streams.md, "Streams"); or a file, `Promise<Download<Type>>`
// (docs/guide/files.md, "Files"); or one page, `Paged<T>` (docs/guide/pages.md, "Pages"). A malformed annotation is returned
// as a mistake for the caller to report; a `T` that cannot travel as JSON is
// reported here, and gives undefined.

type Mistake = { readonly mistake: HonestMessage; readonly node: ts.Node };
type Analysed = { readonly response: ResponseModel } | Mistake | undefined;

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
  let bareErrors = false;
  let response = false;
  const errors = new DeclaredErrors(context, label);
  for (const member of members) {
    const marker = context.symbols.markerOf(member);
    if (isStreamTag(marker?.tag)) {
      return { mistake: messages.ReturnType.streamInUnion({ type: member.getText() }), node: member };
    } else if (marker?.tag === "Download") {
      return { mistake: messages.FileAnswer.inUnion({ type: member.getText() }), node: member };
    } else if (marker?.tag === "HttpError") {
      const mistake = errors.addHttpError(member, marker.typeArguments);
      if (mistake) return mistake;
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
      if (literal >= 400) {
        // An error answer without a body, the headers the handler set kept (docs/guide/errors.md, "Errors a route declares").
        const mistake = errors.addBare(member, literal);
        if (mistake) return mistake;
        bareErrors = true;
      } else if (!exactStatuses.includes(literal)) exactStatuses.push(literal);
    }
  }
  if (json?.status !== undefined && errors.has(json.status)) {
    return { mistake: messages.DeclaredError.alsoSuccess({ status: String(json.status) }), node: json.argument };
  }
  const declared = errors.list.length > 0 ? { errors: errors.list } : {};
  const status = anyStatus || exactStatuses.length > 0 || bareErrors;
  const overwritten = contextStatusCall(context, handler);
  if (overwritten && (status || json?.status !== undefined || !json)) {
    return { mistake: messages.ReturnType.statusCall({ call: overwritten.getText() }), node: overwritten };
  }
  // `StatusCode` lets any status through; exact ones are listed only when nothing wider is declared.
  const statuses = status && !anyStatus ? { exactStatuses: exactStatuses.sort((a, b) => a - b) } : {};
  if (!json) return { response: { json: undefined, status, ...statuses, response, ...declared } };
  const jsonType = facts.typeOfTypeNode(json.argument);
  if (status && couldBeNumber(facts, jsonType)) {
    return { mistake: messages.ReturnType.numberOrStatus({ type: json.argument.getText() }), node: json.argument };
  }
  const shape = analyseJsonType(context, json.argument, "response", label);
  if (!shape) return undefined;
  return { response: { json: { shape, status: json.status }, status, ...statuses, response, ...declared } };
}

/** The errors a return type declares, each status once, in the order written. */
class DeclaredErrors {
  readonly list: DeclaredErrorModel[] = [];

  constructor(
    readonly context: AnalysisContext,
    readonly label: string,
  ) {}

  has(status: number): boolean {
    return this.list.some((error) => error.status === status);
  }

  /** `HttpError<S>` or `HttpError<S, X>`: S one literal from 400 to 599, X an object type whose members JSON.stringify writes as they are. */
  addHttpError(member: ts.TypeNode, typeArguments: readonly ts.TypeNode[]): Mistake | undefined {
    const { facts } = this.context;
    const [statusNode, extensionsNode] = typeArguments;
    if (!statusNode) return { mistake: messages.DeclaredError.noStatus({ written: member.getText() }), node: member };
    const value = facts.literalValue(facts.typeOfTypeNode(statusNode));
    if (typeof value !== "number" || !Number.isInteger(value) || value < 400 || value > 599) {
      return { mistake: messages.DeclaredError.status({ status: statusNode.getText() }), node: statusNode };
    }
    if (this.has(value)) return { mistake: messages.DeclaredError.twice({ status: String(value) }), node: member };
    if (!extensionsNode) {
      this.list.push({ status: value, body: true });
      return undefined;
    }
    const shape = analyseJsonType(this.context, extensionsNode, "response", `${this.label}'s HttpError<${value}>`);
    if (!shape) return { mistake: messages.DeclaredError.extensions({ written: extensionsNode.getText() }), node: extensionsNode };
    const table = this.context.shapes.table();
    if ((shape.kind !== "object" && shape.kind !== "reference") || holdsBigInt(shape, table) || holdsDate(shape, table)) {
      return { mistake: messages.DeclaredError.extensions({ written: extensionsNode.getText() }), node: extensionsNode };
    }
    this.list.push({ status: value, body: true, extensions: shape });
    return undefined;
  }

  /** A bare status from 400 (`401`, `typeof StatusCode.UNAUTHORIZED`): answered without a body. */
  addBare(member: ts.TypeNode, status: number): Mistake | undefined {
    if (this.list.some((error) => error.status === status && error.body)) {
      return { mistake: messages.DeclaredError.twice({ status: String(status) }), node: member };
    }
    if (!this.has(status)) this.list.push({ status, body: false });
    return undefined;
  }
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
