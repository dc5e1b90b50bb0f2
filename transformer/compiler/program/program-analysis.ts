import { type AnalysisOptions, analyseProgram } from "../analyse/analyse-program.js";
import { programClient } from "../client/program-client.js";
import type { DiagnosticSink } from "../diagnostics.js";
import type { CompilerFacts } from "../facts/compiler-facts.js";
import type { ProgramModel } from "../model.js";
import type { CommittedDocumentName } from "../openapi/breaking-change-gate.js";
import { programOpenapi } from "../openapi/program-openapi.js";
import { type ProjectOptions, readProjectOptions } from "./project-options.js";

// A program analysed once with honest's options, and the back-ends' files
// made from that one analysis: what every host starts from, whichever
// compiler reads the program (TypeScript 5.9 or 6 for the plugin, honest/vite
// and `honest check`; TypeScript 7 for `honest generate`).

export interface ProgramAnalysis {
  readonly model: ProgramModel;
  readonly options: ProjectOptions;
}

/** A mistake in the options is reported first, then the program's diagnostics, to `sink`. */
export function analyseWithOptions(
  facts: CompilerFacts,
  projectDirectory: string,
  config: unknown,
  sink: DiagnosticSink,
  analysisOptions?: AnalysisOptions,
): ProgramAnalysis {
  const options = readProjectOptions(projectDirectory, config, sink);
  return { model: analyseProgram(facts, sink, { ...analysisOptions, versioning: options.versioning }), options };
}

export interface OutputOptions {
  /** The committed document to check for breaking changes, instead of the options' `against`. */
  readonly against?: CommittedDocumentName | undefined;
  /** false: a check, which writes neither the document nor the client. */
  readonly write?: boolean;
}

/**
 * The OpenAPI document, checked against the committed one when asked and
 * written to its file, then the client written to its own: the document's
 * compact JSON text is returned for the `createApp()` calls that serve it.
 */
export function programOutputs(
  { model, options }: ProgramAnalysis,
  sink: DiagnosticSink,
  { against, write = true }: OutputOptions = {},
): string | undefined {
  const settings = options.openapi && { ...options.openapi, ...(against && { against }) };
  const openapi = settings && programOpenapi(model, settings, sink, write);
  if (write) programClient(model, options.clientFile);
  return openapi;
}
