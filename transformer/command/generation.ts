import type { CommittedDocumentName } from "../compiler/openapi/breaking-change-gate.js";
import fs from "node:fs";
import path from "node:path";
import type { ProgramModel } from "../compiler/model.js";
import type { ListedVariable } from "./env-listing.js";

// What `honest generate` and `honest check` share about the generated module,
// apart from project-generation.ts, which loads TypeScript 7's API: the
// `honest` command loads that only in generator mode, so that a project tspc
// builds needs no `typescript7` installed (docs/setup/typescript-7.md,
// "TypeScript 7: generator mode").

/** The TypeScript 7 whose API generator mode is written against (`typescript7` in honest's peerDependencies, pinned: the API changes between releases). */
export const TYPESCRIPT7_VERSION = "7.0.2";

/** How a project installs it, as honest's messages say. */
export const TYPESCRIPT7_INSTALL = `npm install --save-dev --save-exact typescript7@npm:typescript@${TYPESCRIPT7_VERSION}`;

export interface GenerationOptions {
  /** The tsconfig.json, absolute. */
  readonly configFile: string;
  /** Where to write the module, absolute; by default `honest.generated.ts` beside the first createApp() call. */
  readonly out?: string;
  /** The command that writes the module, as the user runs it, for messages. */
  readonly command: string;
  /** Where file names in messages are relative to. */
  readonly cwd: string;
  /** Whether to write the OpenAPI document's file the plugin entry names (`honest check` writes nothing). */
  readonly writeDocument?: boolean;
  /** `honest check --against`: the committed OpenAPI document to check for breaking changes, instead of the plugin options' `against`. */
  readonly against?: CommittedDocumentName;
}

export interface Generation {
  readonly moduleFile: string;
  /** The module's text; written only by `write`. */
  readonly text: string;
  /** honest's diagnostics, as tsc prints them. */
  readonly diagnostics: readonly string[];
  readonly errorCount: number;
  readonly routeCount: number;
  /** What the program's Env<T> fields read, for `honest check --env`. */
  readonly variables: readonly ListedVariable[];
  /** Files of the program that import the module (none means the app would start without its routes). */
  readonly importers: readonly string[];
}

export const MODULE_NAME = "honest.generated.ts";

/** Absolute paths of the files that changed since the last run. */
export interface FileChanges {
  readonly changed: readonly string[];
  readonly created: readonly string[];
  readonly deleted: readonly string[];
}

/** Writes the module when its text changed (a rebuild by tsc --watch or a bundler then sees no change); whether it wrote. */
export function writeModule(generation: Generation): boolean {
  const current = fs.existsSync(generation.moduleFile) ? fs.readFileSync(generation.moduleFile, "utf8") : undefined;
  if (current === generation.text) return false;
  fs.mkdirSync(path.dirname(generation.moduleFile), { recursive: true });
  fs.writeFileSync(generation.moduleFile, generation.text);
  return true;
}

export function routeCount(model: ProgramModel): number {
  return model.controllers.reduce((count, controller) => count + controller.routes.length, 0);
}
