import ts from "typescript";

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
export function readSecurityScheme(checker: ts.TypeChecker, declaration: ts.ClassDeclaration): SecuritySchemeRead {
  const classSymbol = declaration.name && checker.getSymbolAtLocation(declaration.name);
  const property = classSymbol && checker.getTypeOfSymbol(classSymbol).getProperty("securityScheme");
  if (!property) return undefined;
  const node = property.valueDeclaration ?? declaration;
  const className = declaration.name?.text ?? "the resolver";
  const read = literalValue(checker, checker.getTypeOfSymbol(property), "");
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
function literalValue(checker: ts.TypeChecker, type: ts.Type, path: string): LiteralRead {
  if (type.isStringLiteral() || type.isNumberLiteral()) return { value: type.value };
  if (type.flags & ts.TypeFlags.BooleanLiteral) return { value: checker.typeToString(type) === "true" };
  if (checker.isTupleType(type)) {
    const values: unknown[] = [];
    for (const [index, element] of checker.getTypeArguments(type as ts.TypeReference).entries()) {
      const read = literalValue(checker, element, `${path}[${index}]`);
      if ("problem" in read) return read;
      values.push(read.value);
    }
    return { value: values };
  }
  if (type.flags & ts.TypeFlags.Object && !checker.isArrayType(type) && type.getCallSignatures().length === 0) {
    const value: Record<string, unknown> = {};
    for (const property of checker.getPropertiesOfType(type)) {
      const read = literalValue(checker, checker.getTypeOfSymbol(property), `${path}.${property.name}`);
      if ("problem" in read) return read;
      value[property.name] = read.value;
    }
    return { value };
  }
  return { problem: `has the type ${checker.typeToString(type)}, not one constant value`, path };
}
