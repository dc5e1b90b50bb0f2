import ts from "typescript";
import type { HonestSymbols } from "../../compiler/analyse/honest-symbols.js";
import { factType } from "../../compiler/facts/typescript-facts.js";
import { honestTypeName } from "./honest-import.js";
import { HonestCode } from "../../compiler/diagnostics.js";
import { type FixEdits, type FixRequest, fixEdits, inFile, insertion, type QuickFix } from "./quick-fix.js";

// TS991007 at a handler's name: it declares no return type, and honest reads
// what to send from the declared one (docs/guide/controllers-and-routes.md, "Controllers and routes"). The
// fix declares what the body returns, as the checker infers it: a Web
// Response (hono's `c.text(...)` included) as `Response`, anything else as
// `Json<T>`, in a Promise; and makes the method async if it is not, so that
// the Promise type holds.

export const declareReturnType: QuickFix = {
  name: "honestDeclareReturnType",
  codes: [HonestCode.ReturnType],
  fixAllDescription: "Declare the return type of every handler in the file that has none",
  edits: returnType,
};

function returnType({ node, file, program, symbols }: FixRequest): FixEdits | undefined {
  const handler = node.parent;
  if (!handler || !ts.isMethodDeclaration(handler) || handler.name !== node || handler.type || !handler.body) return undefined;
  const checker = program.getTypeChecker();
  const signature = checker.getSignatureFromDeclaration(handler);
  const returned = signature && checker.getAwaitedType(checker.getReturnTypeOfSignature(signature));
  // A body that returns nothing has no JSON to declare; the author picks StatusCode or a value.
  if (!returned || returned.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never | ts.TypeFlags.Any)) return undefined;
  const closeParen = handler.getChildren(file).find((child) => child.kind === ts.SyntaxKind.CloseParenToken);
  if (!closeParen) return undefined;
  const members = returned.isUnion() ? returned.types : [returned];
  const responses = members.filter((member) => isResponse(symbols, member));
  const values = members.filter((member) => !responses.includes(member));
  const changes: ts.TextChange[] = [];
  const sent: string[] = [];
  if (values.length > 0) {
    const json = honestTypeName(file, "Json");
    changes.push(...json.changes);
    const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
    const written = (type: ts.Type) => checker.typeToString(type, handler, flags);
    // The whole type as the checker writes it when no member is a Response, so that an alias's name survives.
    const value = responses.length === 0 ? written(returned) : writtenUnion(values, written);
    sent.push(`${json.written}<${value}>`);
  }
  if (responses.length > 0) sent.push("Response");
  const declared = `Promise<${sent.join(" | ")}>`;
  changes.push(insertion(closeParen.getEnd(), `: ${declared}`));
  if (!handler.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword)) {
    changes.push(insertion(handler.name.getStart(file), "async "));
  }
  return fixEdits(`Declare the return type \`${declared}\``, [inFile(file, changes)]);
}

/** The Web's Response, or hono's typed one (`Response & TypedResponse<...>`, from `c.json(...)`). */
function isResponse(symbols: HonestSymbols, type: ts.Type): boolean {
  const parts = type.isIntersection() ? type.types : [type];
  return parts.some((part) => symbols.isWebResponseType(factType(part)));
}

/** Union members as one type; `true | false`, which a union holds as two, is written `boolean`. */
function writtenUnion(members: readonly ts.Type[], written: (type: ts.Type) => string): string {
  const texts = members.map(written);
  const both = texts.includes("true") && texts.includes("false");
  const kept = both ? [...texts.filter((text) => text !== "true" && text !== "false"), "boolean"] : texts;
  return kept.length === 1 ? kept[0]! : kept.join(" | ");
}
