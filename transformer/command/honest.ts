#!/usr/bin/env node
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { transformerProject } from "./check-mode.js";
import { type Generation, ProjectGeneration, writeModule } from "./project-generation.js";
import type { ProjectCheck } from "./typescript-project-check.js";
import { watchProject } from "./watch-project.js";

// The `honest` command (docs/setup/typescript-7.md, "TypeScript 7: generator mode";
// docs/setup/checking-in-ci.md, "Checking in CI"):
//   honest generate [-p tsconfig.json] [--out src/honest.generated.ts] [--watch]
//   honest check [-p tsconfig.json] [--out ...] [--watch]
// `generate` analyses the project with TypeScript 7's API, whatever tsc the
// project uses, and writes the module that registers the routes. `check`
// prints honest's diagnostics for CI and editors: on a project tspc builds,
// analysed by the project's own TypeScript as the plugin analyses it;
// otherwise as `generate` does, failing too when the module is out of date.

const USAGE = `Usage:
  honest generate [-p tsconfig.json] [--out file.ts] [--watch]   write the module that registers every route
  honest check [-p tsconfig.json] [--out file.ts] [--watch]      report honest's errors; fail if the module is out of date

Options:
  -p, --project   the tsconfig.json (default: ./tsconfig.json)
  --out           where the module goes (default: honest.generated.ts beside the file that calls createApp())
  --watch         run again whenever a file of the project changes, framed as tsc --watch frames a compilation
`;

async function main(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    process.stderr.write(`honest: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { command, values } = parsed;
  if (values.help || command === undefined) {
    process.stdout.write(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command !== "generate" && command !== "check") {
    process.stderr.write(`honest: unknown command '${command}'\n\n${USAGE}`);
    return 2;
  }
  const cwd = process.cwd();
  const configFile = path.resolve(cwd, values.project ?? "tsconfig.json");
  if (!fs.existsSync(configFile)) {
    process.stderr.write(`honest: no ${path.relative(cwd, configFile)} here; name the project's tsconfig.json with -p.\n`);
    return 2;
  }
  // A project tspc builds has no module to compare (check-mode.ts); --out names one, so it means generator mode.
  const tspcProject = command === "check" && values.out === undefined ? transformerProject(configFile) : undefined;
  if (tspcProject) {
    const { TypescriptProjectCheck } = await import("./typescript-project-check.js");
    const projectCheck = new TypescriptProjectCheck(configFile, cwd, tspcProject.typescript);
    if (values.watch) {
      watchProject(projectCheck, path.dirname(configFile), (result) => printCheck(result, 0));
      return -1;
    }
    return printCheck(projectCheck.run(), 0) > 0 ? 1 : 0;
  }
  const generateCommand = [
    "npx honest generate",
    ...(values.project ? ["-p", values.project] : []),
    ...(values.out ? ["--out", values.out] : []),
  ].join(" ");
  const generation = new ProjectGeneration({
    configFile,
    cwd,
    command: generateCommand,
    writeDocument: command === "generate",
    ...(values.out !== undefined && { out: path.resolve(cwd, values.out) }),
  });
  if (values.watch) {
    watchProject(generation, path.dirname(configFile), (result, started) =>
      command === "generate" ? report(result, cwd, started) : check(result, cwd, generateCommand),
    );
    return -1;
  }
  try {
    const started = performance.now();
    const result = generation.run();
    const errors = command === "generate" ? report(result, cwd, started) : check(result, cwd, generateCommand);
    return errors > 0 ? 1 : 0;
  } finally {
    generation.close();
  }
}

function parse(argv: readonly string[]) {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      project: { type: "string", short: "p" },
      out: { type: "string" },
      watch: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (positionals.length > 1) throw new Error(`one command at a time, not '${positionals.join(" ")}'`);
  return { command: positionals[0], values };
}

/** `honest generate`'s report: diagnostics and what was written; the number of errors. */
function report(result: Generation, cwd: string, started: number): number {
  for (const line of result.diagnostics) process.stderr.write(`${line}\n`);
  const written = writeModule(result);
  const file = relative(cwd, result.moduleFile);
  const ms = Math.round(performance.now() - started);
  process.stdout.write(
    written
      ? `honest: wrote ${file} (${count(result.routeCount, "route")}) in ${ms} ms\n`
      : `honest: ${file} is up to date (${count(result.routeCount, "route")}, ${ms} ms)\n`,
  );
  if (result.importers.length === 0) {
    process.stderr.write(
      `honest: nothing imports ${file} yet: add import "./${path.basename(result.moduleFile).replace(/\.ts$/, ".js")}"; ` +
        "to the file that calls createApp(), or the app starts without its routes and says so.\n",
    );
  }
  if (result.errorCount === 0) return 0;
  process.stderr.write(
    result.errorCount === 1
      ? "honest: 1 error; the module records it, so the app refuses to start until it is fixed.\n"
      : `honest: ${result.errorCount} errors; the module records them, so the app refuses to start until they are fixed.\n`,
  );
  return result.errorCount;
}

/** `honest check` in generator mode: diagnostics, and whether the module on disk is the one `generate` would write now; the number of errors. */
function check(result: Generation, cwd: string, generateCommand: string): number {
  const current = fs.existsSync(result.moduleFile) ? fs.readFileSync(result.moduleFile, "utf8") : undefined;
  const stale = current !== undefined && current !== result.text;
  const staleLine = `${relative(cwd, result.moduleFile)}: error: the module is out of date with the controllers; run \`${generateCommand}\`.`;
  return printCheck(result, stale ? 1 : 0, stale ? [staleLine] : []);
}

/** `honest check`'s lines: honest's diagnostics, then `more` (`moreErrors` of them errors), then the count; the number of errors. */
function printCheck(result: ProjectCheck, moreErrors: number, more: readonly string[] = []): number {
  for (const line of [...result.diagnostics, ...more]) process.stdout.write(`${line}\n`);
  const errors = result.errorCount + moreErrors;
  process.stdout.write(errors > 0 ? `honest: ${count(errors, "error")}.\n` : `honest: no errors (${count(result.routeCount, "route")}).\n`);
  return errors;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function relative(cwd: string, file: string): string {
  return path.relative(cwd, file).split(path.sep).join("/");
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    // TypeScript 7's process failing to start (no binary for this platform), an unreadable tsconfig.json: said plainly, no stack.
    process.stderr.write(`honest: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
