import ts from "typescript";
import { HonestCode } from "../../compiler/diagnostics.js";
import { type FixEdits, type FixRequest, fixEdits, inFile, insertion, type QuickFix } from "./quick-fix.js";

// TS991012 and TS991032 at a class's name: createApp() or the generated
// module imports the class from its file, which it cannot while the class is
// not exported. The fix writes `export` after the class's decorators, where
// TypeScript takes it with decorators of either kind.

export const exportClass: QuickFix = {
  name: "honestExportClass",
  codes: [HonestCode.ControllerNotExported, HonestCode.GeneratedModuleImport],
  fixAllDescription: "Export every class in the file that the app imports",
  edits: exported,
};

function exported({ node, file }: FixRequest): FixEdits | undefined {
  const declaration = node.parent;
  if (!declaration || !ts.isClassDeclaration(declaration) || declaration.name !== node) return undefined;
  if (declaration.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  const firstModifier = declaration.modifiers?.find((modifier) => !ts.isDecorator(modifier));
  const classKeyword = declaration.getChildren(file).find((child) => child.kind === ts.SyntaxKind.ClassKeyword);
  const at = (firstModifier ?? classKeyword)?.getStart(file);
  if (at === undefined) return undefined;
  return fixEdits(`Export class ${node.getText(file)}`, [inFile(file, [insertion(at, "export ")])]);
}
