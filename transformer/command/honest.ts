#!/usr/bin/env node
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { transformerProject, tspcOnTypescript7 } from "./check-mode.js";
import { type Generation, TYPESCRIPT7_INSTALL, writeModule } from "./generation.js";
import { honestManifest } from "./honest-manifest.js";
import { initProject } from "./init-project.js";
import { templateVersions } from "./project-templates.js";
import type { ProjectCheck } from "./typescript-project-check.js";
import { formatEnvListing } from "./env-listing.js";
import { typescript7WaysOut } from "./typescript7-tspc.js";
import { watchProject } from "./watch-project.js";

// The `honest` command (docs/setup/typescript-7.md, "TypeScript 7: generator mode";
// docs/setup/checking-in-ci.md, "Checking in CI"):
//   honest init [folder] [--typescript7] [--database]
//   honest generate [-p tsconfig.json] [--out src/honest.generated.ts] [--watch]
//   honest check [-p tsconfig.json] [--out ...] [--against openapi.json] [--env] [--watch]
// `generate` analyses the project with TypeScript 7's API, whatever tsc the
// project uses, and writes the module that registers the routes. `check`
// prints honest's diagnostics for CI and editors: on a project tspc builds,
// analysed by the project's own TypeScript as the plugin analyses it;
// otherwise as `generate` does, failing too when the module is out of date;
// with --against, failing on each change of the OpenAPI document that breaks
// a client of the committed one (docs/guide/openapi-and-clients.md, "Stopping a breaking change").

const USAGE = `Usage:
  honest init [folder] [--typescript7] [--database]              write a new project that builds, serves and tests (tspc on TypeScript 6;
                                                                 --typescript7: generator mode on TypeScript 7)
  honest generate [-p tsconfig.json] [--out file.ts] [--watch]   write the module that registers every route
  honest check [-p tsconfig.json] [--out file.ts] [--watch]      report honest's errors; fail if the module is out of date
               [--against openapi.json]                          and on each change that breaks a client of this OpenAPI document
               [--env]                                           and list the environment variables the program reads
  honest help                                                    print this

Options:
  -p, --project   the tsconfig.json (default: ./tsconfig.json)
  --out           where the module goes (default: honest.generated.ts beside the file that calls createApp())
  --against       check: the committed OpenAPI document clients were written against
  --env           check: list the environment variables the program's Env<T> fields read
  --watch         run again whenever a file of the project changes, framed as tsc --watch frames a compilation
  --typescript7   init: a TypeScript 7 project, built by honest generate and tsc
  --database      init: with a database (PGlite; PostgreSQL when DATABASE_URL is set), migrations and a transaction per request
  -v, --version   print honest's version
  -h, --help      print this
`;

const COMMANDS = ["init", "generate", "check", "help"];

