import ts from "typescript";

// The rewrite removes honest's decorators and replaces each createApp() call
// and each Hono middleware call it runs as its own, so the names they were
// imported by (`Controller`, `Get`, `createApp`, `cors`) may have no use left. TypeScript keeps an import the source used as a value,
// whatever a transformer removed, so the rewrite drops those names itself:
// the compiled file then imports only what it uses.

/** What a file's imported names are used by, once the rewrite removed `removed` nodes (decorators, createApp callees). */
export class ImportUses {
  /** Names the removed nodes started with (`Get` of `Get("/x")`, `honest` of `honest.Get("/x")`) and nothing else uses. */
  readonly unused = new Set<string>();
  /**
   * Every identifier left outside imports and types (a use, a local of the
   * same name, a property name alike: enough to keep an import, as a value
   * referenced only in a type would not be).
   */
  readonly #left = new Set<string>();

  constructor(file: ts.SourceFile, removed: (node: ts.Node) => boolean) {
    const roots = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node)) return;
      // `extends Base` names a value; any other type is erased.
      if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return;
      if (removed(node)) {
        const root = rootName(ts.isDecorator(node) ? node.expression : node);
        if (root !== undefined) roots.add(root);
        // A decorator's arguments live on in generated code (`@Use(...)`'s), but a Hono middleware call among them becomes honest's.
        if (ts.isDecorator(node) && ts.isCallExpression(node.expression)) node.expression.arguments.forEach(visit);
        // A createApp callee's call keeps its arguments: only the callee itself is gone.
        return;
      }
      if (ts.isIdentifier(node)) this.#left.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(file);
    for (const root of roots) if (!this.#left.has(root)) this.unused.add(root);
  }

  /** Whether anything the rewrite leaves reads `name`. */
  isUsed(name: string): boolean {
    return this.#left.has(name);
  }
}

/** `Get` for `Get("/x")`, `honest` for `honest.Get("/x")`. */
function rootName(expression: ts.Node): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isCallExpression(expression) || ts.isPropertyAccessExpression(expression)) return rootName(expression.expression);
  return undefined;
}

/**
 * The import without the names only removed nodes used; none at all when
 * none is left (as TypeScript drops an import whose names are all unused),
 * or, under `verbatimModuleSyntax`, which keeps imports as written, the
 * module still imported for its effects. TypeScript elides nothing in an
 * import a transformer changed, so in one that loses a name the rest is
 * elided here as TypeScript would: a name nothing left reads, or that is
 * only a type (`type AppOptions`, an interface, by what the checker says).
 */
export function withoutUnusedNames(
  node: ts.ImportDeclaration,
  uses: ImportUses,
  options: ts.CompilerOptions,
  checker: ts.TypeChecker,
): ts.ImportDeclaration | undefined {
  const clause = node.importClause;
  if (!clause || clause.isTypeOnly || uses.unused.size === 0) return node;
  const names = [clause.name?.text, ...importedNames(clause.namedBindings)];
  if (!names.some((name) => name !== undefined && uses.unused.has(name))) return node;
  const kept = (name: ts.Identifier) =>
    !uses.unused.has(name.text) && (options.verbatimModuleSyntax || (uses.isUsed(name.text) && isValueImport(name, checker)));
  const name = clause.name && kept(clause.name) ? clause.name : undefined;
  let bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings) && !kept(bindings.name)) bindings = undefined;
  if (bindings && ts.isNamedImports(bindings)) {
    const elements = bindings.elements.filter((element) => !element.isTypeOnly && kept(element.name));
    bindings = elements.length === 0 ? undefined : ts.factory.updateNamedImports(bindings, elements);
  }
  if (!name && !bindings) {
    if (!options.verbatimModuleSyntax) return undefined;
    return ts.factory.updateImportDeclaration(node, node.modifiers, undefined, node.moduleSpecifier, node.attributes);
  }
  const updated = ts.factory.updateImportClause(clause, clause.phaseModifier, name, bindings);
  return ts.factory.updateImportDeclaration(node, node.modifiers, updated, node.moduleSpecifier, node.attributes);
}

function importedNames(bindings: ts.NamedImportBindings | undefined): string[] {
  if (!bindings) return [];
  if (ts.isNamespaceImport(bindings)) return [bindings.name.text];
  return bindings.elements.map((element) => element.name.text);
}

/** Whether an imported name is a value at run time (a class, a function, a constant), not only a type. */
function isValueImport(name: ts.Identifier, checker: ts.TypeChecker): boolean {
  const symbol = checker.getSymbolAtLocation(name);
  if (!symbol) return true;
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return (target.flags & ts.SymbolFlags.Value) !== 0;
}
