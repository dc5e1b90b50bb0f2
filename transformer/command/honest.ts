#!/usr/bin/env node
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Generation, ProjectGeneration, writeModule } from "./project-generation.js";
import { watchProject } from "./watch-project.js";

// The `honest` command (README, "TypeScript 7: generator mode"):
//   honest generate [-p tsconfig.json] [--out src/honest.generated.ts] [--watch]
//   honest check [-p tsconfig.json] [--out ...]
// Both analyse the project with TypeScript 7's API, whatever tsc the project
// uses. `generate` writes the module that registers the routes; `check`
// prints honest's diagnostics, and fails when the module is out of date, for
// CI and editors (tsc 7 cannot show a plugin's errors).

const USAGE = `Usage:
  honest generate [-p tsconfig.json] [--out file.ts] [--watch]   write the module that registers every route
  honest check [-p tsconfig.json] [--out file.ts]                report honest's errors; fail if the module is out of date

Options:
  -p, --project   the tsconfig.json (default: ./tsconfig.json)
  --out           where the module goes (default: honest.generated.ts beside the file that calls createApp())
  --watch         generate again whenever a file of the project changes
`;

function main(argv: readonly string[]): number {
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
  if (command === "generate" && values.watch) {
    watchProject(generation, path.dirname(configFile), (result, started) => report(result, cwd, started));
    return -1;
  }
  try {
    const started = performance.now();
    const result = generation.run();
    if (command === "generate") return report(result, cwd, started);
    return check(result, cwd, generateCommand);
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

/** `honest generate`'s report: diagnostics, what was written, and the exit code. */
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
  return 1;
}

/** `honest check`: diagnostics, and whether the module on disk is the one `generate` would write now. */
function check(result: Generation, cwd: string, generateCommand: string): number {
  for (const line of result.diagnostics) process.stdout.write(`${line}\n`);
  let failed = result.errorCount > 0;
  const file = relative(cwd, result.moduleFile);
  const current = fs.existsSync(result.moduleFile) ? fs.readFileSync(result.moduleFile, "utf8") : undefined;
  if (current !== undefined && current !== result.text) {
    process.stdout.write(`${file}: error: the module is out of date with the controllers; run \`${generateCommand}\`.\n`);
    failed = true;
  }
  const errors = result.errorCount + (current !== undefined && current !== result.text ? 1 : 0);
  process.stdout.write(failed ? `honest: ${count(errors, "error")}.\n` : `honest: no errors (${count(result.routeCount, "route")}).\n`);
  return failed ? 1 : 0;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function relative(cwd: string, file: string): string {
  return path.relative(cwd, file).split(path.sep).join("/");
}

let code: number;
try {
  code = main(process.argv.slice(2));
} catch (error) {
  // TypeScript 7's process failing to start (no binary for this platform), an unreadable tsconfig.json: said plainly, no stack.
  process.stderr.write(`honest: ${error instanceof Error ? error.message : String(error)}\n`);
  code = 2;
}
if (code >= 0) process.exitCode = code;
