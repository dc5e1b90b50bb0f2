import type ts from "typescript";
import { type Fail, HonestCode } from "../diagnostics.js";
import type { ResolverParameterModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";
import { readSecurityScheme } from "./security-scheme.js";
import { referenceForTypeName } from "./value-reference.js";

// A `From<R>` parameter (README, "Resolvers"): `R` must be a class, built and
// injected like any component, whose `resolve` method honest calls with the
// request's Context alone; generated code reaches the class from the
// controller's file, as it reaches an `Inject<T>` component.

export function analyseResolverParameter(
  context: AnalysisContext,
  parameter: ts.ParameterDeclaration,
  argument: ts.TypeNode | undefined,
  fail: Fail,
): ResolverParameterModel | undefined {
  const { facts, symbols } = context;
  const { TypeFlags, SymbolFlags } = facts.flags;
  const written = argument?.getText() ?? "R";
  if (!argument || !facts.syntax.isTypeReferenceNode(argument)) {
    fail(
      parameter,
      HonestCode.ResolverNotClass,
      `From<${written}> needs a class name, as in From<CurrentUser>: a class with a method resolve(c: Context) that returns what the parameter receives.`,
    );
    return undefined;
  }
  const symbol = facts.symbolAt(argument.typeName);
  const declaration = symbol && facts.declarations(facts.aliasTarget(symbol)).find(facts.syntax.isClassDeclaration);
  if (!declaration) {
    fail(
      parameter,
      HonestCode.ResolverNotClass,
      `From<${written}> needs a class: '${argument.typeName.getText()}' is not one. Make it a class with a method resolve(c: Context) that returns what the parameter receives.`,
    );
    return undefined;
  }
  const className = declaration.name?.text ?? argument.typeName.getText();
  const resolve = facts.property(facts.typeOfTypeNode(argument), "resolve");
  const signatures =
    resolve && !(facts.symbolFlags(resolve) & SymbolFlags.Optional) ? facts.callSignatures(facts.typeOfSymbol(resolve)) : [];
  if (signatures.length === 0) {
    fail(
      parameter,
      HonestCode.ResolverWithoutResolve,
      `From<${written}> needs a method resolve(c: Context) on ${className}, which returns what the parameter receives (or throws HttpError(401) to refuse the request); add one.`,
    );
    return undefined;
  }
  for (const signature of signatures) {
    const declared = facts.signatureParameters(signature);
    if (declared.length > 1) {
      fail(
        parameter,
        HonestCode.ResolverWithoutResolve,
        `${className}.resolve declares ${declared.length} parameters (${declared.map((each) => facts.symbolName(each)).join(", ")}), but honest calls it with the request's Context alone; ` +
          `declare resolve(c: Context), and reach anything else through Inject<T> fields.`,
      );
      return undefined;
    }
    const only = declared[0];
    const type = only && facts.nonNullableType(facts.typeOfSymbol(only));
    if (type && !(facts.typeFlags(type) & (TypeFlags.Any | TypeFlags.Unknown)) && !symbols.isHonoContextType(type)) {
      const onlyName = facts.symbolName(only);
      fail(
        parameter,
        HonestCode.ResolverWithoutResolve,
        `${className}.resolve takes '${onlyName}' of type '${facts.typeText(type)}', but honest calls it with the request's Context; declare it '${onlyName}: Context' (from hono).`,
      );
      return undefined;
    }
  }
  const reached = referenceForTypeName(facts, argument.typeName);
  if ("problem" in reached) {
    fail(
      parameter,
      HonestCode.ResolverUnreachable,
      `the generated route takes the resolver ${className} from this file, and cannot: ${reached.problem}. Declare the class here, or import it by name from the module that exports it.`,
    );
    return undefined;
  }
  const securityScheme = readSecurityScheme(facts, declaration);
  // A scheme only describes the routes, so they stay; the error is the resolver's, reported once however many routes use it.
  if (securityScheme && "problem" in securityScheme && context.shapes.firstReport(securityScheme.node, securityScheme.problem)) {
    context.sink.error(securityScheme.node, HonestCode.SecuritySchemeNotConstant, `${securityScheme.problem}.`);
  }
  return {
    kind: "resolver",
    component: reached.reference,
    declaration,
    node: parameter,
    className,
    optional: signatures.some((signature) => mayGiveUndefined(facts, facts.returnType(signature))),
    ...(securityScheme && "scheme" in securityScheme && { securityScheme: securityScheme.scheme }),
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
