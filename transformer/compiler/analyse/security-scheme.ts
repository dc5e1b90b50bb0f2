import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";

// A resolver's OpenAPI security scheme (docs/guide/openapi-and-clients.md, "OpenAPI and clients"): the
// class declares `static readonly securityScheme = { ... } as const`, and
// routes that take `From<Class>` require it. The value is read from its
// type, so it must be made of literals. `static readonly securitySchemeName
// = "Token"` names it in the document (the class's name otherwise), and
// resolvers that give one name and one scheme share it.

const SCHEME_TYPES = new Set(["apiKey", "http", "mutualTLS", "oauth2", "openIdConnect"]);

export type SecuritySchemeRead =
  | { readonly scheme: Readonly<Record<string, unknown>>; readonly name?: string }
  | { readonly mistake: HonestMessage; readonly node: ts.Node }
  | undefined;

/** The class's `securityScheme` static as plain JSON; undefined when it declares none. */
export function readSecurityScheme(facts: CompilerFacts, declaration: ts.ClassDeclaration): SecuritySchemeRead {
  const classSymbol = declaration.name && facts.symbolAt(declaration.name);
  const property = classSymbol && facts.property(facts.typeOfSymbol(classSymbol), "securityScheme");
  if (!property) return undefined;
  const node = facts.valueDeclaration(property) ?? declaration;
  const className = declaration.name?.text ?? "the resolver";
  const read = literalValue(facts, facts.typeOfSymbol(property), "");
  if ("notConstant" in read) {
    return { node, mistake: messages.SecuritySchemeNotConstant.notConstant({ className, ...read.notConstant }) };
  }
  const scheme = read.value;
  if (
    typeof scheme !== "object" ||
    scheme === null ||
    Array.isArray(scheme) ||
    !SCHEME_TYPES.has(String((scheme as { type?: unknown }).type))
  ) {
    return { node, mistake: messages.SecuritySchemeNotConstant.notAScheme({ className, types: [...SCHEME_TYPES] }) };
  }
  const named = facts.property(facts.typeOfSymbol(classSymbol), "securitySchemeName");
  if (!named) return { scheme: scheme as Readonly<Record<string, unknown>> };
  const name = facts.literalValue(facts.typeOfSymbol(named));
  // OpenAPI's rule for the names of components.
  if (typeof name !== "string" || !/^[A-Za-z0-9._-]+$/.test(name)) {
    return { node: facts.valueDeclaration(named) ?? node, mistake: messages.SecuritySchemeNotConstant.name({ className }) };
  }
  return { scheme: scheme as Readonly<Record<string, unknown>>, name };
}

/** The value, or the first part of the type that is not one constant value: its path in the value, and its type. */
type LiteralRead = { readonly value: unknown } | { readonly notConstant: { readonly path: string; readonly type: string } };

/** The one JSON value a type allows: literals, and objects and tuples of them. */
function literalValue(facts: CompilerFacts, type: FactType, path: string): LiteralRead {
  const literal = facts.literalValue(type);
  if (literal !== undefined) return { value: literal };
  if (facts.isTupleType(type)) {
    const values: unknown[] = [];
    for (const [index, element] of facts.typeArguments(type).entries()) {
      const read = literalValue(facts, element, `${path}[${index}]`);
      if ("notConstant" in read) return read;
      values.push(read.value);
    }
    return { value: values };
  }
  if (facts.typeFlags(type) & facts.flags.TypeFlags.Object && !facts.isArrayType(type) && facts.callSignatures(type).length === 0) {
    const value: Record<string, unknown> = {};
    for (const property of facts.properties(type)) {
      const name = facts.symbolName(property);
      const read = literalValue(facts, facts.typeOfSymbol(property), `${path}.${name}`);
      if ("notConstant" in read) return read;
      value[name] = read.value;
    }
    return { value };
  }
  return { notConstant: { path, type: facts.typeText(type) } };
}
