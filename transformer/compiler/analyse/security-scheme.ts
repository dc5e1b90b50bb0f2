import type ts from "typescript";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";

// A resolver's OpenAPI security scheme (README, "OpenAPI and clients"): the
// class declares `static readonly securityScheme = { ... } as const`, and
// routes that take `From<Class>` require it. The value is read from its
// type, so it must be made of literals.

const SCHEME_TYPES = new Set(["apiKey", "http", "mutualTLS", "oauth2", "openIdConnect"]);

export type SecuritySchemeRead =
  | { readonly scheme: Readonly<Record<string, unknown>> }
  | { readonly problem: string; readonly node: ts.Node }
  | undefined;

/** The class's `securityScheme` static as plain JSON; undefined when it declares none. */
export function readSecurityScheme(facts: CompilerFacts, declaration: ts.ClassDeclaration): SecuritySchemeRead {
  const classSymbol = declaration.name && facts.symbolAt(declaration.name);
  const property = classSymbol && facts.property(facts.typeOfSymbol(classSymbol), "securityScheme");
  if (!property) return undefined;
  const node = facts.valueDeclaration(property) ?? declaration;
  const className = declaration.name?.text ?? "the resolver";
  const read = literalValue(facts, facts.typeOfSymbol(property), "");
  if ("problem" in read) {
    return {
      node,
      problem: `${className}.securityScheme${read.path} ${read.problem}, so the OpenAPI document cannot say what it is; write the scheme as a constant, as in static readonly securityScheme = { type: "http", scheme: "bearer" } as const satisfies SecurityScheme`,
    };
  }
  const scheme = read.value;
  if (
    typeof scheme !== "object" ||
    scheme === null ||
    Array.isArray(scheme) ||
    !SCHEME_TYPES.has(String((scheme as { type?: unknown }).type))
  ) {
    return {
      node,
      problem: `${className}.securityScheme must be an OpenAPI security scheme object whose type is one of ${[...SCHEME_TYPES].join(", ")}, as in { type: "http", scheme: "bearer" } as const satisfies SecurityScheme`,
    };
  }
  return { scheme: scheme as Readonly<Record<string, unknown>> };
}

type LiteralRead = { readonly value: unknown } | { readonly problem: string; readonly path: string };

/** The one JSON value a type allows: literals, and objects and tuples of them. */
function literalValue(facts: CompilerFacts, type: FactType, path: string): LiteralRead {
  const literal = facts.literalValue(type);
  if (literal !== undefined) return { value: literal };
  if (facts.isTupleType(type)) {
    const values: unknown[] = [];
    for (const [index, element] of facts.typeArguments(type).entries()) {
      const read = literalValue(facts, element, `${path}[${index}]`);
      if ("problem" in read) return read;
      values.push(read.value);
    }
    return { value: values };
  }
  if (facts.typeFlags(type) & facts.flags.TypeFlags.Object && !facts.isArrayType(type) && facts.callSignatures(type).length === 0) {
    const value: Record<string, unknown> = {};
    for (const property of facts.properties(type)) {
      const name = facts.symbolName(property);
      const read = literalValue(facts, facts.typeOfSymbol(property), `${path}.${name}`);
      if ("problem" in read) return read;
      value[name] = read.value;
    }
    return { value };
  }
  return { problem: `has the type ${facts.typeText(type)}, not one constant value`, path };
}
