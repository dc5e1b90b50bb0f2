import type ts from "typescript";
import { parserDeclaration } from "./parse-programmer.js";
import { reporterDeclaration } from "./report-programmer.js";
import type { ShapeFunctions } from "./shape-functions.js";
import { writerDeclaration } from "./write-programmer.js";

/**
 * The declarations of every function a file's generated code asked
 * `functions` for, and of those their bodies ask for in turn, in that order.
 */
export function shapeFunctionDeclarations(functions: ShapeFunctions): ts.FunctionDeclaration[] {
  const declarations: ts.FunctionDeclaration[] = [];
  for (let next = functions.nextToDeclare(); next; next = functions.nextToDeclare()) {
    if (next.kind === "parse") declarations.push(parserDeclaration(next, functions));
    else if (next.kind === "report") declarations.push(reporterDeclaration(next, functions));
    else declarations.push(writerDeclaration(next, functions));
  }
  return declarations;
}
