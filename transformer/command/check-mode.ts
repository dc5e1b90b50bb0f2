import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type ts from "typescript";
import { MODULE_NAME } from "./generation.js";
import { pluginEntryOf } from "./tsconfig-plugin-entry.js";

// Which way `honest check` analyses a project (docs/setup/checking-in-ci.md, "Checking in CI").
// A project that tspc builds (the honest entry in its tsconfig's plugins,
// its own `typescript` 5.9 or 6, no file importing a generated module) is
// analysed in process by that TypeScript, as tspc's plugin analyses it; any
// other (TypeScript 7, no plugin entry, or a generated module imported) is
// analysed by TypeScript 7's API, as `honest generate` does, and also
// checked for a module out of date.

export interface TransformerProject {
  /** The project's own TypeScript, resolved from the tsconfig's folder. */
  readonly typescript: typeof ts;
  readonly parsed: ts.ParsedCommandLine;
}

/** The project as tspc builds it, or undefined when it is a generator-mode project. */
export function transformerProject(configFile: string): TransformerProject | undefined {
  if (Object.keys(pluginEntryOf(configFile)).length === 0) return undefined;
  const manifest = typescriptManifest(configFile);
  if (!manifest || Number.parseInt(manifest.version, 10) >= 7) return undefined;
  const typescript = createRequire(configFile)("typescript") as typeof ts;
  const parsed = parseConfig(typescript, configFile);
  const importsModule = parsed.fileNames.some((file) => importsGeneratedModule(fs.readFileSync(file, "utf8")));
  return importsModule ? undefined : { typescript, parsed };
}

/**
 * The TypeScript 7 a project set up for tspc resolves (its tsconfig has the transform entry, and ts-patch is
 * installed): ts-patch cannot patch it, so tspc crashes before honest runs. Undefined for any other project.
 */
export function tspcOnTypescript7(configFile: string): string | undefined {
  if (typeof pluginEntryOf(configFile).transform !== "string") return undefined;
  const manifest = typescriptManifest(configFile);
  if (!manifest || Number.parseInt(manifest.version, 10) < 7 || !typescriptManifest(configFile, "ts-patch")) return undefined;
  return manifest.version;
}

/** The tsconfig as TypeScript reads it (files listed afresh); its unrecoverable mistakes thrown as tsc words them. */
export function parseConfig(typescript: typeof ts, configFile: string): ts.ParsedCommandLine {
  const host: ts.ParseConfigFileHost = {
    ...typescript.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(typescript.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  };
  const parsed = typescript.getParsedCommandLineOfConfigFile(configFile, undefined, host);
  if (!parsed) throw new Error(`TypeScript could not read ${configFile}`);
  return parsed;
}

/**
 * The package.json of the `typescript` the project's folder resolves, found
 * as Node looks for a package: TypeScript 7's package need not let
 * `require("typescript")` load anything.
 */
export function typescriptManifest(configFile: string, name = "typescript"): { readonly version: string } | undefined {
  for (const folder of createRequire(configFile).resolve.paths(name) ?? []) {
    const manifest = path.join(folder, name, "package.json");
    if (fs.existsSync(manifest)) return JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  }
  return undefined;
}

const GENERATED_IMPORT = new RegExp(
  String.raw`\bimport\s*(?:[^"';]*\bfrom\s*)?["']\.{1,2}/(?:[^"']*/)?${MODULE_NAME.replace(/\.ts$/, "").replace(/\./g, "\\.")}(?:\.[cm]?[jt]s)?["']`,
);

function importsGeneratedModule(text: string): boolean {
  return GENERATED_IMPORT.test(text);
}
