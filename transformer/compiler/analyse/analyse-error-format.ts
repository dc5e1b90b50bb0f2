import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import type ts from "typescript";
import { messages } from "../diagnostic-messages.js";
import type { FactType } from "../facts/compiler-facts.js";
import type { ErrorFormatEntryModel, ErrorFormatModel } from "../model.js";
import { analyseJsonType } from "./analyse-json-type.js";
import type { AnalysisContext } from "./analysis-context.js";

// The app's own error format, read from `createApp({ renderError: { ... } })`
// (docs/guide/errors.md, "An error format the document shows"): each entry
// is keyed by the status honest would answer with, or `default`, and
// declares its body's type as its result, `Json<T>` or `Json<T, S>`. The
// entries are read where they are written: in the call, or in the constant
// the call names (`renderError: errors`, `{ renderError }`). A renderError
// that is a function returns Responses the document cannot see, and is no
// format, however it is given: written in the call, a function declared
// elsewhere, a constant typed `AppOptions["renderError"]` imported from
// another module (whose type there is the union of both kinds), a
// parameter. Only a value whose type is entries and no function is reported
// when honest cannot read them. The program has one document, so every
// createApp() call that declares a format must declare the same one.

/** The program's error format, from the createApp() calls that declare one; undefined when none does. */
export function analyseErrorFormat(context: AnalysisContext, calls: readonly ts.CallExpression[]): ErrorFormatModel | undefined {
  let first: { readonly format: ErrorFormatModel; readonly call: ts.CallExpression } | undefined;
  for (const call of calls) {
    const declared = declaredFormat(context, call);
    if (!declared) continue;
    const format = formatOf(context, declared);
    if (!format) continue;
    if (!first) first = { format, call };
    else if (!isDeepStrictEqual(first.format, format)) {
      const file = path.relative(path.dirname(call.getSourceFile().fileName), first.call.getSourceFile().fileName) || "this file";
      context.sink.error(declared, messages.ErrorFormat.twoFormats({ file: file.split(path.sep).join("/") }));
    }
  }
  return first?.format;
}

/** The object literal of a call's `renderError` entries; undefined for a function, or no renderError. */
function declaredFormat(context: AnalysisContext, call: ts.CallExpression): ts.ObjectLiteralExpression | undefined {
  const { facts } = context;
  const { syntax } = facts;
  const options = call.arguments[0];
  if (options === undefined) return undefined;
  if (!syntax.isObjectLiteralExpression(options)) {
    // Options built elsewhere: only entries, which honest cannot read there, are a fault; a function needs no reading.
    if (hasFormat(context, facts.typeAt(options)))
      context.sink.error(options, messages.ErrorFormat.notWritten({ written: options.getText() }));
    return undefined;
  }
  for (const property of options.properties) {
    if (syntax.isSpreadAssignment(property)) {
      if (hasFormat(context, facts.typeAt(property.expression))) {
        context.sink.error(property, messages.ErrorFormat.notWritten({ written: property.getText() }));
      }
      continue;
    }
    if (property.name?.getText() !== "renderError" || syntax.isMethodDeclaration(property)) continue;
    const given = syntax.isPropertyAssignment(property)
      ? property.initializer
      : syntax.isShorthandPropertyAssignment(property)
        ? property
        : undefined;
    if (!given) continue;
    const value = givenValue(context, given);
    if (value && syntax.isObjectLiteralExpression(value)) return value;
    if (value && syntax.isFunctionLike(value)) return undefined;
    const type = facts.typeAt(syntax.isShorthandPropertyAssignment(given) ? given.name : given);
    if (isFormat(context, type)) context.sink.error(property, messages.ErrorFormat.notWritten({ written: given.getText() }));
    return undefined;
  }
  return undefined;
}

/** Whether the options' `renderError` is entries, and cannot be a function. */
function hasFormat(context: AnalysisContext, options: FactType): boolean {
  const renderError = context.facts.property(options, "renderError");
  return renderError !== undefined && isFormat(context, context.facts.typeOfSymbol(renderError));
}

/**
 * Whether a renderError of this type is entries, and cannot be a function: every member of its union has properties
 * and no call signature. `AppOptions["renderError"]` may be either, and is given the benefit of the doubt (a format
 * honest did not compile refuses to start, naming its entries: runtime/errors/error-format.ts).
 */
