import type ts from "typescript";
import type { Fail } from "../diagnostics.js";
import { messages, onRoute } from "../diagnostic-messages.js";
import type { HandlerParameterModel, PathValueModel } from "../model.js";
import { analyseInputParameter, isInputTag } from "./analyse-input-parameter.js";
import { analyseJsonType, writtenAlias } from "./analyse-json-type.js";
import { analyseResolverParameter } from "./analyse-resolver.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts } from "../facts/compiler-facts.js";
import { pathValueType } from "./path-value-type.js";

// A handler's parameters, recognised by type: Path<T> (the placeholders),
// Json<T> (the body), From<R> (what resolver R makes of the request),
// Query<T>, Header<T>, Cookie<T>, Form<T> (the body, instead of Json<T>), hono's Context, and on a
// socket route its Connection<In, Out>. Returns undefined after reporting when any parameter
// cannot be supplied.

export function analyseParameters(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  label: string,
  placeholders: readonly string[],
  socket = false,
): HandlerParameterModel[] | undefined {
  const { facts, symbols, sink } = context;
  const parameters: HandlerParameterModel[] = [];
  let ok = true;
  let pathParameter: ts.ParameterDeclaration | undefined;
  /** Which marker took the body: `Json<T>` or `Form<T>` (docs/guide/forms-and-uploads.md, "Forms and file uploads": one body per route). */
  let bodyTag: "Json" | "Form" | undefined;
  const inputTags = new Set<string>();
  const fail: Fail = (node, message) => {
    sink.error(node, onRoute(label, message));
    ok = false;
  };
  for (const parameter of handler.parameters) {
    const name = parameter.name.getText();
    const marker = parameter.type && symbols.markerOf(parameter.type);
    if (parameter.dotDotDotToken) {
      fail(parameter, messages.UnsupportedParameter.rest({ name }));
    } else if (marker?.tag === "Path") {
      if (pathParameter) {
        fail(parameter, messages.UnsupportedParameter.severalPaths());
        continue;
      }
      pathParameter = parameter;
      const path = analysePathParameter(facts, parameter, marker.argument, placeholders, fail);
      if (path) parameters.push(path);
    } else if ((marker?.tag === "Json" || marker?.tag === "Form") && bodyTag !== undefined && bodyTag !== marker.tag) {
      fail(parameter, messages.SeveralBodies({ taken: bodyTag }));
    } else if (marker?.tag === "Json") {
      if (bodyTag) {
        fail(parameter, messages.UnsupportedParameter.severalJsonBodies());
        continue;
      }
      bodyTag = "Json";
      const shape = marker.argument && analyseJsonType(context, marker.argument, "body", label);
      // A shape with no entry in the table (`type BulkDto = NewItem[] & MinItems<1>`) keeps the alias for its functions' names.
      const alias = shape && shape.kind !== "reference" ? writtenAlias(context, marker.argument!) : undefined;
      if (shape) parameters.push({ kind: "body", shape, name: parameter.name.getText(), ...(alias !== undefined && { alias }) });
      else ok = false;
    } else if (marker && isInputTag(marker.tag)) {
      if (inputTags.has(marker.tag)) {
        fail(parameter, messages.SeveralInputParameters({ tag: marker.tag }));
        continue;
      }
      inputTags.add(marker.tag);
      if (marker.tag === "Form") bodyTag = "Form";
      const input = analyseInputParameter(context, parameter, marker.tag, marker.argument, fail);
      if (input) parameters.push(input);
      else ok = false;
    } else if (marker?.tag === "Sse" || marker?.tag === "Ndjson" || marker?.tag === "SseEvent") {
      fail(parameter, messages.UnsupportedParameter.stream({ name, type: parameter.type!.getText() }));
    } else if (marker?.tag === "Env") {
      fail(parameter, messages.EnvField.parameter({ name }));
    } else if (marker?.tag === "From") {
      const resolver = analyseResolverParameter(context, parameter, marker.argument, fail);
      if (resolver) parameters.push(resolver);
    } else if (marker?.tag === "Connection") {
      // Its messages are the socket's own analysis (analyse-socket.ts).
      if (socket) parameters.push({ kind: "connection" });
      else fail(parameter, messages.SocketRoute.connectionOnHttpRoute());
    } else if (parameter.type && symbols.isHonoContext(parameter.type)) {
      parameters.push({ kind: "context" });
    } else if (!pathParameter && placeholders.length === 1 && name === placeholders[0]) {
      // `get(id: string)` on "/items/{id}": one mistake, one message.
      pathParameter = parameter;
      fail(parameter, messages.PlaceholderMismatch.notTypedPath({ name, type: parameter.type?.getText() }));
    } else {
      fail(parameter, messages.UnsupportedParameter.unknown({ name, type: parameter.type?.getText() }));
    }
  }
  if (!pathParameter && placeholders.length > 0) {
    fail(handler.name, messages.PlaceholderMismatch.noPathParameter({ placeholders }));
  }
  return ok ? parameters : undefined;
}

/** A `Path<T>` parameter: one value per placeholder, in order; `argument` is its `T`. */
function analysePathParameter(
  facts: CompilerFacts,
  parameter: ts.ParameterDeclaration,
  argument: ts.TypeNode | undefined,
  placeholders: readonly string[],
  fail: Fail,
): HandlerParameterModel | undefined {
  if (!argument) return undefined;
  if (placeholders.length === 0) {
    fail(parameter, messages.PlaceholderMismatch.noPlaceholder());
    return undefined;
  }
  const type = facts.typeOfTypeNode(argument);
  const tuple = facts.isTupleType(type);
  const elementTypes = tuple ? facts.typeArguments(type) : [type];
  if (!tuple && placeholders.length > 1) {
    fail(argument, messages.PlaceholderMismatch.notATuple({ placeholders }));
    return undefined;
  }
  if (elementTypes.length !== placeholders.length) {
    fail(argument, messages.PlaceholderMismatch.tupleLength({ written: argument.getText(), elements: elementTypes.length, placeholders }));
    return undefined;
  }
  const values: PathValueModel[] = [];
  for (const [index, elementType] of elementTypes.entries()) {
    const valueType = pathValueType(facts, elementType);
    if (!valueType) {
      fail(argument, messages.UnsupportedPathType({ placeholder: placeholders[index]!, type: facts.typeText(elementType) }));
      return undefined;
    }
    values.push({ name: placeholders[index]!, type: valueType });
  }
  return { kind: "path", values, tuple };
}
