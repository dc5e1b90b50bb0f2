import path from "node:path";
import { describe, expect, it } from "vitest";
import honest from "../../transformer/vite/index.js";
import { writeProject } from "../support/vite-project.js";

// Vitest 4's experimental.fsModuleCache keys each module by its own text, but
// honest's output for a file depends on other files (createApp() mounts every
// controller): the plugin keeps the program's files out of that cache.

describe("honest/vite and Vitest's file system module cache", () => {
  it("keeps the files the tsconfig names out of it, and leaves other modules to it", () => {
    const dir = writeProject("vite-file-cache", {
      "src/app.ts": 'import { createApp } from "honest";\n\nexport const app = createApp();\n',
    });
    const plugin = honest();
    (plugin.configResolved as (config: { root: string }) => void)({ root: dir });
    let generator: ((context: { id: string }) => false | undefined) | undefined;
    const watcher = { on: () => watcher, emit: () => true };
    plugin.configureVitest({ vitest: { vite: { watcher } }, experimental_defineCacheKeyGenerator: (given) => (generator = given) });
    expect(generator!({ id: path.join(dir, "src/app.ts") })).toBe(false);
    expect(generator!({ id: path.join(dir, "test/app.test.ts") })).toBeUndefined();
    expect(generator!({ id: path.join(dir, "src/styles.css") })).toBeUndefined();
  });
});
