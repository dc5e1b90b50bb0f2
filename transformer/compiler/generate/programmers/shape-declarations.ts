import type ts from "typescript";
import type { GenerationContext } from "../generation-context.js";
import { parserDeclaration } from "./parse-programmer.js";
import { reporterDeclaration } from "./report-programmer.js";
import { writerDeclaration } from "./write-programmer.js";

/**
 * The declarations of every function a file's generated code asked its
 * shape functions for, and of those their bodies ask for in turn, in that order.
 */
export function shapeFunctionDeclarations(generation: GenerationContext): ts.FunctionDeclaration[] {
  const declarations: ts.FunctionDeclaration[] = [];
  const { functions } = generation;
  for (let next = functions.nextToDeclare(); next; next = functions.nextToDeclare()) {
    if (next.kind === "parse") declarations.push(parserDeclaration(next, generation));
    else if (next.kind === "report") declarations.push(reporterDeclaration(next, generation));
    else declarations.push(writerDeclaration(next, generation));
  }
  return declarations;
}
