import ts from "typescript";
import { honestTypeName } from "./honest-import.js";
import { HonestCode } from "../../compiler/diagnostics.js";
import { type FixEdits, type FixRequest, fixEdits, inFile, replacement, type QuickFix } from "./quick-fix.js";

// TS991038 at an `Inject<UnitOfWork>` field of a class the app builds once,
// where UnitOfWork is a @PerRequest() component: the field would keep one
// request's instance for all of them. The fix writes `Current<UnitOfWork>`,
// which reads this request's instance each time it is used
// (docs/guide/request-scope.md, "Mistakes the build reports"), importing
// `Current` beside the file's other honest types.

export const readCurrent: QuickFix = {
  name: "honestReadCurrent",
  codes: [HonestCode.PerRequestHeld],
  fixAllDescription: "Read this request's instance through Current<T> in every such field of the file",
  edits: currentRead,
};

function currentRead({ node, file, symbols }: FixRequest): FixEdits | undefined {
  if (!ts.isTypeReferenceNode(node) || symbols.markerOf(node)?.tag !== "Inject") return undefined;
  const current = honestTypeName(file, "Current");
  const argument = node.typeArguments?.[0]?.getText(file) ?? "";
  return fixEdits(`Read this request's instance: Current<${argument}>`, [
    inFile(file, [...current.changes, replacement(node.typeName, current.written)]),
  ]);
}
