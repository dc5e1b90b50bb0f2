import ts from "typescript";
import { honestTypeName } from "./honest-import.js";
import { codeFix, type FixRequest, inFile, replacement } from "./quick-fix.js";

// TS991044 at a request input's property named like a secret and not marked
// one (docs/guide/json-bodies-and-responses.md, "Secrets"). The fix wraps the
// property's type as written in `Secret<...>`, importing it from "honest" as
// the file imports honest's types, so that its checks stay and no fault
// shows its value.

export function markSecret({ node, file }: FixRequest): ts.CodeFixAction | undefined {
  if (!(ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) || !node.type) return undefined;
  const secret = honestTypeName(file, "Secret");
  const marked = `${secret.written}<${node.type.getText(file)}>`;
  return codeFix("honestMarkSecret", `Mark '${node.name.getText(file)}' as a secret: ${marked}`, [
    inFile(file, [replacement(node.type, marked), ...secret.changes]),
  ]);
}
