import type { DiagnosticSink } from "../diagnostics.js";
import type { ProgramModel } from "../model.js";
import { reportBreakingChanges } from "./breaking-change-gate.js";
import { openapiDocument } from "./openapi-document.js";
import type { OpenapiSettings } from "./openapi-options.js";
import { writeWhenChanged } from "../text/written-files.js";

/**
 * The program's OpenAPI document, when the plugin options name a file or a
 * `createApp()` call serves it: written to the file (formatted, as people
 * read it), and returned as compact JSON text for the calls. A program with
 * honest errors gets none: its build failed, and its app refuses to start.
 * With `against`, the document is first checked for breaking changes from
 * the committed one (reported to `sink`), and a build that breaks it leaves
 * the file as it was, so the break is reported again until it is fixed or
 * accepted. `write` false: a check, which writes nothing.
 */
export function programOpenapi(model: ProgramModel, settings: OpenapiSettings, sink: DiagnosticSink, write = true): string | undefined {
  const served = model.createAppCalls.some((call) => call.servesOpenapi);
  const { file, against } = settings;
  if ((file === undefined && !served && against === undefined) || model.errors.length > 0) return undefined;
  const document = openapiDocument(model, settings.info, settings.openapiVersion, settings.servers);
  const broken = against === undefined ? 0 : reportBreakingChanges(model, document, against, file, sink);
  if (write && file !== undefined && broken === 0) writeWhenChanged(file, `${JSON.stringify(document, null, 2)}\n`);
  return served ? JSON.stringify(document) : undefined;
}
