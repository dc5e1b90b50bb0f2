import { spawnSync } from "node:child_process";
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "./http.js";

// A real PostgreSQL server for the tests of the "postgres" Vitest project
// (npm run test:postgres, and test:all as CI runs it): Vitest's global setup,
// so it starts once per run however many files use it, and is stopped and
// removed when the run ends. initdb writes a new cluster into a temporary
// folder, and the server listens on a free port of 127.0.0.1 (and on a unix
// socket in that folder) with trust authentication, no fsync: a throwaway
// server. PostgreSQL refuses to run as root, which these machines run tests
// as: as root, initdb and the server run as Debian's `postgres` user (or
// `nobody` where there is none), through runuser, in a folder given to that
// user. Its binaries are found on PATH, else under /usr/lib/postgresql/<version>/bin,
// where Debian's `postgresql` package (15 or later, which .ci/run installs)
// puts them (docs/contributing.md, "Tests and lint").

declare module "vitest" {
  export interface ProvidedContext {
    /** `postgres://honest@127.0.0.1:<port>/postgres`: the test server's own database, from which each file makes its own. */
    postgresUrl: string;
  }
}

/** The oldest PostgreSQL the example is tested against. */
const OLDEST_MAJOR = 15;
const SUPERUSER = "honest";

export interface PostgresServer {
  /** The `postgres` database, as the superuser `honest`, over TCP. */
  readonly url: string;
  /** PostgreSQL's major version. */
  readonly major: number;
  stop(): void;
}

/** The folder of PostgreSQL's initdb and pg_ctl: on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresBinaries(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir !== "" && isExecutable(path.join(dir, "initdb")) && isExecutable(path.join(dir, "pg_ctl"))) return dir;
  }
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name) && isExecutable(path.join(debian, name, "bin/pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] !== undefined) return path.join(debian, versions[0], "bin");
  throw new Error(
    `PostgreSQL ${OLDEST_MAJOR} or later is needed for these tests, and no initdb and pg_ctl were found on PATH or under ${debian}/*/bin: ` +
      "install Debian's postgresql package (apt-get install postgresql, as .ci/run does) or your system's",
  );
}

/** Starts a new server in a temporary folder; `stop()` stops it and removes the folder. */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinaries();
  const runAs = unprivilegedUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), "honest-postgres-"));
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const run = (command: string, args: readonly string[]): string => {
    const [file, argv] = runAs ? ["runuser", ["-u", runAs.name, "--", path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { cwd: dir, encoding: "utf8", timeout: 120_000 });
    if (result.error) throw result.error;
    if (result.status !== 0) {
      const logged = existsSync(log) ? `\nserver log:\n${readFileSync(log, "utf8")}` : "";
      throw new Error(`${command} ${args.join(" ")} exited with ${result.status}:\n${result.stdout}${result.stderr}${logged}`);
    }
    return result.stdout;
  };
  try {
    const major = Number(/(\d+)/.exec(run("pg_ctl", ["--version"]))?.[1]);
    if (!(major >= OLDEST_MAJOR)) throw new Error(`PostgreSQL ${OLDEST_MAJOR} or later is needed; ${bin} has ${major}`);
    run("initdb", ["-D", data, "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"]);
    const port = await freePort();
    // pg_ctl hands -o to the server through a shell: the folder's name is mkdtemp's, letters and digits only.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    run("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", options, "start"]);
    const stop = () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`, major, stop };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Vitest's global setup: one server for the run, its URL given to the test files (`inject("postgresUrl")`). */
export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgresServer();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}

/** Who runs the server when this process is root: `postgres` where Debian's package made it, else `nobody`. */
function unprivilegedUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    const uid = idOf(name, "-u");
    const gid = idOf(name, "-g");
    if (uid !== undefined && gid !== undefined) return { name, uid, gid };
  }
  throw new Error("these tests run as root, which PostgreSQL refuses, and neither a postgres nor a nobody user exists to run it as");
}

function idOf(name: string, flag: "-u" | "-g"): number | undefined {
  const result = spawnSync("id", [flag, name], { encoding: "utf8" });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
