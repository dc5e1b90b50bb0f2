import type ts from "typescript";
import { messages } from "../diagnostic-messages.js";
import type { FactType } from "../facts/compiler-facts.js";
import type { RateLimitModel } from "../model.js";
import { windowLengthOf } from "../../../runtime/rate-limit/window-length.js";
import type { AnalysisContext } from "./analysis-context.js";
import { analyseResolverClass } from "./analyse-resolver.js";
import { decoratorCalls } from "./honest-decorators.js";
import type { HonestSymbols } from "./honest-symbols.js";

// `@RateLimit({ limit, window, by? })` on a route's handler or on its
// controller (docs/guide/rate-limits.md, "Declaring a limit"): the options are read from the source,
// literals only, in either build mode; the decorator itself goes.

/** The `@RateLimit(...)` decorators on a class or a class member. */
export function rateLimitDecorators(symbols: HonestSymbols, node: ts.Node): ts.Decorator[] {
  return decoratorCalls(symbols.facts.syntax, node)
    .filter(({ call }) => symbols.tagOfCall(call) === "RateLimit")
    .map(({ decorator }) => decorator);
}

/**
 * The limit `node` (a controller or a handler) declares: undefined without one, `false` when it is wrong (reported).
 * `on` names `node` in messages: `ItemController`, `ItemController.createMany`.
 */
export function analyseRateLimit(context: AnalysisContext, node: ts.Node, on: string): RateLimitModel | undefined | false {
  const decorators = rateLimitDecorators(context.symbols, node);
  if (decorators.length === 0) return undefined;
  if (decorators.length > 1) {
    context.sink.error(decorators[1]!, messages.RateLimit.several({ on }));
    return false;
  }
  const { syntax } = context.facts;
  const call = decorators[0]!.expression as ts.CallExpression;
  const options = call.arguments[0];
  if (!options || call.arguments.length > 1 || !syntax.isObjectLiteralExpression(options)) {
    context.sink.error(options ?? call, messages.RateLimit.options({ on }));
    return false;
  }
  let limit: ts.Expression | undefined;
  let window: ts.Expression | undefined;
  let by: ts.Expression | undefined;
  for (const property of options.properties) {
    const name = syntax.isPropertyAssignment(property) ? property.name.getText() : undefined;
    if (!syntax.isPropertyAssignment(property) || (name !== "limit" && name !== "window" && name !== "by")) {
      context.sink.error(property, messages.RateLimit.options({ on }));
      return false;
    }
    if (name === "limit") limit = property.initializer;
    else if (name === "window") window = property.initializer;
    else by = property.initializer;
  }
  if (!limit || !window) {
    context.sink.error(options, messages.RateLimit.options({ on }));
    return false;
  }
  const limitValue = syntax.isNumericLiteral(limit) ? Number(limit.text) : undefined;
  if (limitValue === undefined || !Number.isSafeInteger(limitValue) || limitValue < 1) {
    context.sink.error(limit, messages.RateLimit.limit({ on, written: limit.getText() }));
    return false;
  }
  const windowValue = syntax.isStringLiteralLike(window)
    ? windowLengthOf(window.text)
    : syntax.isNumericLiteral(window)
      ? windowLengthOf(Number(window.text))
      : undefined;
  if (windowValue === undefined) {
    context.sink.error(window, messages.RateLimit.window({ on, written: window.getText() }));
    return false;
  }
  if (!by) return { limit: limitValue, window: windowValue };
  const key = analyseBy(context, by, on);
  return key && { limit: limitValue, window: windowValue, by: key };
}

/** `by: CurrentUser`: a resolver whose value, once awaited and without undefined, can key a count. */
function analyseBy(context: AnalysisContext, by: ts.Expression, on: string): RateLimitModel["by"] | false {
  const { facts } = context;
  const { syntax } = facts;
  const symbol = syntax.isIdentifier(by) ? facts.symbolAt(by) : undefined;
  const declaration = symbol && facts.declarations(facts.aliasTarget(symbol)).find(syntax.isClassDeclaration);
  const resolve = declaration && facts.property(facts.declaredTypeOfSymbol(facts.aliasTarget(symbol!)), "resolve");
  if (!syntax.isIdentifier(by) || !resolve) {
    context.sink.error(by, messages.RateLimit.byNotResolver({ on, written: by.getText() }));
    return false;
  }
  const resolver = analyseResolverClass(context, by, by, by.getText(), (node, message) => context.sink.error(node, message));
  if (!resolver) return false;
  if (!keys(context, resolver.resolved)) {
    const type = facts.typeText(resolver.resolved);
    context.sink.error(by, messages.RateLimit.byNotKey({ on, className: resolver.className, type }));
    return false;
  }
  const { component, className, synchronous } = resolver;
  return { component, declaration: resolver.declaration, className, synchronous, node: by };
}

/** Whether every value of `type` but undefined and null is a string, a number, a bigint, or an object with an `id` of those. */
function keys(context: AnalysisContext, type: FactType): boolean {
  const { facts } = context;
  const { TypeFlags } = facts.flags;
  const members = (facts.unionMembers(type) ?? [type]).filter(
    (member) => !(facts.typeFlags(member) & (TypeFlags.Undefined | TypeFlags.Null | TypeFlags.Void)),
  );
  if (members.length === 0) return false;
  return members.every((member) => {
    if (isKey(context, member)) return true;
    if (!(facts.typeFlags(member) & TypeFlags.Object)) return false;
    const id = facts.property(member, "id");
    if (!id || facts.symbolFlags(id) & facts.flags.SymbolFlags.Optional) return false;
    const idType = facts.typeOfSymbol(id);
    return (facts.unionMembers(idType) ?? [idType]).every((each) => isKey(context, each));
  });
}

function isKey(context: AnalysisContext, type: FactType): boolean {
  const { TypeFlags } = context.facts.flags;
  return (context.facts.typeFlags(type) & (TypeFlags.StringLike | TypeFlags.NumberLike | TypeFlags.BigIntLike)) !== 0;
}
