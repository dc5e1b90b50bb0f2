import ts from "typescript";
import { routeDecorators } from "../../compiler/analyse/analyse-controller.js";
import { parseRoutePath } from "../../compiler/analyse/route-path.js";
import { honestTypeName } from "./honest-import.js";
import { HonestCode } from "../../compiler/diagnostics.js";
import { type FixEdits, type FixRequest, fixEdits, inFile, insertion, type QuickFix } from "./quick-fix.js";

// TS991009 at a handler's name: its path has placeholders but it takes no
// Path parameter. The fix adds one at the end of the parameters, named after
// the placeholders and typed string, which every segment is (docs/guide/path-parameters.md, "Path
// parameter types"): `id: Path<string>`, or `[a, b]: Path<[string, string]>`.

export const addPathParameter: QuickFix = {
  name: "honestAddPathParameter",
  codes: [HonestCode.PlaceholderMismatch],
  fixAllDescription: "Add every missing Path parameter in the file",
  edits: pathParameter,
};

function pathParameter({ node, file, symbols }: FixRequest): FixEdits | undefined {
  const handler = node.parent;
  if (!handler || !ts.isMethodDeclaration(handler) || handler.name !== node) return undefined;
  const [route] = routeDecorators(symbols, handler);
  const written = route?.call.arguments[0];
  if (!written || !ts.isStringLiteralLike(written)) return undefined;
  const parsed = parseRoutePath(written.text);
  if (!parsed.ok || parsed.placeholders.length === 0) return undefined;
  const { placeholders } = parsed;
  const path = honestTypeName(file, "Path");
  const parameter =
    placeholders.length === 1
      ? `${placeholders[0]}: ${path.written}<string>`
      : `[${placeholders.join(", ")}]: ${path.written}<[${placeholders.map(() => "string").join(", ")}]>`;
  const { parameters } = handler;
  const last = parameters.at(-1);
  const added = !last
    ? insertion(parameters.pos, parameter)
    : parameters.hasTrailingComma
      ? insertion(parameters.end, ` ${parameter}`)
      : insertion(last.getEnd(), `, ${parameter}`);
  return fixEdits(`Add parameter \`${parameter}\``, [inFile(file, [...path.changes, added])]);
}
