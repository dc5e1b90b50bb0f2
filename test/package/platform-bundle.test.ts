import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { repositoryRoot } from "../support/working-tree.js";

// README, "Adding honest to a project": "honest" imports nothing from node:*,
// so an app bundles for any Hono runtime (Bun, Deno, Cloudflare Workers)
// without Node compatibility flags. The example's app (example/dist/app.js,
// everything but main.js, which serves it with "honest/node") is bundled
// for the browser platform, where esbuild refuses any Node built-in; its
// database drivers, which it imports only when it opens its database, are
// left out, as a worker's bundle leaves them (docs/guide/databases.md, "On
// Cloudflare Workers"). Swagger
// UI's files, which createApp({ openapi: { docs } }) reads from the
// swagger-ui-dist package on disk, stay out of it (docs/guide/openapi-and-clients.md,
// "Serving the document and the documentation page").

/** A stretch of each of Swagger UI's files in swagger-ui-dist, from the middle, where only its own code is. */
function swaggerUiSamples(): string[] {
  const folder = path.join(repositoryRoot, "node_modules/swagger-ui-dist");
  return ["swagger-ui-bundle.js", "swagger-ui.css"].map((file) => {
    const text = readFileSync(path.join(folder, file), "utf8");
    return text.slice(text.length / 2, text.length / 2 + 200);
  });
}

describe("the example app bundled for a runtime that is not Node", () => {
  it("bundles without errors, and the bundle imports nothing from node:* or @hono/node-server", async () => {
    const result = await build({
      entryPoints: [path.join(exampleDir, "dist/app.js")],
      bundle: true,
      platform: "browser",
      format: "esm",
      external: ["pg", "@electric-sql/pglite"],
      write: false,
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    const [bundle] = result.outputFiles;
    const code = bundle!.text;
    expect(code).toContain("Route mappings:"); // the runtime is in it, not left out
    // Statements only: Kysely's doc comments, which the bundle keeps, show `import path from 'node:path'` to their readers.
    expect(code).not.toMatch(/^\s*(?:import|export)\b[^\n]*\bfrom\s*["']node:|\b(?:import|require)\s*\(\s*["']node:/m);
    expect(code).not.toContain("@hono/node-server");
    for (const sample of swaggerUiSamples()) expect(code).not.toContain(sample);
  });
});
