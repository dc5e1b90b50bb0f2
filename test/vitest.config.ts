import { availableParallelism } from "node:os";
import { defineConfig, type TestProjectConfiguration } from "vitest/config";
import honest from "../transformer/vite/index.js";
import { QUICK_EXCLUDE, SUITE_PROJECTS, type SuiteProjectName } from "./support/suite-projects.js";

// Nine projects (which files each runs: support/suite-projects.ts). `npm
// test` proves the code: `honest` (runtime, hosts, commands, agreement),
// `compiler` (the transformer's fixtures), `example-source` (the example's
// TypeScript sources imported through honest/vite, as a user's Vitest set-up
// does: docs/guide/testing-with-vitest.md, "Testing with Vitest"),
// `diagnostics-by-check` (the diagnostics tests again, every fixture also
// analysed as `honest check` analyses it) and `example-generated` (the
// example's HTTP tests again, against the example as `honest generate` and
// TypeScript 7's tsc build it: docs/setup/typescript-7.md, "TypeScript 7:
// generator mode"); it runs them as `--mode code`. `npm run test:package`
// proves the package as users install it (`--project=package`), `npm run
// test:platforms` the other runtimes and the browser (`--project=platforms`),
// `npm run test:postgres` the example's HTTP tests and the database tests on a
// real PostgreSQL server, which it starts (`--project=postgres`: docs/guide/databases.md,
// "Testing"), and `npm run test:redis` what holds across instances on a real
// Redis server (`--project=redis`: docs/guide/several-instances.md, "Testing
// across instances"); without a mode, as `npm run test:all` runs it, all nine run at once.
//
// `--mode quick` (npm run test:quick) is the contributor's faster loop:
// `honest`, `compiler` and `example-source` without the fuzz runs and tspc's
// watch and incremental builds (docs/contributing.md, "Tests and lint").
//
// Every file has a time budget in each project that runs it
// (test/time-budgets.json, checked by support/time-budget-reporter.ts).

function files(name: SuiteProjectName, quick = false): { include: string[]; exclude: string[] } {
  const { include, exclude } = SUITE_PROJECTS[name];
  return { include: [...include], exclude: [...exclude, ...(quick ? QUICK_EXCLUDE : [])] };
}

/** What `npm test` runs beyond the quick loop. */
const slowCodeProjects: TestProjectConfiguration[] = [
  {
    extends: true,
    test: {
      name: "diagnostics-by-check",
      ...files("diagnostics-by-check"),
      env: { HONEST_FIXTURE_CHECK: "1" },
      // One module graph per worker, so one TypeScript 7 API process serves all its fixtures (support/check-fixture.ts).
      isolate: false,
      restoreMocks: true,
    },
  },
  {
    extends: true,
    test: {
      name: "example-generated",
      ...files("example-generated"),
      globalSetup: ["test/support/generated-example.ts"],
      env: { HONEST_EXAMPLE_DIST: "test/.out/example-ts7/dist" },
    },
  },
];

/** npm run test:package's, npm run test:platforms', npm run test:postgres' and npm run test:redis'. */
const outsideNpmTest: TestProjectConfiguration[] = [
  {
    extends: true,
    test: {
      name: "package",
      ...files("package"),
      // One folder per run, where the files that install honest's tarball pack it once (support/packed-tarball.ts).
      globalSetup: ["test/support/pack-once.ts"],
    },
  },
  { extends: true, test: { name: "platforms", ...files("platforms") } },
  {
    extends: true,
    test: {
      name: "postgres",
      ...files("postgres"),
      // One server for the run; each file makes a database of its own on it (support/example-database.ts).
      globalSetup: ["test/support/postgres-server.ts"],
      setupFiles: ["test/support/postgres-file.ts"],
    },
  },
  // Each file starts the Redis servers it needs (support/redis-server.ts).
  { extends: true, test: { name: "redis", ...files("redis") } },
];

export default defineConfig(({ mode }) => {
  const quick = mode === "quick";
  return {
    test: {
      // Fixtures are compiled with the real TypeScript program: seconds, not milliseconds.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      reporters: ["default", "./test/support/time-budget-reporter.ts"],
      // Vitest's default, one fewer than the cores, but two at least: on two
      // cores that default is one file at a time, while much of the suite
      // waits on child processes, installs and sockets, time a second file uses.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: { name: "honest", ...files("honest", quick) },
        },
        {
          extends: true,
          test: {
            name: "compiler",
            ...files("compiler", quick),
            // Every file compiles fixtures with the same modules (TypeScript, the transformer, the runtime):
            // imported once per worker instead of once per file. Each fixture has a folder of its own, and
            // spies are restored after each test, so no file sees what another left.
            isolate: false,
            restoreMocks: true,
          },
        },
        {
          extends: true,
          plugins: [honest({ tsconfig: "example/tsconfig.json" })],
          test: { name: "example-source", ...files("example-source", quick) },
        },
        ...(quick ? [] : slowCodeProjects),
        ...(quick || mode === "code" ? [] : outsideNpmTest),
      ],
    },
  };
});