async function main(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    process.stderr.write(`honest: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { command, values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`${honestManifest().version}\n`);
    return 0;
  }
  if (values.help || command === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (!COMMANDS.includes(command)) {
    process.stderr.write(`honest: unknown command '${command}'\n\n${USAGE}`);
    return 2;
  }
  const misplaced = misplacedOption(command, values);
  if (misplaced !== undefined || (command !== "init" && positionals.length > 1) || positionals.length > 2) {
    const what = misplaced === undefined ? `'${positionals.slice(command === "init" ? 2 : 1).join(" ")}'` : `--${misplaced}`;
    process.stderr.write(`honest: ${command} does not take ${what}\n\n${USAGE}`);
    return 2;
  }
  const cwd = process.cwd();
  const against = values.against === undefined ? undefined : { file: path.resolve(cwd, values.against), name: values.against };
  if (command === "init") {
    const outcome = initProject(cwd, {
      folder: positionals[1] ?? ".",
      mode: values.typescript7 ? "generator" : "transformer",
      database: values.database === true,
    });
    process.stdout.write(outcome.stdout);
    process.stderr.write(outcome.stderr);
    return outcome.status;
  }
  const configFile = path.resolve(cwd, values.project ?? "tsconfig.json");
  if (!fs.existsSync(configFile)) {
    process.stderr.write(`honest: no ${path.relative(cwd, configFile)} here; name the project's tsconfig.json with -p.\n`);
    return 2;
  }
  const typescript7 = command === "check" ? tspcOnTypescript7(configFile) : undefined;
  if (typescript7 !== undefined) {
    process.stderr.write(
      `honest: ${path.relative(cwd, configFile) || "tsconfig.json"} is set up for tspc (the "honest/transformer" entry, ts-patch installed), ` +
        `and the project's typescript is ${typescript7}: ts-patch cannot patch TypeScript 7, so tspc fails before honest runs. ` +
        `${capitalized(typescript7WaysOut(templateVersions(honestManifest()).typescript))}\n`,
    );
    return 2;
  }
  const listEnv = values.env === true;
  // A project tspc builds has no module to compare (check-mode.ts); --out names one, so it means generator mode.
  const tspcProject = command === "check" && values.out === undefined ? transformerProject(configFile) : undefined;
  if (tspcProject) {
    const { TypescriptProjectCheck } = await import("./typescript-project-check.js");
    const projectCheck = new TypescriptProjectCheck(configFile, cwd, tspcProject.typescript, against);
    if (values.watch) {
      watchProject(projectCheck, path.dirname(configFile), (result) => printCheck(result, listEnv, 0));
      return -1;
    }
    return printCheck(projectCheck.run(), listEnv, 0) > 0 ? 1 : 0;
  }
  const generateCommand = [
    "npx honest generate",
    ...(values.project ? ["-p", values.project] : []),
    ...(values.out ? ["--out", values.out] : []),
  ].join(" ");
  const ProjectGeneration = await projectGeneration();
  if (ProjectGeneration === undefined) {
    process.stderr.write(
      `honest: ${command} analyses this project with TypeScript 7's API, from the package typescript7, which is not installed; ` +
        `install it with: ${TYPESCRIPT7_INSTALL}\n`,
    );
    return 2;
  }
  const generation = new ProjectGeneration({
    configFile,
    cwd,
    command: generateCommand,
    writeDocument: command === "generate",
    ...(against !== undefined && { against }),
    ...(values.out !== undefined && { out: path.resolve(cwd, values.out) }),
  });
  if (values.watch) {
    watchProject(generation, path.dirname(configFile), (result, started) =>
      command === "generate" ? report(result, cwd, started) : check(result, cwd, generateCommand, listEnv),
    );
    return -1;
  }
  try {
    const started = performance.now();
    const result = generation.run();
    const errors = command === "generate" ? report(result, cwd, started) : check(result, cwd, generateCommand, listEnv);
    return errors > 0 ? 1 : 0;
  } finally {
    generation.close();
  }
}

const OPTIONS = {
  project: { type: "string", short: "p" },
  out: { type: "string" },
  against: { type: "string" },
  watch: { type: "boolean" },
  env: { type: "boolean" },
  typescript7: { type: "boolean" },
  database: { type: "boolean" },
  version: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * Generator mode's analysis, loaded only now: it imports TypeScript 7's API
 * from `typescript7`, an optional peer dependency of honest's that a project
 * tspc builds does without. Undefined when `typescript7` is not installed.
 */
async function projectGeneration(): Promise<typeof import("./project-generation.js").ProjectGeneration | undefined> {
  try {
    return (await import("./project-generation.js")).ProjectGeneration;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const missing = (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && /['"]typescript7[/'"]/.test(String(error));
    if (missing) return undefined;
    throw error;
  }
}

function parse(argv: readonly string[]) {
  try {
    const { positionals, values } = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });
    return { command: positionals[0], values, positionals };
  } catch (error) {
    // Node's own messages for these quote the option and advise `--`, which honest's commands never need.
    const code = (error as { code?: string }).code;
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) throw new Error(`unknown option ${option}`);
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) throw new Error(`${option.replace(/ <value>$/, "")} needs a value`);
    throw error;
  }
}

/** An option given to a command that has no use for it. */
function misplacedOption(command: string, values: ReturnType<typeof parse>["values"]): string | undefined {
  const allowed =
    command === "init"
      ? ["typescript7", "database"]
      : command === "check"
        ? ["project", "out", "against", "env", "watch"]
        : ["project", "out", "watch"];
  return Object.keys(values).find((option) => !allowed.includes(option) && option !== "help" && option !== "version");
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
function check(result: Generation, cwd: string, generateCommand: string, listEnv: boolean): number {
  const current = fs.existsSync(result.moduleFile) ? fs.readFileSync(result.moduleFile, "utf8") : undefined;
  const stale = current !== undefined && current !== result.text;
  const staleLine = `${relative(cwd, result.moduleFile)}: error: the module is out of date with the controllers; run \`${generateCommand}\`.`;
  return printCheck(result, listEnv, stale ? 1 : 0, stale ? [staleLine] : []);
}

/**
 * `honest check`'s lines: honest's diagnostics, then `more` (`moreErrors` of them errors), then with --env the
 * variables the program reads, then the count; the number of errors.
 */
function printCheck(result: ProjectCheck, listEnv: boolean, moreErrors: number, more: readonly string[] = []): number {
  for (const line of [...result.diagnostics, ...more]) process.stdout.write(`${line}\n`);
  if (listEnv) process.stdout.write(formatEnvListing(result.variables));
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
