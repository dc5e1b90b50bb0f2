import ts from "typescript";
import { type Fail, HonestCode } from "../diagnostics.js";
import type { ResolverParameterModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { aliasTarget, factType } from "./typescript-facts.js";
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
  const { checker, symbols } = context;
  const written = argument?.getText() ?? "R";
  if (!argument || !ts.isTypeReferenceNode(argument)) {
    fail(
      parameter,
      HonestCode.ResolverNotClass,
      `From<${written}> needs a class name, as in From<CurrentUser>: a class with a method resolve(c: Context) that returns what the parameter receives.`,
    );
    return undefined;
  }
  const symbol = checker.getSymbolAtLocation(argument.typeName);
  const declaration = symbol && aliasTarget(checker, symbol).declarations?.find(ts.isClassDeclaration);
  if (!declaration) {
    fail(
      parameter,
      HonestCode.ResolverNotClass,
      `From<${written}> needs a class: '${argument.typeName.getText()}' is not one. Make it a class with a method resolve(c: Context) that returns what the parameter receives.`,
    );
    return undefined;
  }
  const className = declaration.name?.text ?? argument.typeName.getText();
  const resolve = checker.getPropertyOfType(checker.getTypeFromTypeNode(argument), "resolve");
  const signatures = resolve && !(resolve.flags & ts.SymbolFlags.Optional) ? checker.getTypeOfSymbol(resolve).getCallSignatures() : [];
  if (signatures.length === 0) {
    fail(
      parameter,
      HonestCode.ResolverWithoutResolve,
      `From<${written}> needs a method resolve(c: Context) on ${className}, which returns what the parameter receives (or throws HttpError(401) to refuse the request); add one.`,
    );
    return undefined;
  }
  for (const signature of signatures) {
    const declared = signature.getParameters();
    if (declared.length > 1) {
      fail(
        parameter,
        HonestCode.ResolverWithoutResolve,
        `${className}.resolve declares ${declared.length} parameters (${declared.map((each) => each.name).join(", ")}), but honest calls it with the request's Context alone; ` +
          `declare resolve(c: Context), and reach anything else through Inject<T> fields.`,
      );
      return undefined;
    }
    const only = declared[0];
    const type = only && checker.getNonNullableType(checker.getTypeOfSymbol(only));
    if (type && !(type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) && !symbols.isHonoContextType(factType(type))) {
      fail(
        parameter,
        HonestCode.ResolverWithoutResolve,
        `${className}.resolve takes '${only.name}' of type '${checker.typeToString(type)}', but honest calls it with the request's Context; declare it '${only.name}: Context' (from hono).`,
      );
      return undefined;
    }
  }
  const reached = referenceForTypeName(checker, argument.typeName);
  if ("problem" in reached) {
    fail(
      parameter,
      HonestCode.ResolverUnreachable,
      `the generated route takes the resolver ${className} from this file, and cannot: ${reached.problem}. Declare the class here, or import it by name from the module that exports it.`,
    );
    return undefined;
  }
  const securityScheme = readSecurityScheme(checker, declaration);
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
    optional: signatures.some((signature) => mayGiveUndefined(checker, signature.getReturnType())),
    ...(securityScheme && "scheme" in securityScheme && { securityScheme: securityScheme.scheme }),
  };
}

/** Whether `resolve`'s result, once awaited, may be undefined. */
function mayGiveUndefined(checker: ts.TypeChecker, returned: ts.Type): boolean {
  const awaited = checker.getAwaitedType(returned) ?? returned;
  const members = awaited.isUnion() ? awaited.types : [awaited];
  return members.some(
    (member) => (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0,
  );
}
