import type ts from "typescript";
import type { HonestSymbols } from "../../compiler/analyse/honest-symbols.js";
import type { HonestCode } from "../../compiler/diagnostics.js";

// What a quick fix is given and gives: the node honest's diagnostic spans,
// with the program it was reported in, and plain text edits, which tsserver
// hands to the editor as they are. Each fix has a name, which is also its
// "fix all" id (docs/setup/editor.md, "Fix all in the file").

export interface FixRequest {
  readonly program: ts.Program;
  /** The project's own service, for what TypeScript already knows how to find (every use of a property). */
  readonly service: ts.LanguageService;
  readonly file: ts.SourceFile;
  /** The node honest's diagnostic spans. */
  readonly node: ts.Node;
  readonly symbols: HonestSymbols;
}

/** What one fix does at one diagnostic: the editor's title for it, and its edits. */
export interface FixEdits {
  readonly description: string;
  readonly changes: readonly ts.FileTextChanges[];
}

export interface QuickFix {
  /** The fix's name, and the id its "fix all" is asked for by. */
  readonly name: string;
  /** The codes of the diagnostics it answers. */
  readonly codes: readonly HonestCode[];
  /** The editor's title for fixing every such diagnostic of a file at once. */
  readonly fixAllDescription: string;
  /** The fix for the mistake at `request.node`, or undefined when the syntax there is not the mistake it fixes. */
  readonly edits: (request: FixRequest) => FixEdits | undefined;
}

export function fixEdits(description: string, changes: readonly ts.FileTextChanges[]): FixEdits {
  return { description, changes };
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
