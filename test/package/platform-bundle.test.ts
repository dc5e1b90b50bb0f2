import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";

// README, "Adding honest to a project": "honest" imports nothing from node:*,
// so an app bundles for any Hono runtime (Bun, Deno, Cloudflare Workers)
// without Node compatibility flags. The example's app (example/dist/app.js,
// everything but main.js, which serves it with "honest/node") is bundled
// for the browser platform, where esbuild refuses any Node built-in.

describe("the example app bundled for a runtime that is not Node", () => {
  it("bundles without errors, and the bundle imports nothing from node:* or @hono/node-server", async () => {
    const result = await build({
      entryPoints: [path.join(exampleDir, "dist/app.js")],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    const [bundle] = result.outputFiles;
    const code = bundle!.text;
    expect(code).toContain("Route mappings:"); // the runtime is in it, not left out
    expect(code).not.toMatch(/(?:from|import|require)\s*\(?\s*["']node:/);
    expect(code).not.toContain("@hono/node-server");
  });
});
