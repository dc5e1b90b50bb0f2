import type ts from "typescript";
import type { HonestSymbols } from "../../compiler/analyse/honest-symbols.js";

// What a quick fix is given and gives: the node honest's diagnostic spans,
// with the program it was reported in, and a ts.CodeFixAction of plain text
// edits, which tsserver hands to the editor as they are.

export interface FixRequest {
  readonly program: ts.Program;
  /** The project's own service, for what TypeScript already knows how to find (every use of a property). */
  readonly service: ts.LanguageService;
  readonly file: ts.SourceFile;
  /** The node honest's diagnostic spans. */
  readonly node: ts.Node;
  readonly symbols: HonestSymbols;
}

/** A fix for the mistake at `request.node`, or undefined when the syntax there is not the mistake it fixes. */
export type QuickFix = (request: FixRequest) => ts.CodeFixAction | undefined;

export function codeFix(fixName: string, description: string, changes: readonly ts.FileTextChanges[]): ts.CodeFixAction {
  return { fixName, description, changes: [...changes] };
}

/** Edits to one file, in any order: tsserver and editors apply them against the text as it was. */
export function inFile(file: ts.SourceFile, textChanges: readonly ts.TextChange[]): ts.FileTextChanges {
  return { fileName: file.fileName, textChanges: [...textChanges] };
}

export function insertion(position: number, text: string): ts.TextChange {
  return { span: { start: position, length: 0 }, newText: text };
}

export function replacement(node: ts.Node, text: string): ts.TextChange {
  const start = node.getStart();
  return { span: { start, length: node.getEnd() - start }, newText: text };
}
