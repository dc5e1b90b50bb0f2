import ts from "typescript";
import { insertion } from "./quick-fix.js";

// How a fix writes one of honest's types (`Path`, `Json`) in a file: the
// name the file already imports it under, or the name with an edit that
// imports it, in the style the file's import of "honest" already has
// (`import type { ... }` gains the name, a value import gains `type Name`).

export interface TypeNameInFile {
  /** What to write where the type is used: `Path`, or `h.Path` under `import * as h`. */
  readonly written: string;
  /** The edit that imports it, if the file does not yet. */
  readonly changes: readonly ts.TextChange[];
}

export function honestTypeName(file: ts.SourceFile, name: string): TypeNameInFile {
  const imports = file.statements.filter(
    (statement): statement is ts.ImportDeclaration =>
      ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === "honest",
  );
  let named: { readonly bindings: ts.NamedImports; readonly typeOnly: boolean } | undefined;
  for (const declaration of imports) {
    const bindings = declaration.importClause?.namedBindings;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) return { written: `${bindings.name.text}.${name}`, changes: [] };
    const existing = bindings.elements.find((element) => (element.propertyName ?? element.name).text === name);
    if (existing) return { written: existing.name.text, changes: [] };
    const typeOnly = declaration.importClause.isTypeOnly;
    // An `import type` takes a type as it is; prefer it to a value import.
    if (!named || (typeOnly && !named.typeOnly)) named = { bindings, typeOnly };
  }
  if (named) {
    const last = named.bindings.elements.at(-1);
    const specifier = named.typeOnly ? name : `type ${name}`;
    const change = last ? insertion(last.getEnd(), `, ${specifier}`) : insertion(named.bindings.getStart() + 1, ` ${specifier} `);
    return { written: name, changes: [change] };
  }
  const lastImport = file.statements.filter(ts.isImportDeclaration).at(-1);
  const line = `import type { ${name} } from "honest";`;
  return {
    written: name,
    changes: [lastImport ? insertion(lastImport.getEnd(), `\n${line}`) : insertion(file.getStart(), `${line}\n`)],
  };
}
