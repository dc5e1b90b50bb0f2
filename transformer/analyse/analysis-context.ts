import type ts from "typescript";
import type { DiagnosticSink } from "../diagnostics.js";
import { HonestSymbols } from "./honest-symbols.js";
import { JsonShapes } from "./json-shapes.js";

// What every analysis step shares for one program: the type checker, the
// recognition of honest's own names, the program-wide table of JSON shapes,
// and where diagnostics go. Built once by analyseProgram and passed first to
// each step that reports or needs more than one of these; pure helpers that
// need only the checker or the symbols take just that.

export interface AnalysisContext {
  readonly checker: ts.TypeChecker;
  readonly symbols: HonestSymbols;
  readonly shapes: JsonShapes;
  readonly sink: DiagnosticSink;
}

export function createAnalysisContext(program: ts.Program, sink: DiagnosticSink): AnalysisContext {
  const symbols = new HonestSymbols(program);
  return { checker: symbols.checker, symbols, shapes: new JsonShapes(program, symbols), sink };
}
