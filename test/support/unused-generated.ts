import ts from "typescript";

// Generated code with nothing dead in it: every function and constant honest
// declares at the top of a file (`__honest_write_Item`,
// `__honest_query_ItemFilter_limit_check`) is reached from the file's own
// code (its registrations, its classes, its exports), directly or through
// another generated declaration that is. Used by the golden test for the
// example and by compileFixture for every compiled fixture.

/** honest's names in a file it compiles: in a generated client, every declaration is generated. */
const byHonest = (name: string) => name.startsWith("__honest_");

/**
 * The generated top-level declarations of `text` (JavaScript or TypeScript)
 * that nothing outside them reaches, in file order; `generated` says which
 * names the generator gave.
 */
export function unusedGeneratedDeclarations(text: string, generated: (name: string) => boolean = byHonest): string[] {
  const file = ts.createSourceFile("generated.ts", text, ts.ScriptTarget.Latest, true);
  const declared = new Map<string, ts.Statement>();
  const roots: ts.Statement[] = [];
  for (const statement of file.statements) {
    const name = declaredName(statement);
    if (name === undefined || !generated(name)) roots.push(statement);
    else declared.set(name, statement);
  }
  const reached = new Set<string>();
  const pending = roots.flatMap((statement) => namesIn(statement));
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const declaration = declared.get(name);
    if (declaration === undefined || reached.has(name)) continue;
    reached.add(name);
    pending.push(...namesIn(declaration));
  }
  return [...declared.keys()].filter((name) => !reached.has(name));
}

/** The name of a statement that declares one unexported function or constant; undefined for any other. */
function declaredName(statement: ts.Statement): string | undefined {
  const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (exported) return undefined;
  let name: string | undefined;
  if (ts.isFunctionDeclaration(statement)) name = statement.name?.text;
  else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1) {
    const binding = statement.declarationList.declarations[0]!.name;
    if (ts.isIdentifier(binding)) name = binding.text;
  }
  return name;
}

/** Every identifier a statement reads or writes, its own declared name left out. */
function namesIn(statement: ts.Statement): string[] {
  const own = declaredName(statement);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text !== own) names.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return names;
}
