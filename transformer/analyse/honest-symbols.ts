import ts from "typescript";

// honest's own declarations carry a doc-comment tag (`@honest Json`,
// `@honest route GET`, ...). A name is honest's when the symbol it resolves
// to, through imports and re-exports, carries the tag: a user's own `Get` or
// `Json` is left alone. The comment is read as text, because tsc skips
// parsing JSDoc in TypeScript files (JSDocParsingMode.ParseForTypeErrors).

/** What a symbol stands for once imports and re-exports are followed. */
export function aliasTarget(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

export class HonestSymbols {
  readonly #tags = new Map<ts.Symbol, string | undefined>();

  readonly checker: ts.TypeChecker;

  constructor(readonly program: ts.Program) {
    this.checker = program.getTypeChecker();
  }

  /** Whether `typeName` is the standard library's Promise. */
  isGlobalPromise(typeName: ts.EntityName): boolean {
    const symbol = this.checker.getSymbolAtLocation(typeName);
    return (
      symbol?.name === "Promise" &&
      (symbol.declarations ?? []).some((declaration) => this.program.isSourceFileDefaultLibrary(declaration.getSourceFile()))
    );
  }

  /** Whether `typeName` is the Web's `Response`, as the standard library or Node's types declare it. */
  isWebResponse(typeName: ts.EntityName): boolean {
    const symbol = this.checker.getSymbolAtLocation(typeName);
    return (
      symbol?.name === "Response" &&
      (symbol.declarations ?? []).some((declaration) => {
        const file = declaration.getSourceFile();
        return (
          this.program.isSourceFileDefaultLibrary(file) || /[\\/]node_modules[\\/](@types[\\/]node|undici-types)[\\/]/.test(file.fileName)
        );
      })
    );
  }

  /** Whether a type annotation is `Promise<...>`, the standard library's. */
  isPromiseAnnotation(typeNode: ts.TypeNode): boolean {
    return ts.isTypeReferenceNode(typeNode) && this.isGlobalPromise(typeNode.typeName);
  }

  /** Whether a type annotation is hono's `Context`, declared in hono's own types. */
  isHonoContext(typeNode: ts.TypeNode): boolean {
    if (!ts.isTypeReferenceNode(typeNode)) return false;
    const symbol = this.checker.getSymbolAtLocation(typeNode.typeName);
    return symbol !== undefined && isHonoContextClass(aliasTarget(this.checker, symbol));
  }

  /** Whether a type is hono's `Context`, however the program names it (`Context<Env>`, an alias of it). */
  isHonoContextType(type: ts.Type): boolean {
    const symbol = type.getSymbol();
    return symbol !== undefined && isHonoContextClass(symbol);
  }

  /** The `@honest` tag of what `node` (an identifier or qualified name) refers to. */
  tagOfName(node: ts.Node): string | undefined {
    const symbol = this.checker.getSymbolAtLocation(node);
    return symbol && this.tagOfSymbol(symbol);
  }

  tagOfSymbol(symbol: ts.Symbol): string | undefined {
    const target = aliasTarget(this.checker, symbol);
    if (!this.#tags.has(target)) this.#tags.set(target, readTag(target));
    return this.#tags.get(target);
  }

  /** The tag of a call's callee: `Get` in `@Get("/x")`, `createApp` in `createApp()`. */
  tagOfCall(call: ts.CallExpression): string | undefined {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return this.tagOfName(callee);
    if (ts.isPropertyAccessExpression(callee)) return this.tagOfName(callee.name);
    return undefined;
  }

  /**
   * The honest marker a type annotation stands for (`Json<Item>` → "Json" and
   * its argument), following the user's own non-generic aliases of markers.
   */
  markerOf(
    typeNode: ts.TypeNode,
  ): { readonly tag: string; readonly argument: ts.TypeNode | undefined; readonly typeArguments: readonly ts.TypeNode[] } | undefined {
    let node = typeNode;
    for (let depth = 0; depth < 16; depth++) {
      while (ts.isParenthesizedTypeNode(node)) node = node.type;
      if (!ts.isTypeReferenceNode(node)) return undefined;
      const symbol = this.checker.getSymbolAtLocation(node.typeName);
      if (!symbol) return undefined;
      const tag = this.tagOfSymbol(symbol);
      if (tag !== undefined) return { tag, argument: node.typeArguments?.[0], typeArguments: node.typeArguments ?? [] };
      const alias = aliasTarget(this.checker, symbol).declarations?.find(ts.isTypeAliasDeclaration);
      if (!alias || alias.typeParameters) return undefined;
      node = alias.type;
    }
    return undefined;
  }
}

function isHonoContextClass(symbol: ts.Symbol): boolean {
  return (
    symbol.name === "Context" &&
    (symbol.declarations ?? []).some((declaration) =>
      /[\\/]hono[\\/]dist[\\/]types[\\/]context\.d\.ts$/.test(declaration.getSourceFile().fileName),
    )
  );
}

function readTag(symbol: ts.Symbol): string | undefined {
  for (const declaration of symbol.declarations ?? []) {
    const statement = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
    const text = statement.getSourceFile().text;
    for (const range of ts.getLeadingCommentRanges(text, statement.pos) ?? []) {
      const tag = /@honest[ \t]+([^\r\n*]+)/.exec(text.slice(range.pos, range.end));
      if (tag) return tag[1]!.trim();
    }
  }
  return undefined;
}
