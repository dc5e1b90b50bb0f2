import path from "node:path";
import type ts from "typescript";
import type { DiagnosticSink, HonestMessage } from "../compiler/diagnostics.js";

// honest's diagnostics as `honest check` and `honest generate` print them,
// the way tsc prints its own (docs/reference/diagnostics.md, "Compile-time diagnostics"):
//   src/items/item.controller.ts(12,3): error TS991009: GET /items/{id} (ItemController.get): ...
// with file names relative to the folder the command runs in.

export interface PrintedDiagnostics extends DiagnosticSink {
  /** Every diagnostic so far, errors and warnings, in the order reported. */
  readonly lines: readonly string[];
}

export function printedDiagnostics(cwd: string): PrintedDiagnostics {
  const lines: string[] = [];
  const errors: string[] = [];
  const report =
    (category: "error" | "warning") =>
    (node: ts.Node, { code, text: message }: HonestMessage): void => {
      const file = node.getSourceFile();
      const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
      const name = path.relative(cwd, file.fileName).split(path.sep).join("/");
      const printed = `${name}(${line + 1},${character + 1}): ${category} TS${code}: ${message}`;
      lines.push(printed);
      if (category === "error") errors.push(printed);
    };
  return {
    error: report("error"),
    warning: report("warning"),
    errorInSetup: ({ code, text: message }) => {
      lines.push(`error TS${code}: ${message}`);
      errors.push(`error TS${code}: ${message}`);
    },
    errorInFile: ({ fileName, lines: fileLines }, offset, { code, text: message }) => {
      const { line, column } = fileLines.positionOf(offset);
      const printed = `${path.relative(cwd, fileName).split(path.sep).join("/")}(${line},${column}): error TS${code}: ${message}`;
      lines.push(printed);
      errors.push(printed);
    },
    lines,
    errors,
  };
}
