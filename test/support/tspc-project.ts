import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { watched, type Watched } from "./watched-process.js";

// A user project in test/.out/<name> built from the command line as a user
// builds one: tspc (plain, --incremental, -b or --watch) with the built
// plugin named in tsconfig.json, its output run with node. "honest" resolves
// to this package (the project sits inside it), so the runtime is the
// freshly built dist/.

const root = path.resolve(import.meta.dirname, "../..");
export const tspc = path.join(root, "node_modules/ts-patch/bin/tspc.js");

export interface Command {
  readonly status: number | null;
  /** Standard output and standard error, in that order. */
  readonly output: string;
}

export interface TspcProject {
  readonly dir: string;
  write(file: string, text: string): void;
  /** Replaces `from` (which must occur) with `to` in a source file. */
  edit(file: string, from: string, to: string): void;
  /** `tspc` with these arguments, in the project. */
  tspc(...args: string[]): Command;
  /** `node <script>` in the project. */
  node(script?: string, env?: NodeJS.ProcessEnv): Command;
  /** A long-running process in the project, its output collected. */
  spawn(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): Watched;
}

export function tspcProject(
  name: string,
  files: Readonly<Record<string, string>>,
  compilerOptions: Record<string, unknown> = {},
): TspcProject {
  const dir = path.join(root, "test/.out", name);
  rmSync(dir, { recursive: true, force: true });
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write(
    "tsconfig.json",
    JSON.stringify(
      {
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          strict: true,
          skipLibCheck: true,
          types: ["node"],
          rootDir: "src",
          outDir: "dist",
          plugins: [{ transform: path.join(root, "dist/cjs/transformer/index.js") }],
          ...compilerOptions,
        },
        include: ["src"],
      },
      null,
      2,
    ),
  );
  for (const [file, text] of Object.entries(files)) write(file, text);
  return tspcProjectIn(dir);
}

/**
 * A copy of `project` in test/.out/`name`, what its builds wrote included
 * (tsbuildinfo, dist/), timestamps kept for `tspc -b`'s up-to-date check: a
 * build done once for several tests.
 */
export function copyTspcProject(project: TspcProject, name: string): TspcProject {
  const dir = path.join(root, "test/.out", name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(project.dir, dir, { recursive: true, preserveTimestamps: true });
  return tspcProjectIn(dir);
}

function tspcProjectIn(dir: string): TspcProject {
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const run = (command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Command => {
    const result = spawnSync(command, args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...env }, timeout: 120_000 });
    if (result.error) throw result.error;
    return { status: result.status, output: result.stdout + result.stderr };
  };
  return {
    dir,
    write,
    edit(file, from, to) {
      const text = readFileSync(path.join(dir, file), "utf8");
      if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
      write(file, text.replace(from, to));
    },
    tspc: (...args) => run(process.execPath, [tspc, ...args]),
    node: (script = "dist/main.js", env = {}) => run(process.execPath, [script], env),
    spawn: (command, args, env = {}) => watched(spawn(command, args, { cwd: dir, env: { ...process.env, ...env } })),
  };
}