function isFormat({ facts }: AnalysisContext, type: FactType): boolean {
  const members = facts.unionMembers(facts.nonNullableType(type)) ?? [facts.nonNullableType(type)];
  return members.every((member) => facts.callSignatures(member).length === 0 && facts.properties(member).length > 0);
}

/**
 * An expression, or what the constant it names was initialised with (`renderError: realWorldErrors`, or
 * `{ renderError }`), following imports: the object literal of entries, a function, or another expression.
 */
function givenValue({ facts }: AnalysisContext, given: ts.Expression | ts.ShorthandPropertyAssignment): ts.Node | undefined {
  const { syntax } = facts;
  if (!syntax.isIdentifier(given) && !syntax.isShorthandPropertyAssignment(given)) return given;
  const symbol = syntax.isShorthandPropertyAssignment(given) ? facts.shorthandValueSymbol(given) : facts.symbolAt(given);
  const declaration = symbol && facts.valueDeclaration(facts.aliasTarget(symbol));
  if (declaration && syntax.isVariableDeclaration(declaration)) return declaration.initializer;
  return declaration;
}

function formatOf(context: AnalysisContext, literal: ts.ObjectLiteralExpression): ErrorFormatModel | undefined {
  const { syntax } = context.facts;
  const entries: ErrorFormatEntryModel[] = [];
  let complete = true;
  for (const property of literal.properties) {
    if (!syntax.isPropertyAssignment(property) && !syntax.isMethodDeclaration(property)) {
      context.sink.error(property, messages.ErrorFormat.notWritten({ written: property.getText() }));
      complete = false;
      continue;
    }
    const entry = entryOf(context, property);
    if (entry) entries.push(entry);
    else complete = false;
  }
  return complete ? { entries } : undefined;
}

/** One entry: its key, the status it declares, and its body's shape; reported and undefined when it is not one. */
function entryOf(context: AnalysisContext, property: ts.PropertyAssignment | ts.MethodDeclaration): ErrorFormatEntryModel | undefined {
  const { facts, symbols, sink } = context;
  const { syntax } = facts;
  const name = property.name;
  const key = syntax.isIdentifier(name) || syntax.isNumericLiteral(name) || syntax.isStringLiteral(name) ? name.text : name.getText();
  const status = Number(key);
  if (key !== "default" && !(Number.isInteger(status) && String(status) === key && status >= 400 && status <= 599)) {
    sink.error(name, messages.ErrorFormat.key({ key }));
    return undefined;
  }
  const fn = syntax.isMethodDeclaration(property) ? property : givenValue(context, property.initializer);
  const result = fn && syntax.isFunctionLike(fn) ? fn.type : undefined;
  if (!result) {
    sink.error(name, messages.ErrorFormat.noResult({ key }));
    return undefined;
  }
  const body = symbols.isPromiseAnnotation(result) ? (result as ts.TypeReferenceNode).typeArguments?.[0] : result;
  const marker = body && symbols.markerOf(body);
  const bare = body && !marker ? facts.literalValue(facts.typeOfTypeNode(body)) : undefined;
  if (typeof bare === "number") {
    // A bare status: answered without a body, the answer's headers kept (docs/guide/errors.md, "Errors a route declares").
    if (!Number.isInteger(bare) || bare < 400 || bare > 599) {
      sink.error(body!, messages.DeclaredError.formatStatus({ key, status: body!.getText() }));
      return undefined;
    }
    return { key, status: bare, shape: undefined };
  }
  if (marker?.tag !== "Json" || !marker.argument) {
    sink.error(result, messages.ErrorFormat.notJson({ key, written: result.getText() }));
    return undefined;
  }
  const statusNode = marker.typeArguments[1];
  let sent: number | undefined;
  if (statusNode) {
    const value = facts.literalValue(facts.typeOfTypeNode(statusNode));
    if (typeof value !== "number" || !Number.isInteger(value) || value < 400 || value > 599) {
      sink.error(statusNode, messages.ErrorFormat.status({ key, status: statusNode.getText() }));
      return undefined;
    }
    sent = value;
  }
  const shape = analyseJsonType(context, marker.argument, "response", `renderError's entry ${key}`);
  return shape && { key, status: sent, shape };
}
