import type ts from "typescript";
import { messages } from "../diagnostic-messages.js";
import type { LifecycleModel, VersioningModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { decoratorCalls } from "./honest-decorators.js";
import type { HonestSymbols } from "./honest-symbols.js";

// A route's version and lifecycle (docs/guide/versions.md, "Versions"):
// `@Controller({ version: "2" })` or `@Version("2")` on a handler, and
// `@deprecated 2026-06-30` in a doc comment with `@Sunset("2027-06-30",
// { successor })`, on a handler or its class. Literals only, read from the
// source in either build mode; the decorators themselves go.

/** Letters, digits, '.', '_' and '-': what a path segment and a header's value both carry as they are. */
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** `YYYY-MM-DD`, or with a time in UTC. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})Z)?$/;
/** A `@deprecated` tag's text that begins with something meant as a date. */
const DATE_LIKE = /^(\d{4}-\S*)/;
const SUCCESSOR = /^(\/|https?:\/\/)[^\s<>]*$/;

/** The honest decorators named `tag` (`Version`, `Sunset`) on a class or a class member. */
export function lifecycleDecorators(symbols: HonestSymbols, node: ts.Node, tag: "Version" | "Sunset"): ts.Decorator[] {
  return decoratorCalls(symbols.facts.syntax, node)
    .filter(({ call }) => symbols.tagOfCall(call) === tag)
    .map(({ decorator }) => decorator);
}

/** A version as written: checked, or undefined when it is wrong (reported at `node`). */
export function checkedVersion(
  context: AnalysisContext,
  node: ts.Node | undefined,
  on: string,
  versioning: VersioningModel,
  at: ts.Node,
): string | undefined {
  const { syntax } = context.facts;
  if (!node || !syntax.isStringLiteralLike(node)) {
    context.sink.error(node ?? at, messages.Versions.notLiteral({ on, written: node?.getText() ?? "nothing" }));
    return undefined;
  }
  const version = node.text;
  if (!VERSION.test(version)) {
    context.sink.error(node, messages.Versions.malformed({ on, written: node.getText() }));
    return undefined;
  }
  if (versioning.in === "path" && /^[vV]\d/.test(version)) {
    context.sink.error(node, messages.Versions.leadingV({ on, written: version, bare: version.slice(1) }));
    return undefined;
  }
  return version;
}

/** `@Version("2")` on a handler: the version, undefined without one, false when it is wrong (reported). */
export function handlerVersion(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  on: string,
  versioning: VersioningModel,
): string | undefined | false {
  const decorators = lifecycleDecorators(context.symbols, handler, "Version");
  if (decorators.length === 0) return undefined;
  if (decorators.length > 1) {
    context.sink.error(decorators[1]!, messages.Versions.several({ on, decorator: "Version" }));
    return false;
  }
  const call = decorators[0]!.expression as ts.CallExpression;
  if (call.arguments.length > 1) {
    context.sink.error(call.arguments[1]!, messages.Versions.notLiteral({ on, written: call.arguments[1]!.getText() }));
    return false;
  }
  return checkedVersion(context, call.arguments[0], on, versioning, call) ?? false;
}

/** What a class or a handler declares of its lifecycle, before a route combines its own with its class's. */
export interface DeclaredLifecycle {
  /** Marked `@deprecated`. */
  readonly deprecated: boolean;
  /** The `@deprecated` tag's date, when it begins with one. */
  readonly deprecation?: { readonly date: Date; readonly written: string };
  readonly sunset?: { readonly date: Date; readonly written: string; readonly successor?: string; readonly decorator: ts.Decorator };
}

