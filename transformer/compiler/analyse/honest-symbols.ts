import type ts from "typescript";
import type { CompilerFacts, FactSymbol, FactType } from "../facts/compiler-facts.js";

// honest's own declarations carry a doc-comment tag (`@honest Json`,
// `@honest route GET`, ...). A name is honest's when the symbol it resolves
// to, through imports and re-exports, carries the tag: a user's own `Get` or
// `Json` is left alone. The comment is read as text, because tsc skips
// parsing JSDoc in TypeScript files (JSDocParsingMode.ParseForTypeErrors).

export class HonestSymbols {
  readonly #tags = new Map<FactSymbol, string | undefined>();

  constructor(readonly facts: CompilerFacts) {}

  /** Whether `typeName` is the standard library's Promise. */
  isGlobalPromise(typeName: ts.EntityName): boolean {
    const symbol = this.facts.symbolAt(typeName);
    return (
      symbol !== undefined &&
      this.facts.symbolName(symbol) === "Promise" &&
      this.facts.declarationFileNames(symbol).some((fileName) => this.facts.isDefaultLibraryFile(fileName))
    );
  }

  /** Whether `typeName` is the Web's `Response`, as the standard library or Node's types declare it. */
  isWebResponse(typeName: ts.EntityName): boolean {
    const symbol = this.facts.symbolAt(typeName);
    return symbol !== undefined && this.#isWebResponseSymbol(symbol);
  }

  /** Whether a type is the Web's `Response`: what a handler's body returns, before its return type is written. */
  isWebResponseType(type: FactType): boolean {
    const symbol = this.facts.typeSymbol(type);
    return symbol !== undefined && this.#isWebResponseSymbol(symbol);
  }

  #isWebResponseSymbol(symbol: FactSymbol): boolean {
    return (
      this.facts.symbolName(symbol) === "Response" &&
      this.facts
        .declarationFileNames(symbol)
        .some(
          (fileName) =>
            this.facts.isDefaultLibraryFile(fileName) || /[\\/]node_modules[\\/](@types[\\/]node|undici-types)[\\/]/.test(fileName),
        )
    );
  }

  /** Whether a type annotation is `Promise<...>`, the standard library's. */
  isPromiseAnnotation(typeNode: ts.TypeNode): boolean {
    return this.facts.syntax.isTypeReferenceNode(typeNode) && this.isGlobalPromise(typeNode.typeName);
  }

  /** Whether a type annotation is hono's `Context`, declared in hono's own types. */
  isHonoContext(typeNode: ts.TypeNode): boolean {
    if (!this.facts.syntax.isTypeReferenceNode(typeNode)) return false;
    const symbol = this.facts.symbolAt(typeNode.typeName);
    return symbol !== undefined && this.#isHonoContextClass(this.facts.aliasTarget(symbol));
  }

  /** Whether a type is hono's `Context`, however the program names it (`Context<Env>`, an alias of it). */
  isHonoContextType(type: FactType): boolean {
    const symbol = this.facts.typeSymbol(type);
    return symbol !== undefined && this.#isHonoContextClass(symbol);
  }

  /** The `@honest` tag of what `node` (an identifier or qualified name) refers to. */
  tagOfName(node: ts.Node): string | undefined {
    const symbol = this.facts.symbolAt(node);
    return symbol && this.tagOfSymbol(symbol);
  }

  tagOfSymbol(symbol: FactSymbol): string | undefined {
    const target = this.facts.aliasTarget(symbol);
    if (!this.#tags.has(target)) this.#tags.set(target, this.#readTag(target));
    return this.#tags.get(target);
  }

  /** The tag of a call's callee: `Get` in `@Get("/x")`, `createApp` in `createApp()`. */
  tagOfCall(call: ts.CallExpression): string | undefined {
    const callee = call.expression;
    if (this.facts.syntax.isIdentifier(callee)) return this.tagOfName(callee);
    if (this.facts.syntax.isPropertyAccessExpression(callee)) return this.tagOfName(callee.name);
    return undefined;
  }

  /**
   * The honest marker a type annotation stands for (`Json<Item>` → "Json" and
   * its argument), following the user's own non-generic aliases of markers.
   */
  markerOf(
    typeNode: ts.TypeNode,
  ): { readonly tag: string; readonly argument: ts.TypeNode | undefined; readonly typeArguments: readonly ts.TypeNode[] } | undefined {
    const { syntax } = this.facts;
    let node = typeNode;
    for (let depth = 0; depth < 16; depth++) {
      while (syntax.isParenthesizedTypeNode(node)) node = node.type;
      if (!syntax.isTypeReferenceNode(node)) return undefined;
      const symbol = this.facts.symbolAt(node.typeName);
      if (!symbol) return undefined;
      const tag = this.tagOfSymbol(symbol);
      if (tag !== undefined) return { tag, argument: node.typeArguments?.[0], typeArguments: node.typeArguments ?? [] };
      const alias = this.facts.declarations(this.facts.aliasTarget(symbol)).find(syntax.isTypeAliasDeclaration);
      if (!alias || alias.typeParameters) return undefined;
      node = alias.type;
    }
    return undefined;
  }

  #isHonoContextClass(symbol: FactSymbol): boolean {
    return (
      this.facts.symbolName(symbol) === "Context" &&
      this.facts.declarationFileNames(symbol).some((fileName) => /[\\/]hono[\\/]dist[\\/]types[\\/]context\.d\.ts$/.test(fileName))
    );
  }

  #readTag(symbol: FactSymbol): string | undefined {
    const { syntax } = this.facts;
    for (const declaration of this.facts.declarations(symbol)) {
      const statement = syntax.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
      const text = statement.getSourceFile().text;
      for (const range of syntax.getLeadingCommentRanges(text, statement.pos) ?? []) {
        const tag = /@honest[ \t]+([^\r\n*]+)/.exec(text.slice(range.pos, range.end));
        if (tag) return tag[1]!.trim();
      }
    }
    return undefined;
  }
}
