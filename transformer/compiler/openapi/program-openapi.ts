import type { ProgramModel } from "../model.js";
import { openapiDocument } from "./openapi-document.js";
import { type OpenapiSettings, writeDocument } from "./openapi-options.js";

/**
 * The program's OpenAPI document, when the plugin options name a file or a
 * `createApp()` call serves it: written to the file (formatted, as people
 * read it), and returned as compact JSON text for the calls. A program with
 * honest errors gets none: its build failed, and its app refuses to start.
 */
export function programOpenapi(model: ProgramModel, settings: OpenapiSettings): string | undefined {
  const served = model.createAppCalls.some((call) => call.servesOpenapi);
  if ((settings.file === undefined && !served) || model.errors.length > 0) return undefined;
  const document = openapiDocument(model, settings.info);
  if (settings.file !== undefined) writeDocument(settings.file, `${JSON.stringify(document, null, 2)}\n`);
  return served ? JSON.stringify(document) : undefined;
}
