import type ts from "typescript";
import { mayBePromise } from "./synchronous-handler.js";
import type { Fail } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { ResolverParameterModel, ValueReference } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";
import { readSecurityScheme } from "./security-scheme.js";
import { referenceForTypeName } from "./value-reference.js";
import { validatorKinds } from "./validator-type.js";

// A `From<R>` parameter (docs/guide/resolvers.md, "Resolvers"): `R` must be a class, built and
// injected like any component, whose `resolve` method honest calls with the
// request's Context alone; generated code reaches the class from the
// controller's file, as it reaches an `Inject<T>` component.

export function analyseResolverParameter(
  context: AnalysisContext,
  parameter: ts.ParameterDeclaration,
  argument: ts.TypeNode | undefined,
  fail: Fail,
): ResolverParameterModel | undefined {
  const { facts } = context;
  const written = argument?.getText() ?? "R";
  if (!argument || !facts.syntax.isTypeReferenceNode(argument)) {
    fail(parameter, messages.ResolverNotClass.notAClassName({ written }));
    return undefined;
  }
  const resolver = analyseResolverClass(context, parameter, argument.typeName, written, fail);
  if (!resolver) return undefined;
  const { declaration } = resolver;
  const securityScheme = readSecurityScheme(facts, declaration);
  // A scheme only describes the routes, so they stay; the error is the resolver's, reported once however many routes use it.
  if (securityScheme && "mistake" in securityScheme && context.shapes.firstReport(securityScheme.node, securityScheme.mistake)) {
    context.sink.error(securityScheme.node, securityScheme.mistake);
  }
  const validators = validatorKinds(context.symbols, resolver.resolved);
  return {
    kind: "resolver",
    component: resolver.component,
    declaration,
    node: parameter,
    className: resolver.className,
    optional: resolver.optional,
    synchronous: resolver.synchronous,
    ...(securityScheme && "scheme" in securityScheme && { securityScheme: securityScheme.scheme }),
    ...(securityScheme && "name" in securityScheme && securityScheme.name !== undefined && { securitySchemeName: securityScheme.name }),
    ...(validators && { validators }),
  };
}

/** A resolver class as generated code calls it, wherever it is named (`From<R>`, `@RateLimit({ by: R })`). */
export interface ResolverClass {
  readonly component: ValueReference;
  readonly declaration: ts.ClassDeclaration;
  readonly className: string;
  /** `resolve` may give undefined. */
  readonly optional: boolean;
  /** `resolve` returns no promise. */
  readonly synchronous: boolean;
  /** What `resolve` gives once awaited, undefined included. */
  readonly resolved: FactType;
}

/**
 * The class `name` names as a resolver: a class with a `resolve` that takes the Context or nothing, reachable
 * from `name`'s file; `at` is where a mistake is reported, `written` how the message shows what was written.
 */
export function analyseResolverClass(
  context: AnalysisContext,
  at: ts.Node,
  name: ts.EntityName,
  written: string,
  fail: Fail,
): ResolverClass | undefined {
  const { facts, symbols } = context;
  const { TypeFlags, SymbolFlags } = facts.flags;
  const symbol = facts.symbolAt(name);
  const classSymbol = symbol && facts.aliasTarget(symbol);
  const declaration = classSymbol && facts.declarations(classSymbol).find(facts.syntax.isClassDeclaration);
  if (!classSymbol || !declaration) {
    fail(at, messages.ResolverNotClass.notAClass({ written, name: name.getText() }));
    return undefined;
  }
  const className = declaration.name?.text ?? name.getText();
  const resolve = facts.property(facts.declaredTypeOfSymbol(classSymbol), "resolve");
  const signatures =
    resolve && !(facts.symbolFlags(resolve) & SymbolFlags.Optional) ? facts.callSignatures(facts.typeOfSymbol(resolve)) : [];
  if (signatures.length === 0) {
    fail(at, messages.ResolverWithoutResolve.noResolve({ written, className }));
    return undefined;
  }
  for (const signature of signatures) {
    const declared = facts.signatureParameters(signature);
    if (declared.length > 1) {
      const parameters = declared.map((each) => facts.symbolName(each));
      fail(at, messages.ResolverWithoutResolve.severalParameters({ className, parameters }));
      return undefined;
    }
    const only = declared[0];
    const type = only && facts.nonNullableType(facts.typeOfSymbol(only));
    if (type && !(facts.typeFlags(type) & (TypeFlags.Any | TypeFlags.Unknown)) && !symbols.isHonoContextType(type)) {
      const notContext = { className, parameter: facts.symbolName(only), type: facts.typeText(type) };
      fail(at, messages.ResolverWithoutResolve.notContext(notContext));
      return undefined;
    }
  }
  const reached = referenceForTypeName(facts, name);
  if ("unreachable" in reached) {
    fail(at, messages.ResolverUnreachable({ className, why: reached.unreachable }));
    return undefined;
  }
  return {
    component: reached.reference,
    declaration,
    className,
    optional: signatures.some((signature) => mayGiveUndefined(facts, facts.returnType(signature))),
    synchronous: !signatures.some((signature) => mayBePromise(facts, facts.returnType(signature))),
    resolved: facts.awaitedType(facts.returnType(signatures[0]!)),
  };
}

/** Whether `resolve`'s result, once awaited, may be undefined. */
function mayGiveUndefined(facts: CompilerFacts, returned: FactType): boolean {
  const { TypeFlags } = facts.flags;
  const awaited = facts.awaitedType(returned);
  return (facts.unionMembers(awaited) ?? [awaited]).some(
    (member) => (facts.typeFlags(member) & (TypeFlags.Undefined | TypeFlags.Void | TypeFlags.Any | TypeFlags.Unknown)) !== 0,
  );
}
