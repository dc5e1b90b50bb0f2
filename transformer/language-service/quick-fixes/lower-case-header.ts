import ts from "typescript";
import { HonestCode } from "../../compiler/diagnostics.js";
import { type FixEdits, type FixRequest, fixEdits, type QuickFix } from "./quick-fix.js";

// TS991026 at a property of a Header<T> type: header names arrive in lower
// case, so T declares them so (docs/guide/query-headers-cookies.md, "Query strings, headers and cookies").
// The fix renames the property where TypeScript's rename would, every use
// included (`h["X-Request-Id"]`, a destructured `{ Authorization }`), so the
// code that reads the header still builds.

export const lowerCaseHeader: QuickFix = {
  name: "honestLowerCaseHeader",
  codes: [HonestCode.HeaderNameCase],
  fixAllDescription: "Write every header name in the file in lower case",
  edits: lowerCased,
};

function lowerCased({ node, file, service }: FixRequest): FixEdits | undefined {
  const name = ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) ? node.name : undefined;
  if (!name || !(ts.isIdentifier(name) || ts.isStringLiteral(name))) return undefined;
  const lower = name.text.toLowerCase();
  if (lower === name.text) return undefined;
  // A lower-cased identifier is still one, and a string literal's span holds only its text, so the one name fits every place.
  const locations = service.findRenameLocations(file.fileName, name.getStart(file), false, false, {
    providePrefixAndSuffixTextForRename: true,
  });
  if (!locations || locations.length === 0) return undefined;
  const byFile = new Map<string, ts.TextChange[]>();
  for (const { fileName, textSpan, prefixText = "", suffixText = "" } of locations) {
    const changes = byFile.get(fileName) ?? [];
    changes.push({ span: textSpan, newText: `${prefixText}${lower}${suffixText}` });
    byFile.set(fileName, changes);
  }
  return fixEdits(
    `Write the header name in lower case: '${lower}'`,
    [...byFile].map(([fileName, textChanges]) => ({ fileName, textChanges })),
  );
}
