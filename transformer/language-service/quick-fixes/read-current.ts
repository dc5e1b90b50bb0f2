import ts from "typescript";
import { honestTypeName } from "./honest-import.js";
import { codeFix, type FixRequest, inFile, replacement } from "./quick-fix.js";

// TS991038 at an `Inject<UnitOfWork>` field of a class the app builds once,
// where UnitOfWork is a @PerRequest() component: the field would keep one
// request's instance for all of them. The fix writes `Current<UnitOfWork>`,
// which reads this request's instance each time it is used
// (docs/guide/request-scope.md, "Mistakes the build reports"), importing
// `Current` beside the file's other honest types.

export function readCurrent({ node, file, symbols }: FixRequest): ts.CodeFixAction | undefined {
  if (!ts.isTypeReferenceNode(node) || symbols.markerOf(node)?.tag !== "Inject") return undefined;
  const current = honestTypeName(file, "Current");
  const argument = node.typeArguments?.[0]?.getText(file) ?? "";
  return codeFix("honestReadCurrent", `Read this request's instance: Current<${argument}>`, [
    inFile(file, [...current.changes, replacement(node.typeName, current.written)]),
  ]);
}
