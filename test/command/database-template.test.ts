import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { databaseFiles } from "../../transformer/command/database-templates.js";

// The unit of work `honest init --database` writes (docs/setup/new-project.md,
// "A project with a database") is the example's, the reference, less what a
// new project has no use for: `afterCommit` (it has no live feed to tell
// after a commit) and `reader()` (its store reads through the pool, or
// through `transaction()` once the request has written). Held equal from the
// class's decorator to its end, so that a fix to one cannot miss the other;
// the imports differ by where each keeps `Tables`, and the example's doc
// comment cites this repository's docs, which a new project does not have.

const root = path.resolve(import.meta.dirname, "../..");
const EXAMPLE = readFileSync(path.join(root, "example/src/database/unit-of-work.ts"), "utf8");
const TEMPLATE = databaseFiles("../src/app.js").sources["src/database/unit-of-work.ts"]!;
/** The example's members the template leaves out; a statement of another member that uses one goes with it. */
const LEFT_OUT = ["#afterCommit", "reader", "afterCommit"];

/** The class UnitOfWork's text from its decorator on, without the members named in `leftOut`, and which of them it had. */
function unitOfWorkClass(source: string, leftOut: readonly string[]): { text: string; cut: string[] } {
  const file = ts.createSourceFile("unit-of-work.ts", source, ts.ScriptTarget.Latest, true);
  const declaration = file.statements.find((statement) => ts.isClassDeclaration(statement) && statement.name?.text === "UnitOfWork");
  if (declaration === undefined || !ts.isClassDeclaration(declaration)) throw new Error("no class UnitOfWork");
  const ranges: [number, number][] = [];
  const cut: string[] = [];
  for (const member of declaration.members) {
    const name = member.name?.getText(file);
    if (name !== undefined && leftOut.includes(name)) {
      cut.push(name);
      ranges.push([member.getFullStart(), member.getEnd()]);
    } else if (ts.isMethodDeclaration(member) && member.body !== undefined) {
      for (const statement of member.body.statements) {
        if (usesAny(statement, leftOut)) ranges.push([statement.getFullStart(), statement.getEnd()]);
      }
    }
  }
  let text = source.slice(declaration.getStart(file), declaration.getEnd());
  for (const [start, end] of ranges.reverse()) {
    const offset = declaration.getStart(file);
    text = text.slice(0, start - offset) + text.slice(end - offset);
  }
  return { text, cut };
}

/** Whether `node` reads `this.<name>` for one of `names`. */
function usesAny(node: ts.Node, names: readonly string[]): boolean {
  if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword && names.includes(node.name.text)) {
    return true;
  }
  return ts.forEachChild(node, (child) => usesAny(child, names) || undefined) ?? false;
}

it("honest init --database writes the example's UnitOfWork, less afterCommit and reader()", () => {
  const example = unitOfWorkClass(EXAMPLE, LEFT_OUT);
  // Each left out is still the example's: a name gone from it must leave this list too.
  expect(example.cut).toEqual(LEFT_OUT);
  const template = unitOfWorkClass(TEMPLATE, []);
  expect(template.text).toBe(example.text);
  expect(template.text).toMatch(/^@PerRequest\(\)\nexport class UnitOfWork \{\n/);
});
