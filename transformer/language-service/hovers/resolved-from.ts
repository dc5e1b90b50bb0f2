import ts from "typescript";

// `From<R>` is, to the type checker, a conditional type over R's `resolve`
// (runtime/declarations/markers.ts), which TypeScript prints expanded when
// the name `From` is hovered. What a reader wants is what the parameter
// receives: the awaited result of `resolve` (docs/guide/resolvers.md, "Resolvers").

const PRINTED = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

/** What a parameter typed `From<R>` (the reference, `From<CurrentUser>`) receives, written as a type. */
export function resolvedText(checker: ts.TypeChecker, reference: ts.TypeReferenceNode): string | undefined {
  const resolver = reference.typeArguments?.[0];
  if (!resolver) return undefined;
  const resolve = checker.getPropertyOfType(checker.getTypeFromTypeNode(resolver), "resolve");
  const [signature] = resolve ? checker.getTypeOfSymbolAtLocation(resolve, reference).getCallSignatures() : [];
  if (!signature) return undefined;
  return checker.typeToString(
    checker.getAwaitedType(checker.getReturnTypeOfSignature(signature)) ?? checker.getAnyType(),
    reference,
    PRINTED,
  );
}

/** TypeScript's display of the alias `From`, as `(alias) type From<CurrentUser> = User`, its `import From` line kept. */
export function fromReferenceDisplay(
  parts: readonly ts.SymbolDisplayPart[],
  reference: ts.TypeReferenceNode,
  resolved: string,
): ts.SymbolDisplayPart[] {
  // The expansion spans lines of its own; the last line break is the one before `import From`.
  const lineBreak = parts.findLastIndex((part) => part.kind === "lineBreak");
  return [
    { kind: "punctuation", text: "(" },
    { kind: "text", text: "alias" },
    { kind: "punctuation", text: ")" },
    { kind: "space", text: " " },
    { kind: "keyword", text: "type" },
    { kind: "space", text: " " },
    { kind: "text", text: reference.getText() },
    { kind: "space", text: " " },
    { kind: "operator", text: "=" },
    { kind: "space", text: " " },
    { kind: "text", text: resolved },
    ...(lineBreak !== -1 && parts[lineBreak + 1]?.text === "import" ? parts.slice(lineBreak) : []),
  ];
}

/**
 * A parameter's display, `(parameter) user: User`, with the resolved type
 * where TypeScript wrote something else (the alias, or its expansion).
 */
export function parameterDisplay(parts: readonly ts.SymbolDisplayPart[], resolved: string): ts.SymbolDisplayPart[] {
  const colon = parts.findIndex((part) => part.kind === "punctuation" && part.text === ":");
  if (colon === -1) return [...parts];
  const shown = parts
    .slice(colon + 1)
    .map((part) => part.text)
    .join("");
  // The same type, laid out over lines by TypeScript, is left as TypeScript wrote it.
  if (shown.replace(/\s+/g, " ").trim() === resolved.replace(/\s+/g, " ").trim()) return [...parts];
  return [...parts.slice(0, colon + 1), { kind: "space", text: " " }, { kind: "text", text: resolved }];
}
