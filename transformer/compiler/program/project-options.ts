import path from "node:path";
import type ts from "typescript";
import { readClientFile } from "../client/client-options.js";
import type { DiagnosticSink } from "../diagnostics.js";
import type { VersioningModel } from "../model.js";
import { type OpenapiSettings, readOpenapiSettings } from "../openapi/openapi-options.js";
import { readVersioning } from "./versioning-option.js";

// honest's options (the tsconfig's plugin entry) as every host reads them:
// the OpenAPI document's settings and the client's file, with relative paths
// starting at the tsconfig.json's folder. A mistake in them is reported as a
// diagnostic of the setup, and the option is then left out.

export interface ProjectOptions {
  /** The OpenAPI document's settings; undefined when the `openapi` option is mistaken. */
  readonly openapi: OpenapiSettings | undefined;
  /** Where the client is written; undefined when not asked for, or mistaken. */
  readonly clientFile: string | undefined;
  /** Where a route's version goes (docs/guide/versions.md, "Where the version goes"); in the path when the option is mistaken. */
  readonly versioning: VersioningModel;
}

/** The tsconfig.json's folder, where relative paths in it start. */
export function projectDirectoryOf(program: ts.Program): string {
  const configFile = program.getCompilerOptions().configFilePath;
  return typeof configFile === "string" ? path.dirname(configFile) : program.getCurrentDirectory();
}

/** The options in `config`, the plugin entry; a mistake in the `openapi` option goes to `sink` before one in `client`. */
export function readProjectOptions(projectDirectory: string, config: unknown, sink: Pick<DiagnosticSink, "errorInSetup">): ProjectOptions {
  const settings = readOpenapiSettings(projectDirectory, config);
  if ("mistake" in settings) sink.errorInSetup(settings.mistake);
  const client = readClientFile(projectDirectory, config);
  if ("mistake" in client) sink.errorInSetup(client.mistake);
  const versioning = readVersioning(config);
  if ("mistake" in versioning) sink.errorInSetup(versioning.mistake);
  return {
    openapi: "settings" in settings ? settings.settings : undefined,
    clientFile: "file" in client ? client.file : undefined,
    versioning: "versioning" in versioning ? versioning.versioning : { in: "path" },
  };
}
