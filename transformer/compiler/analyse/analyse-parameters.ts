import type ts from "typescript";
import { type Fail, HonestCode } from "../diagnostics.js";
import type { HandlerParameterModel, PathValueModel } from "../model.js";
import { analyseInputParameter, isInputTag } from "./analyse-input-parameter.js";
import { analyseJsonType } from "./analyse-json-type.js";
import { analyseResolverParameter } from "./analyse-resolver.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts } from "../facts/compiler-facts.js";
import { pathValueType } from "./path-value-type.js";

// A handler's parameters, recognised by type: Path<T> (the placeholders),
// Json<T> (the body), From<R> (what resolver R makes of the request),
// Query<T>, Header<T>, Cookie<T>, Form<T> (the body, instead of Json<T>), and hono's Context. Returns undefined after reporting when any parameter
// cannot be supplied.

export function analyseParameters(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  label: string,
  placeholders: readonly string[],
): HandlerParameterModel[] | undefined {
  const { facts, symbols, sink } = context;
  const parameters: HandlerParameterModel[] = [];
  let ok = true;
  let pathParameter: ts.ParameterDeclaration | undefined;
  /** Which marker took the body: `Json<T>` or `Form<T>` (README, "Forms and file uploads": one body per route). */
  let bodyTag: "Json" | "Form" | undefined;
  const inputTags = new Set<string>();
  const fail: Fail = (node, code, message) => {
    sink.error(node, code, `${label}: ${message}`);
    ok = false;
  };
  for (const parameter of handler.parameters) {
    const name = parameter.name.getText();
    const marker = parameter.type && symbols.markerOf(parameter.type);
    if (parameter.dotDotDotToken) {
      fail(
        parameter,
        HonestCode.UnsupportedParameter,
        `parameter '${name}' is a rest parameter; honest supplies Path<T>, Json<T>, Form<T>, Query<T>, Header<T>, Cookie<T>, From<R> and Context parameters only.`,
      );
    } else if (marker?.tag === "Path") {
      if (pathParameter) {
        fail(
          parameter,
          HonestCode.UnsupportedParameter,
          `a handler takes at most one Path<T> parameter; for several placeholders use one tuple, Path<[A, B]>.`,
        );
        continue;
      }
      pathParameter = parameter;
      const path = analysePathParameter(facts, parameter, marker.argument, placeholders, fail);
      if (path) parameters.push(path);
    } else if ((marker?.tag === "Json" || marker?.tag === "Form") && bodyTag !== undefined && bodyTag !== marker.tag) {
      fail(
        parameter,
        HonestCode.SeveralBodies,
        `a handler takes one request body, Json<T> or Form<T>, and this one already has a ${bodyTag}<T> parameter; keep one.`,
      );
    } else if (marker?.tag === "Json") {
      if (bodyTag) {
        fail(parameter, HonestCode.UnsupportedParameter, `a handler takes at most one Json<T> parameter (the request body).`);
        continue;
      }
      bodyTag = "Json";
      const shape = marker.argument && analyseJsonType(context, marker.argument, "body", label);
      if (shape) parameters.push({ kind: "body", shape });
      else ok = false;
    } else if (marker && isInputTag(marker.tag)) {
      if (inputTags.has(marker.tag)) {
        fail(
          parameter,
          HonestCode.SeveralInputParameters,
          `a handler takes at most one ${marker.tag}<T> parameter; declare every ${marker.tag === "Query" ? "key" : marker.tag === "Form" ? "field" : marker.tag.toLowerCase()} it reads as a property of one type.`,
        );
        continue;
      }
      inputTags.add(marker.tag);
      if (marker.tag === "Form") bodyTag = "Form";
      const input = analyseInputParameter(context, parameter, marker.tag, marker.argument, fail);
      if (input) parameters.push(input);
      else ok = false;
    } else if (marker?.tag === "From") {
      const resolver = analyseResolverParameter(context, parameter, marker.argument, fail);
      if (resolver) parameters.push(resolver);
    } else if (parameter.type && symbols.isHonoContext(parameter.type)) {
      parameters.push({ kind: "context" });
    } else if (!pathParameter && placeholders.length === 1 && name === placeholders[0]) {
      // `get(id: string)` on "/items/{id}": one mistake, one message.
      pathParameter = parameter;
      fail(
        parameter,
        HonestCode.PlaceholderMismatch,
        `parameter '${name}' is not typed Path<T>, so it cannot receive {${name}}; write '${name}: Path<${parameter.type?.getText() ?? "string"}>'.`,
      );
    } else {
      fail(
        parameter,
        HonestCode.UnsupportedParameter,
        `honest cannot supply parameter '${name}'${parameter.type ? ` of type '${parameter.type.getText()}'` : " (it has no type annotation)"}; ` +
          `type it Path<T> for path placeholders, Query<T>, Header<T> or Cookie<T> for query keys, headers or cookies (such as Query<{ ${name.startsWith("{") || name.startsWith("[") ? "limit" : name}: ${parameter.type?.getText() ?? "string"} }>), Json<T> for the request body, or Context (from hono) for anything else.`,
      );
    }
  }
  if (!pathParameter && placeholders.length > 0) {
    fail(
      handler.name,
      HonestCode.PlaceholderMismatch,
      `the path has ${placeholders.map((name) => `{${name}}`).join(", ")} but the handler has no Path parameter; add one, such as '${placeholders.length === 1 ? `${placeholders[0]}: Path<string>` : `[${placeholders.join(", ")}]: Path<[${placeholders.map(() => "string").join(", ")}]>`}'.`,
    );
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
    fail(
      parameter,
      HonestCode.PlaceholderMismatch,
      `the handler has a Path parameter but the path has no {placeholder}; add one to the path or remove the parameter.`,
    );
    return undefined;
  }
  const type = facts.typeOfTypeNode(argument);
  const tuple = facts.isTupleType(type);
  const elementTypes = tuple ? facts.typeArguments(type) : [type];
  if (!tuple && placeholders.length > 1) {
    fail(
      argument,
      HonestCode.PlaceholderMismatch,
      `the path has ${placeholders.length} placeholders (${placeholders.map((name) => `{${name}}`).join(", ")}); type the parameter as a tuple in that order, Path<[${placeholders.map(() => "T").join(", ")}]>.`,
    );
    return undefined;
  }
  if (elementTypes.length !== placeholders.length) {
    fail(
      argument,
      HonestCode.PlaceholderMismatch,
      `Path<${argument.getText()}> has ${elementTypes.length} element(s) but the path has ${placeholders.length} placeholder(s) (${placeholders.map((name) => `{${name}}`).join(", ")}); give one tuple element per placeholder, in order.`,
    );
    return undefined;
  }
  const values: PathValueModel[] = [];
  for (const [index, elementType] of elementTypes.entries()) {
    const valueType = pathValueType(facts, elementType);
    if (!valueType) {
      fail(
        argument,
        HonestCode.UnsupportedPathType,
        `path parameter {${placeholders[index]}} cannot be of type '${facts.typeText(elementType)}'; use i64, bigint, number, string, boolean, or a union of string or number literals.`,
      );
      return undefined;
    }
    values.push({ name: placeholders[index]!, type: valueType });
  }
  return { kind: "path", values, tuple };
}
