import type { DiagnosticSink } from "../diagnostics.js";
import type { CompilerFacts } from "../facts/compiler-facts.js";
import type { VersioningModel } from "../model.js";
import { HonestSymbols } from "./honest-symbols.js";
import { JsonShapes } from "./json-shapes.js";

// What every analysis step shares for one program: the compiler's facts
// (compiler-facts.ts), the recognition of honest's own names, the
// program-wide table of JSON shapes, and where diagnostics go. Built once by
// analyseProgram and passed first to each step that reports or needs more
// than one of these; pure helpers that need only the facts or the symbols
// take just that.

export interface AnalysisContext {
  readonly facts: CompilerFacts;
  readonly symbols: HonestSymbols;
  readonly shapes: JsonShapes;
  readonly sink: DiagnosticSink;
  /** Where a route's version goes, from the plugin entry (docs/guide/versions.md, "Where the version goes"). */
  readonly versioning: VersioningModel;
}

export function createAnalysisContext(
  facts: CompilerFacts,
  sink: DiagnosticSink,
  versioning: VersioningModel = { in: "path" },
): AnalysisContext {
  const symbols = new HonestSymbols(facts);
  return { facts, symbols, shapes: new JsonShapes(symbols), sink, versioning };
}
