import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CommandResult, run, runOrThrow } from "./commands.js";
import { nodeTsconfig } from "./node-tsconfig.js";

// The example built as a TypeScript 7 user builds it (docs/setup/typescript-7.md, "TypeScript 7:
// generator mode"): its sources copied as they are, plus the one import of the
// generated module in app.ts (the file that calls createApp()), then
// `honest generate` and TypeScript 7's own tsc, with no plugin and no ts-patch.
// Inside this repository, `honest` resolves to the package itself (its
// built dist/), as it does for example/.

const root = path.resolve(import.meta.dirname, "../..");
/** honest's command as the package's `bin` runs it. */
export const honestBin = path.join(root, "dist/esm/transformer/command/honest.js");
/** TypeScript 7's tsc, from the typescript7 alias honest depends on. */
export const tsc7 = path.join(root, "node_modules/typescript7/bin/tsc");
export const generatedExampleDir = path.join(root, "test/.out/example-ts7");

export const MODULE_IMPORT = 'import "./honest.generated.js";\n';

/** Copies the example into `dir` with the generated module imported by src/app.ts. */
export function copyExampleForGenerator(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(root, "example/src"), path.join(dir, "src"), { recursive: true });
  cpSync(path.join(root, "example/tsconfig.json"), path.join(dir, "tsconfig.json"));
  const app = path.join(dir, "src/app.ts");
  writeFileSync(app, MODULE_IMPORT + readFileSync(app, "utf8"));
}

/**
 * A project of `files` (paths under `dir`, src/app.ts importing the generated module first) for
 * `honest generate` and tsc 7, its tsconfig's plugin entry `{ transform: "honest/transformer", ...plugin }`.
 */
export function writeGeneratorProject(
  dir: string,
  files: Readonly<Record<string, string>>,
  plugin: Readonly<Record<string, unknown>>,
): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "src"), { recursive: true });
  for (const [file, text] of Object.entries(files))
    writeFileSync(path.join(dir, file), file === "src/app.ts" ? MODULE_IMPORT + text : text);
  const plugins = [{ transform: "honest/transformer", ...plugin }];
  const compilerOptions = { moduleResolution: "nodenext", lib: ["es2023"], types: ["node"], rootDir: "src", outDir: "dist", plugins };
  writeFileSync(path.join(dir, "tsconfig.json"), nodeTsconfig(compilerOptions));
}

export function honest(args: readonly string[], cwd: string): CommandResult {
  return run(process.execPath, [honestBin, ...args], cwd);
}

/** `honest generate`, then tsc 7, in `dir`; throws with their output on failure. */
export function generateAndCompile(dir: string): { readonly generate: CommandResult; readonly compile: CommandResult } {
  const generate = runOrThrow(process.execPath, [honestBin, "generate"], dir);
  const compile = runOrThrow(process.execPath, [tsc7, "-p", "tsconfig.json"], dir);
  return { generate, compile };
}

/** Vitest's globalSetup for the "example-generated" project: the example's HTTP tests then load this build. */
export default function setup(): void {
  copyExampleForGenerator(generatedExampleDir);
  generateAndCompile(generatedExampleDir);
}
