import ts from "typescript";

// The rewrite removes honest's decorators and replaces each createApp() call,
// so the names they were imported by (`Controller`, `Get`, `createApp`) may
// have no use left. TypeScript keeps an import the source used as a value,
// whatever a transformer removed, so the rewrite drops those names itself:
// the compiled file then imports only what it uses.

/** The names the file imports that only `removed` nodes (decorators, createApp callees) used. */
export function namesLeftUnused(file: ts.SourceFile, removed: (node: ts.Node) => boolean): ReadonlySet<string> {
  const candidates = new Set<string>();
  const skipped = new Set<ts.Node>();
  const findRemoved = (node: ts.Node): void => {
    if (removed(node)) {
      skipped.add(node);
      const root = rootName(ts.isDecorator(node) ? node.expression : node);
      if (root !== undefined) candidates.add(root);
      if (ts.isDecorator(node)) return;
    }
    ts.forEachChild(node, findRemoved);
  };
  findRemoved(file);
  if (candidates.size === 0) return candidates;
  // Any other identifier of that name keeps its import: a use, a shadowing local, a property name alike.
  const used = new Set<string>();
  const findUses = (node: ts.Node): void => {
    if (skipped.has(node) || ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && candidates.has(node.text)) used.add(node.text);
    ts.forEachChild(node, findUses);
  };
  findUses(file);
  return new Set([...candidates].filter((name) => !used.has(name)));
}

/** `Get` for `Get("/x")`, `honest` for `honest.Get("/x")`. */
function rootName(expression: ts.Node): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isCallExpression(expression) || ts.isPropertyAccessExpression(expression)) return rootName(expression.expression);
  return undefined;
}

/**
 * The import without the `unused` names; none at all when none is left
 * (as TypeScript drops an import whose names are all unused), or, under
 * `verbatimModuleSyntax`, which keeps imports as written, the module still
 * imported for its effects. TypeScript elides nothing in an import a
 * transformer changed, so the names that are only types (`type AppOptions`,
 * an interface) are dropped here too, by what the checker says they are.
 */
export function withoutNames(
  node: ts.ImportDeclaration,
  unused: ReadonlySet<string>,
  options: ts.CompilerOptions,
  checker: ts.TypeChecker,
): ts.ImportDeclaration | undefined {
  const clause = node.importClause;
  if (!clause || clause.isTypeOnly || unused.size === 0) return node;
  const names = [clause.name?.text, ...importedNames(clause.namedBindings)];
  if (!names.some((name) => name !== undefined && unused.has(name))) return node;
  const isValue = (name: ts.Identifier) => options.verbatimModuleSyntax || isValueImport(name, checker);
  const name = clause.name && !unused.has(clause.name.text) && isValue(clause.name) ? clause.name : undefined;
  let bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings) && unused.has(bindings.name.text)) bindings = undefined;
  if (bindings && ts.isNamedImports(bindings)) {
    const kept = bindings.elements.filter((element) => !unused.has(element.name.text) && !element.isTypeOnly && isValue(element.name));
    bindings = kept.length === 0 ? undefined : ts.factory.updateNamedImports(bindings, kept);
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
