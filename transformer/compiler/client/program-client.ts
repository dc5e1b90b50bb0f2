import type { ProgramModel } from "../model.js";
import { writeWhenChanged } from "../text/written-files.js";
import { clientModule } from "./client-module.js";

/**
 * Writes the program's client to `file` when its text changed. A program
 * with honest errors gets none, as it gets no OpenAPI document: its build
 * failed, and the client would describe an app that refuses to start.
 */
export function programClient(model: ProgramModel, file: string | undefined): void {
  if (file === undefined || model.errors.length > 0) return;
  writeWhenChanged(file, clientModule(model));
}
