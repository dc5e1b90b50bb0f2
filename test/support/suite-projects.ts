// Which test files each Vitest project runs (test/vitest.config.ts), as data:
// the config builds its projects from it, and test/repository/time-budgets.test.ts
// reads it to know which files need a time budget in which project
// (docs/contributing.md, "Tests and lint").
//
// `npm test` runs every project but `package`, `platforms`, `postgres` and `redis` (`--mode code`); `npm run
// test:package`, `npm run test:platforms`, `npm run test:postgres` and `npm run test:redis` run those four; `--mode quick`
// (npm run test:quick) runs `honest`, `compiler` and `example-source` only,
// without QUICK_EXCLUDE.

export interface SuiteProject {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

/** What needs the registry (installs of the packed tarball): npm run test:package. */
const PACKAGE = ["test/package/**"];
/** What needs a browser or another runtime (Bun, Deno, workerd): npm run test:platforms. */
const PLATFORMS = ["test/runtimes/**", "test/example/docs-page.test.ts"];
/** The example's HTTP tests, run again by the projects that build or store the example another way. */
const EXAMPLE_AGAIN = {
  include: ["test/example/**/*.test.ts"],
  exclude: ["test/example/dev-script.test.ts", "test/example/docs-page.test.ts"],
};
/** The compiler's fixtures: one module graph per worker, not per file (vitest.config.ts says why). */
const COMPILER = ["test/compiler/**"];

/** Left out of `--mode quick`: the fuzz runs (npm run fuzz) and tspc's watch and incremental builds, the slowest of the rest. */
export const QUICK_EXCLUDE = ["test/fuzz/**", "test/tspc/**"];

export const SUITE_PROJECTS = {
  honest: { include: ["test/**/*.test.ts"], exclude: ["test/example-source/**", "test/redis/**", ...COMPILER, ...PACKAGE, ...PLATFORMS] },
  compiler: { include: COMPILER.map((folder) => `${folder}/*.test.ts`), exclude: [] },
  "example-source": { include: ["test/example-source/**/*.test.ts"], exclude: [] },
  // The diagnostics tests again, each fixture also analysed as `honest check` does (support/check-fixture.ts).
  "diagnostics-by-check": { include: ["test/compiler/*diagnostics.test.ts"], exclude: [] },
  // The example's tests again, against the example as `honest generate` and TypeScript 7's tsc build it;
  // npm run dev is tspc's watch mode, and the page in Chromium shows the same document, checked equal in test/command.
  "example-generated": EXAMPLE_AGAIN,
  package: { include: PACKAGE.map((folder) => `${folder}/*.test.ts`), exclude: [] },
  platforms: { include: PLATFORMS.map((pattern) => (pattern.endsWith("/**") ? `${pattern}/*.test.ts` : pattern)), exclude: [] },
  // The example's HTTP tests and the database tests again, on a real PostgreSQL server (support/postgres-server.ts),
  // a database of its own for each file: npm run test:postgres, which needs PostgreSQL 15 or later (.ci/run installs it).
  postgres: { include: [...EXAMPLE_AGAIN.include, "test/database/**/*.test.ts"], exclude: EXAMPLE_AGAIN.exclude },
  // What holds across instances, on a real Redis server each file starts (support/redis-server.ts), often with several
  // processes of the example: npm run test:redis, which needs redis-server (.ci/run installs it).
  redis: { include: ["test/redis/**/*.test.ts"], exclude: [] },
} as const satisfies Record<string, SuiteProject>;

export type SuiteProjectName = keyof typeof SUITE_PROJECTS;

/** Whether `file` (a path from the repository's root, with `/`) is one `project` runs. */
export function projectRuns(project: SuiteProject, file: string): boolean {
  return project.include.some((pattern) => globMatches(pattern, file)) && !project.exclude.some((pattern) => globMatches(pattern, file));
}

/** The globs used above: `**` any folders, `*` any name within one. */
function globMatches(pattern: string, file: string): boolean {
  const source = pattern
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) =>
      part === "**/" ? "(?:.*/)?" : part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`).test(file);
}
