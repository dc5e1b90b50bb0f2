import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Fixtures are compiled with the real TypeScript program: seconds, not milliseconds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