/** The `@deprecated` tag and `@Sunset` of `node` (a class or a handler), checked; false when one is wrong (reported). */
export function declaredLifecycle(
  context: AnalysisContext,
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  on: string,
): DeclaredLifecycle | false {
  const { facts } = context;
  const symbol = node.name && facts.symbolAt(node.name);
  const tag = symbol && facts.docComment(symbol).tags.find((each) => each.name === "deprecated");
  let deprecation: DeclaredLifecycle["deprecation"];
  const written = tag && DATE_LIKE.exec(tag.text.trim())?.[1];
  if (written !== undefined) {
    const date = dateOf(written);
    if (!date) {
      context.sink.error(
        node.name ?? node,
        messages.Versions.date({ on, what: "the @deprecated tag's date", written: JSON.stringify(written) }),
      );
      return false;
    }
    deprecation = { date, written };
  }
  const decorators = lifecycleDecorators(context.symbols, node, "Sunset");
  if (decorators.length > 1) {
    context.sink.error(decorators[1]!, messages.Versions.several({ on, decorator: "Sunset" }));
    return false;
  }
  const sunset = decorators[0] && sunsetOf(context, decorators[0], on);
  if (sunset === false) return false;
  return { deprecated: tag !== undefined, ...(deprecation && { deprecation }), ...(sunset && { sunset }) };
}

function sunsetOf(context: AnalysisContext, decorator: ts.Decorator, on: string): DeclaredLifecycle["sunset"] | false {
  const { syntax } = context.facts;
  const call = decorator.expression as ts.CallExpression;
  const [first, options] = call.arguments;
  if (!first || call.arguments.length > 2 || (options && !syntax.isObjectLiteralExpression(options))) {
    context.sink.error(options ?? call, messages.Versions.sunsetOptions({ on }));
    return false;
  }
  const date = syntax.isStringLiteralLike(first) ? dateOf(first.text) : undefined;
  if (!date) {
    context.sink.error(first, messages.Versions.date({ on, what: "@Sunset's date", written: first.getText() }));
    return false;
  }
  let successor: string | undefined;
  for (const property of options && syntax.isObjectLiteralExpression(options) ? options.properties : []) {
    if (!syntax.isPropertyAssignment(property) || property.name.getText() !== "successor") {
      context.sink.error(property, messages.Versions.sunsetOptions({ on }));
      return false;
    }
    const value = property.initializer;
    if (!syntax.isStringLiteralLike(value) || !SUCCESSOR.test(value.text)) {
      context.sink.error(value, messages.Versions.successor({ on, written: value.getText() }));
      return false;
    }
    successor = value.text;
  }
  return { date, written: (first as ts.StringLiteral).text, decorator, ...(successor !== undefined && { successor }) };
}

/**
 * A route's lifecycle from its handler's and its class's: the handler's date and sunset first. Undefined for a
 * route not deprecated; false when they do not fit together (reported).
 */
export function routeLifecycle(
  context: AnalysisContext,
  own: DeclaredLifecycle,
  inherited: DeclaredLifecycle,
  on: string,
): LifecycleModel | undefined | false {
  const deprecation = own.deprecation ?? inherited.deprecation;
  const sunset = own.sunset ?? inherited.sunset;
  if (sunset && !deprecation) {
    context.sink.error(sunset.decorator, messages.Versions.sunsetNotDeprecated({ on }));
    return false;
  }
  if (!own.deprecated && !inherited.deprecated) return undefined;
  if (sunset && deprecation && sunset.date.getTime() < deprecation.date.getTime()) {
    context.sink.error(
      sunset.decorator,
      messages.Versions.sunsetBeforeDeprecation({ on, sunset: sunset.written, deprecation: deprecation.written }),
    );
    return false;
  }
  return {
    ...(deprecation && { deprecation: `@${Math.floor(deprecation.date.getTime() / 1000)}` }),
    // toUTCString writes the IMF-fixdate an HTTP-date is (RFC 9110, section 5.6.7).
    ...(sunset && { sunset: sunset.date.toUTCString() }),
    ...(sunset?.successor !== undefined && { successor: sunset.successor }),
  };
}

/** `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDTHH:MM:SSZ` as a Date; undefined when it is no such day or time. */
function dateOf(text: string): Date | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(Date.UTC(year!, month! - 1, day!, hours, minutes, seconds));
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hours &&
    date.getUTCMinutes() === minutes &&
    date.getUTCSeconds() === seconds;
  return same ? date : undefined;
}
