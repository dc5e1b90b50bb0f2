import { spawnSync } from "node:child_process";

// Commands run as a user runs them (npm, npx, node) in a project of their
// own: the output kept for the assertion's message, the environment free of
// what an enclosing `npm test` says about this repository.

export interface RunOptions {
  /** Variables added to the environment. */
  readonly env?: Record<string, string>;
  /** Milliseconds before the command is killed; 4 minutes unless told. */
  readonly timeout?: number;
}

export interface CommandResult {
  readonly status: number | null;
  readonly stdout: string;
  /** The command line, then what it printed on stdout and stderr. */
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

export function run(command: string, args: readonly string[], cwd: string, options: RunOptions = {}): CommandResult {
  const result = spawnSync(command, args, {
    cwd,
    env: childEnv(options.env),
    encoding: "utf8",
    timeout: options.timeout ?? 240_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, output: `$ ${command} ${args.join(" ")}\n${result.stdout}${result.stderr}` };
}

export function runOrThrow(command: string, args: readonly string[], cwd: string, options: RunOptions = {}): CommandResult {
  const result = run(command, args, cwd, options);
  if (result.status !== 0) throw new Error(`exit code ${result.status}\n${result.output}`);
  return result;
}
