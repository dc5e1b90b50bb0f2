import type ts from "typescript";
import { programDriver } from "../compiler/program/program-driver.js";
import { guardPartialBuilds } from "./builds/partial-builds.js";

// The ts-patch plugin, a "program" transformer:
//   "plugins": [{ "transform": "honest/transformer", "openapi": "openapi.json" }]
// It is the program's driver (compiler/program/program-driver.ts), with
// what only tspc needs: guards for its builds that emit part of a program.

export interface TransformerExtras {
  readonly addDiagnostic: (diagnostic: ts.Diagnostic) => unknown;
  /** ts-patch's list of the program's plugin diagnostics, which it adds to each emit's. */
  readonly diagnostics?: ts.Diagnostic[];
  /** Which TypeScript ts-patch runs in: "tsc" for tspc. */
  readonly library?: string;
}

export default function honestTransformer(
  program: ts.Program,
  config?: unknown,
  extras?: TransformerExtras,
): ts.TransformerFactory<ts.SourceFile> {
  const driver = programDriver(program, config, (diagnostic) => extras?.addDiagnostic(diagnostic));
  // tspc --noEmit: ts-patch asks for the transformers and adds the plugins' diagnostics to the emit's result even
  // then, but TypeScript transforms no file, so analysis runs now (docs/setup/checking-in-ci.md, "Checking in CI").
  if (extras?.library === "tsc" && program.getCompilerOptions().noEmit) driver.model();
  // tspc's --watch, incremental and -b builds emit only what changed (docs/setup/watch-mode.md, "Watch mode and incremental builds").
  if (extras?.library === "tsc") guardPartialBuilds(program, driver.model, driver.analysed, extras.diagnostics);
  return driver.factory;
}
