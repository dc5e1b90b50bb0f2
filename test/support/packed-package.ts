import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { exampleDir } from "./example.js";

// honest as a user meets it: `npm pack`'s tarball, installed into a fresh
// project under the system temp directory. Packing runs in a copy of the
// working tree (without dist/ and node_modules/, which is linked), so that its
// `prepare` build does not rewrite this repository's dist/ while other test
// files load from it.

const root = path.resolve(import.meta.dirname, "../..");
const COMMAND_TIMEOUT = 180_000;

export interface CommandResult {
  readonly status: number | null;
  /** The command line, then its stdout and stderr. */
  readonly output: string;
}

/** The environment for child npm/node processes, without what an enclosing `npm test` or `npx` says about this repository. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_package_|npm_lifecycle_|npm_command$|npm_config_local_prefix$|npm_config_call$|init_cwd$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = childEnv()): CommandResult {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: COMMAND_TIMEOUT, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  const output = `$ ${command} ${args.join(" ")}\n${result.stdout}${result.stderr}`;
  return { status: result.status, output };
}

export function runOrThrow(command: string, args: readonly string[], cwd: string): void {
  const result = run(command, args, cwd);
  if (result.status !== 0) throw new Error(`exit code ${result.status}\n${result.output}`);
}

/** What the copy of the working tree leaves out: what a build or install makes, and git's data. */
function isBuildOutput(relative: string): boolean {
  const parts = relative.split(path.sep);
  return (
    ["node_modules", "dist", ".git"].includes(parts[0]!) ||
    parts.includes("node_modules") ||
    relative === path.join("example", "dist") ||
    relative === path.join("test", ".out") ||
    relative.endsWith(".tgz")
  );
}

/** Packs honest with `npm pack` (which runs the `prepare` build) into `tempDir`; returns the tarball's path. */
export function packHonest(tempDir: string): string {
  const staging = path.join(tempDir, "honest");
  const packDir = path.join(tempDir, "pack");
  mkdirSync(packDir);
  cpSync(root, staging, { recursive: true, filter: (source) => !isBuildOutput(path.relative(root, source)) });
  symlinkSync(path.join(root, "node_modules"), path.join(staging, "node_modules"), "dir");
  runOrThrow("npm", ["pack", "--pack-destination", packDir], staging);
  const tarballs = readdirSync(packDir).filter((file) => file.endsWith(".tgz"));
  if (tarballs.length !== 1 || !/^honest-\d+\.\d+\.\d+.*\.tgz$/.test(tarballs[0]!)) {
    throw new Error(`npm pack made ${JSON.stringify(tarballs)}, not one honest-<version>.tgz`);
  }
  return path.join(packDir, tarballs[0]!);
}

/** The example's tsconfig.json as a user writes it: the same options, the plugin by its package name. */
export function userTsconfig(): string {
  const { config, error } = ts.readConfigFile(path.join(exampleDir, "tsconfig.json"), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const compilerOptions = { ...config.compilerOptions, plugins: [{ transform: "honest/transformer" }] };
  return JSON.stringify({ ...config, compilerOptions }, null, 2) + "\n";
}
