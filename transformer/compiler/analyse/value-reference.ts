import path from "node:path";
import type ts from "typescript";
import type { UnreachableClass } from "../diagnostic-messages.js";
import type { ValueReference } from "../model.js";
import type { CompilerFacts, Syntax } from "../facts/compiler-facts.js";

// How generated code reaches a class at run time. The user's own import of a
// class used only in types (`Inject<ItemStore>`) is elided by TypeScript, so
// generated code brings its own: the same module specifier the user wrote, or
// a relative path to the class's file.

/**
 * The class that `typeName` (in `Inject<typeName>`) names, as a value reachable
 * from the file it is written in; or why it cannot be.
 */
export function referenceForTypeName(
  facts: CompilerFacts,
  typeName: ts.EntityName,
): { readonly reference: ValueReference; readonly declaration: ts.ClassDeclaration } | { readonly unreachable: UnreachableClass } {
  const { syntax } = facts;
  const file = typeName.getSourceFile();
  const leftmost = leftmostIdentifier(syntax, typeName);
  const leftSymbol = facts.symbolAt(leftmost);
  const symbol = facts.symbolAt(typeName);
  const name = typeName.getText();
  if (!symbol || !leftSymbol) return { unreachable: { kind: "unknown", name } };
  const declaration = facts.declarations(facts.aliasTarget(symbol)).find(syntax.isClassDeclaration);
  if (!declaration) return { unreachable: { kind: "not-a-class", name } };
  if (syntax.hasModifier(declaration, "declare") && declaration.getSourceFile() === file) return { unreachable: { kind: "ambient", name } };
  const rest = qualifiedNames(syntax, typeName).slice(1);
  const importDeclaration = facts.declarations(leftSymbol)[0];
  if (importDeclaration && facts.symbolFlags(leftSymbol) & facts.flags.SymbolFlags.Alias) {
    const imported = importedBinding(syntax, importDeclaration);
    if (!imported) return { unreachable: { kind: "import-form", name: leftmost.text } };
    return { reference: { kind: "module", specifier: imported.specifier, exportPath: [...imported.exportPath, ...rest] }, declaration };
  }
  if (declaration.getSourceFile() === file && rest.length === 0) return { reference: { kind: "local", name: leftmost.text }, declaration };
  return { unreachable: { kind: "not-imported", name } };
}

/** A relative import specifier from `fromFile` to `toFile`'s emitted JavaScript. */
export function relativeSpecifier(fromFile: string, toFile: string): string {
  let relative = path.relative(path.dirname(fromFile), toFile).split(path.sep).join("/");
  if (!relative.startsWith(".")) relative = `./${relative}`;
  return relative.replace(/\.(m|c)?tsx?$/, (_match, kind: string | undefined) => `.${kind ?? ""}js`);
}

function leftmostIdentifier(syntax: Syntax, name: ts.EntityName): ts.Identifier {
  return syntax.isIdentifier(name) ? name : leftmostIdentifier(syntax, name.left);
}

function qualifiedNames(syntax: Syntax, name: ts.EntityName): string[] {
  return syntax.isIdentifier(name) ? [name.text] : [...qualifiedNames(syntax, name.left), name.right.text];
}

function importedBinding(syntax: Syntax, declaration: ts.Node): { specifier: string; exportPath: string[] } | undefined {
  if (syntax.isImportSpecifier(declaration)) {
    const specifier = declaration.parent.parent.parent.moduleSpecifier;
    const exported = declaration.propertyName ?? declaration.name;
    return syntax.isStringLiteral(specifier) ? { specifier: specifier.text, exportPath: [exported.text] } : undefined;
  }
  if (syntax.isImportClause(declaration) && syntax.isStringLiteral(declaration.parent.moduleSpecifier)) {
    return { specifier: declaration.parent.moduleSpecifier.text, exportPath: ["default"] };
  }
  if (syntax.isNamespaceImport(declaration) && syntax.isStringLiteral(declaration.parent.parent.moduleSpecifier)) {
    return { specifier: declaration.parent.parent.moduleSpecifier.text, exportPath: [] };
  }
  return undefined;
}
