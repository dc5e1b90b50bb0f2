import type ts from "typescript";
import type { Emitter } from "typescript7/unstable/sync";
import { printModule } from "../compiler/generate/factories/typescript7-syntax-factory.js";

// The generated module's text, printed by TypeScript 7's printer a few
// statements a request: its API sends a tree to print as one encoded message,
// and one message for a whole module of thousands of routes (tens of
// megabytes) took longer than the same tree sent in parts. The printer writes
// each statement on its own lines, so the parts' texts joined are the whole
// module's text (docs/setup/typescript-7.md, "What is unstable").

const STATEMENTS_A_REQUEST = 50;

export function printModuleInParts(statements: readonly ts.Statement[], emitter: Emitter, fileName: string): string {
  let text = "";
  for (let start = 0; start < statements.length; start += STATEMENTS_A_REQUEST) {
    text += printModule(statements.slice(start, start + STATEMENTS_A_REQUEST), emitter, fileName);
  }
  return text;
}
