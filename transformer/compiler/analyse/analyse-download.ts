import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { DownloadModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { unionMembers } from "./analyse-stream.js";

// A file answer's declared type, `Download<Type>` (docs/guide/files.md,
// "Files"): the media types `Type` names, one string literal or a union of
// them, which the document lists and the sender checks the answer against;
// `application/octet-stream` when it is left out. They are kept in the order
// they are written (through the program's aliases), which the type checker's
// union does not keep from one program to the next.

type Analysed = { readonly download: DownloadModel } | { readonly mistake: HonestMessage; readonly node: ts.Node };

/** A media type as RFC 9110 §8.3.1 writes it: `type/subtype`, each a token, then parameters, if any. */
const MEDIA_TYPE =
  /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*;[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+=(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+|"[^"\\]*"))*$/;

export function analyseDownload(context: AnalysisContext, typeArgument: ts.TypeNode | undefined): Analysed {
  if (!typeArgument) return { download: { mediaTypes: ["application/octet-stream"] } };
  const { facts } = context;
  const mediaTypes: string[] = [];
  const members = unionMembers(context, typeArgument).flatMap((node) => {
    const type = facts.typeOfTypeNode(node);
    return facts.unionMembers(type) ?? [type];
  });
  for (const member of members) {
    const value = facts.literalValue(member);
    if (typeof value !== "string" || !MEDIA_TYPE.test(value)) {
      return { mistake: messages.FileAnswer.mediaType({ written: typeArgument.getText() }), node: typeArgument };
    }
    if (!mediaTypes.includes(value)) mediaTypes.push(value);
  }
  return { download: { mediaTypes } };
}
