import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What a user sees from the command line: tspc runs the plugin named in
// tsconfig.json, prints honest's diagnostics like TypeScript's own, and
// exits non-zero.

const root = path.resolve(import.meta.dirname, "../..");
const tspc = path.join(root, "node_modules/ts-patch/bin/tspc.js");

const missingPath = `import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller()
export class ItemController {
  @Get("/items/{id}")
  async get(): Promise<Json<string>> { return ""; }
}
`;
const missingPathError =
  "src/items.ts(7,9): error TS991009: GET /items/{id} (ItemController.get): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.";

/** A project in test/.out/<name> whose tsconfig names the built transformer. */
function project(name: string, items: string): string {
  const dir = path.join(root, "test/.out", name);
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
  writeFileSync(path.join(dir, "src/items.ts"), items);
  return dir;
}

describe("tspc", () => {
  it("reports honest's diagnostics with file, line and column, and fails the build", () => {
    const dir = project("tspc-diagnostics", missingPath);
    const result = spawnSync(process.execPath, [tspc, "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
    expect(result.stdout).toBe(`${missingPathError}\n`);
    expect(result.status).not.toBe(0);
  });

  it("reports the same diagnostics once per compilation in --watch mode, and again after an edit", async () => {
    const dir = project("tspc-watch", missingPath);
    const watcher = spawn(process.execPath, [tspc, "-p", "tsconfig.json", "--watch", "--preserveWatchOutput"], { cwd: dir });
    let output = "";
    watcher.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const compilations = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error(`no ${count} compilation(s) in time:\n${output}`)), 30_000);
        const check = setInterval(() => {
          if ((output.match(/Watching for file changes/g) ?? []).length >= count) {
            clearInterval(check);
            clearTimeout(deadline);
            resolve();
          }
        }, 50);
      });
    try {
      await compilations(1);
      // An edit that keeps the mistake and adds one: both are reported, each once.
      writeFileSync(
        path.join(dir, "src/items.ts"),
        `${missingPath}\n@Controller()\nexport class OtherController {\n  @Get("/other/{id}")\n  async get(): Promise<Json<string>> { return ""; }\n}\n`,
      );
      await compilations(2);
    } finally {
      watcher.kill();
    }
    const [first, second] = output.split(/Watching for file changes\.\s*/);
    const honest = (text: string) => text.split("\n").filter((line) => line.includes("error TS991"));
    expect(honest(first!)).toEqual([missingPathError]);
    expect(honest(second!)).toEqual([
      missingPathError,
      "src/items.ts(13,9): error TS991009: GET /other/{id} (OtherController.get): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.",
    ]);
  });
});
