import { defineConfig } from "vitest/config";
import honest from "../transformer/vite/index.js";

// Two projects: everything that loads the example as tspc built it
// (example/dist) or compiles fixtures itself, and test/example-source, which
// imports the example's TypeScript sources through honest/vite, as a user's
// Vitest set-up does (README, "Testing with Vitest").
export default defineConfig({
  test: {
    // Fixtures are compiled with the real TypeScript program: seconds, not milliseconds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: "honest", include: ["test/**/*.test.ts"], exclude: ["test/example-source/**"] },
      },
      {
        extends: true,
        plugins: [honest({ tsconfig: "example/tsconfig.json" })],
        test: { name: "example-source", include: ["test/example-source/**/*.test.ts"] },
      },
    ],
  },
});
