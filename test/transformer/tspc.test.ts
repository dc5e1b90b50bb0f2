import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What a user sees from the command line: tspc runs the plugin named in
// tsconfig.json, prints honest's diagnostics like TypeScript's own, and
// exits non-zero.

const root = path.resolve(import.meta.dirname, "../..");

describe("tspc", () => {
  it("reports honest's diagnostics with file, line and column, and fails the build", () => {
    const dir = path.join(root, "test/.out/tspc-diagnostics");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.join(dir, "src"), { recursive: true });
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          strict: true,
          skipLibCheck: true,
          types: [],
          rootDir: "src",
          outDir: "dist",
          plugins: [{ transform: path.join(root, "dist/cjs/transformer/index.js") }],
        },
        include: ["src"],
      }),
    );
    writeFileSync(
      path.join(dir, "src/items.ts"),
      `import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller()
export class ItemController {
  @Get("/items/{id}")
  async get(): Promise<Json<string>> { return ""; }
}
`,
    );
    const result = spawnSync(process.execPath, [path.join(root, "node_modules/ts-patch/bin/tspc.js"), "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
    expect(result.stdout).toBe(
      "src/items.ts(7,9): error TS991009: GET /items/{id} (ItemController.get): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.\n",
    );
    expect(result.status).not.toBe(0);
  });
});
