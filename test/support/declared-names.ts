import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { repositoryRoot } from "./working-tree.js";

// The names honest's sources declare, read by TypeScript's parser alone (no
// program, no checker: a program over the runtime takes seconds): what an
// entry point of the package exports, and the options an options type
// declares. Imports and re-exports are followed through relative modules and
// the package's own entry points ("honest/client"), as the entry points are
// written; a name from anywhere else (hono, the DOM) is not honest's.

const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as {
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, unknown>>>>;
};

const parsed = new Map<string, ts.SourceFile>();

/** A source file of the repository (a path from its root), parsed once. */
function sourceFile(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(path.join(repositoryRoot, file), "utf8"), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

/**
 * The source file of a package entry point (`"."`, `"./node"`), from its types in package.json's `exports`:
 * `./dist/esm/runtime/node.d.ts` is `runtime/node.ts`.
 */
export function entrySource(subpath: string): string {
  const entry = manifest.exports[subpath];
  const conditions = typeof entry === "object" ? ((entry.import as Record<string, unknown> | undefined) ?? entry) : undefined;
  const types = conditions?.types;
  if (typeof types !== "string") throw new Error(`package.json's exports has no types for ${subpath}`);
  return types.replace(/^\.\/dist\/(?:esm|cjs)\//, "").replace(/\.d\.ts$/, ".ts");
}

/** The package's entry points with types (`"."`, `"./node"`, ...). */
export function entryPoints(): string[] {
  return Object.entries(manifest.exports).flatMap(([subpath, entry]) => (typeof entry === "object" ? [subpath] : []));
}

/** The file `specifier` names from `file`: a relative module's source, or an entry point of honest; undefined for another package. */
function resolved(file: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier).replace(/\.[cm]?js$/, ".ts");
  if (specifier === "honest" || specifier.startsWith("honest/")) return entrySource(`.${specifier.slice("honest".length)}`);
  return undefined;
}

/** `export * from`, `export { a, b as c }`, `export type { ... }`, exported declarations, `export default` and `export =`. */
export function exportedNames(file: string): string[] {
  const names: string[] = [];
  for (const statement of sourceFile(file).statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.exportClause === undefined) {
        const target = resolved(file, (statement.moduleSpecifier as ts.StringLiteral).text);
        if (target === undefined) throw new Error(`${file} re-exports everything of a package: list its names`);
        names.push(...exportedNames(target));
      } else if (ts.isNamedExports(statement.exportClause)) {
        names.push(...statement.exportClause.elements.map((element) => element.name.text));
      } else {
        names.push(statement.exportClause.name.text);
      }
    } else if (ts.isExportAssignment(statement)) {
      names.push(statement.isExportEquals ? "export =" : "default");
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      const isDefault = ts.getModifiers(statement)!.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault) names.push("default");
      else if (ts.isVariableStatement(statement))
        names.push(...statement.declarationList.declarations.map((declaration) => (declaration.name as ts.Identifier).text));
      else names.push((statement as ts.DeclarationStatement).name!.getText());
    }
  }
  return [...new Set(names)];
}

interface Declared {
  readonly file: string;
  readonly node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.FunctionDeclaration;
}

/** Where the interface, type or function `name` that `file` declares, imports or re-exports is declared; undefined when not honest's. */
function declarationOf(file: string, name: string): Declared | undefined {
  for (const statement of sourceFile(file).statements) {
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isFunctionDeclaration(statement)) &&
      statement.name?.text === name
    )
      return { file, node: statement };
    const named =
      ts.isImportDeclaration(statement) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)
        ? statement.importClause.namedBindings.elements
        : ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)
          ? statement.exportClause.elements
          : undefined;
    const element = named?.find((each) => each.name.text === name);
    const specifier = (statement as ts.ImportDeclaration | ts.ExportDeclaration).moduleSpecifier;
    if (element && specifier && ts.isStringLiteral(specifier)) {
      const target = resolved(file, specifier.text);
      return target === undefined ? undefined : declarationOf(target, element.propertyName?.text ?? name);
    }
  }
  return undefined;
}

/**
 * The options a type written in `file` declares: the properties of an interface (its `extends` too) or an object
 * type, of each part of an intersection; a property whose type is itself an interface of honest's
 * (`sockets?: SocketOptions`) adds its own as `sockets.origins`.
 */
function typeOptions(file: string, type: ts.TypeNode): string[] {
  if (ts.isIntersectionTypeNode(type)) return type.types.flatMap((part) => typeOptions(file, part));
  if (ts.isTypeLiteralNode(type)) return memberOptions(file, type.members);
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const declared = declarationOf(file, type.typeName.text);
    if (declared && ts.isInterfaceDeclaration(declared.node)) return interfaceOptions(declared.file, declared.node);
    if (declared && ts.isTypeAliasDeclaration(declared.node)) return typeOptions(declared.file, declared.node.type);
  }
  return [];
}

function interfaceOptions(file: string, node: ts.InterfaceDeclaration): string[] {
  const inherited = (node.heritageClauses ?? []).flatMap((clause) =>
    clause.types.flatMap((base) =>
      ts.isIdentifier(base.expression) ? typeOptions(file, ts.factory.createTypeReferenceNode(base.expression.text)) : [],
    ),
  );
  return [...inherited, ...memberOptions(file, node.members)];
}

function memberOptions(file: string, members: ts.NodeArray<ts.TypeElement>): string[] {
  return members.flatMap((member) => {
    if (!ts.isPropertySignature(member) || member.name === undefined) return [];
    const name = member.name.getText().replace(/^["']|["']$/g, "");
    // `health?: HealthOptions | boolean` has HealthOptions's options too.
    const type = member.type && ts.isUnionTypeNode(member.type) ? member.type.types.find(ts.isTypeReferenceNode) : member.type;
    const nested =
      type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? declarationOf(file, type.typeName.text) : undefined;
    const inner = nested && ts.isInterfaceDeclaration(nested.node) ? interfaceOptions(nested.file, nested.node) : [];
    return [name, ...inner.map((each) => `${name}.${each}`)];
  });
}

/** The options of type `name` as `file` (a path from the repository's root) declares, imports or exports it. */
export function optionsOf(file: string, name: string): string[] {
  return typeOptions(file, ts.factory.createTypeReferenceNode(name));
}

/** The options of function `name`'s first parameter, as `file` declares the function. */
export function parameterOptions(file: string, name: string): string[] {
  const declared = declarationOf(file, name);
  const type = declared && ts.isFunctionDeclaration(declared.node) ? declared.node.parameters[0]?.type : undefined;
  if (declared === undefined || type === undefined) throw new Error(`${file} declares no function ${name} with a typed parameter`);
  return typeOptions(declared.file, type);
}
