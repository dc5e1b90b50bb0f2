import ts from "typescript";
import { honestTypeName } from "./honest-import.js";
import { HonestCode } from "../../compiler/diagnostics.js";
import { type FixEdits, type FixRequest, fixEdits, inFile, replacement, type QuickFix } from "./quick-fix.js";

// TS991044 at a request input's property named like a secret and not marked
// one (docs/guide/json-bodies-and-responses.md, "Secrets"). The fix wraps the
// property's type as written in `Secret<...>`, importing it from "honest" as
// the file imports honest's types, so that its checks stay and no fault
// shows its value.

export const markSecret: QuickFix = {
  name: "honestMarkSecret",
  codes: [HonestCode.UnmarkedSecret],
  fixAllDescription: "Mark every field in the file named like a secret as one",
  edits: secretMarked,
};

function secretMarked({ node, file }: FixRequest): FixEdits | undefined {
  if (!(ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) || !node.type) return undefined;
  const secret = honestTypeName(file, "Secret");
  const marked = `${secret.written}<${node.type.getText(file)}>`;
  return fixEdits(`Mark '${node.name.getText(file)}' as a secret: ${marked}`, [
    inFile(file, [replacement(node.type, marked), ...secret.changes]),
  ]);
}
