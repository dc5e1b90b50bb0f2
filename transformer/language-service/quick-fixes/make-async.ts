import ts from "typescript";
import { HonestCode } from "../../compiler/diagnostics.js";
import { type FixEdits, type FixRequest, fixEdits, inFile, insertion, replacement, type QuickFix } from "./quick-fix.js";

// TS991006 at a handler's name (it declares a Promise but is not async), and
// TS991007 at a handler's return type when that is not a Promise and the
// method is not async: a handler is an async method returning a Promise
// (docs/guide/controllers-and-routes.md, "Controllers and routes"). The fix writes `async` before the name
// and, where the declared type is not a Promise, wraps it in one.

export const makeAsync: QuickFix = {
  name: "honestMakeAsync",
  codes: [HonestCode.HandlerNotAsyncMethod, HonestCode.ReturnType],
  fixAllDescription: "Make every handler in the file async",
  edits: madeAsync,
};

function madeAsync({ node, file, symbols }: FixRequest): FixEdits | undefined {
  const handler = node.parent;
  if (!handler || !ts.isMethodDeclaration(handler) || !handler.type) return undefined;
  if (handler.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword)) return undefined;
  const promised = symbols.isPromiseAnnotation(handler.type);
  // Without a return type, async alone mends nothing: declare-return-type.ts writes both.
  if (node !== (promised ? handler.name : handler.type)) return undefined;
  const changes = [insertion(handler.name.getStart(file), "async ")];
  if (!promised) changes.push(replacement(handler.type, `Promise<${handler.type.getText(file)}>`));
  return fixEdits(`Make \`${handler.name.getText(file)}\` async`, [inFile(file, changes)]);
}
