import { defineConfig, type TestProjectConfiguration } from "vitest/config";
import honest from "../transformer/vite/index.js";

// Four projects: everything that loads the example as tspc built it
// (example/dist) or compiles fixtures itself; test/example-source, which
// imports the example's TypeScript sources through honest/vite, as a user's
// Vitest set-up does (docs/guide/testing-with-vitest.md, "Testing with Vitest"); and the example's HTTP
// tests again, against the example as `honest generate` and TypeScript 7's tsc
// build it (docs/setup/typescript-7.md, "TypeScript 7: generator mode"); and the diagnostics
// tests again, every fixture also analysed as `honest check` analyses it.
//
// `--mode quick` (npm run test:quick) is the contributor's faster loop: the
// first two projects only, without what needs the registry, a browser or
// another runtime, and without the fuzz runs (npm run fuzz) and tspc's watch
// and incremental builds, the slowest of the rest (docs/contributing.md,
// "Tests and lint").
const QUICK_EXCLUDE = ["test/package/**", "test/runtimes/**", "test/example/docs-page.test.ts", "test/fuzz/**", "test/tspc/**"];

/** The diagnostics and the example's tests run again, each another way. */
const slowProjects: TestProjectConfiguration[] = [
  {
    extends: true,
    test: {
      // The diagnostics tests again, each fixture also analysed as `honest check` does (support/check-fixture.ts).
      name: "diagnostics-by-check",
      include: ["test/compiler/*diagnostics.test.ts"],
      env: { HONEST_FIXTURE_CHECK: "1" },
    },
  },
  {
    extends: true,
    test: {
      name: "example-generated",
      include: ["test/example/**/*.test.ts"],
      // npm run dev is tspc's watch mode; the page in Chromium shows the same document, checked equal in test/command.
      exclude: ["test/example/dev-script.test.ts", "test/example/docs-page.test.ts"],
      globalSetup: ["test/support/generated-example.ts"],
      env: { HONEST_EXAMPLE_DIST: "test/.out/example-ts7/dist" },
    },
  },
];

export default defineConfig(({ mode }) => ({
  test: {
    // Fixtures are compiled with the real TypeScript program: seconds, not milliseconds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "honest",
          include: ["test/**/*.test.ts"],
          exclude: ["test/example-source/**", ...(mode === "quick" ? QUICK_EXCLUDE : [])],
          // One folder per run, where the files that install honest's tarball pack it once (support/packed-tarball.ts).
          globalSetup: ["test/support/pack-once.ts"],
        },
      },
      {
        extends: true,
        plugins: [honest({ tsconfig: "example/tsconfig.json" })],
        test: { name: "example-source", include: ["test/example-source/**/*.test.ts"] },
      },
      ...(mode === "quick" ? [] : slowProjects),
    ],
  },
}));
