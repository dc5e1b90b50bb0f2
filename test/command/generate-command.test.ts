import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "../support/commands.js";
import { exampleDir } from "../support/example.js";
import { copyExampleForGenerator, generateAndCompile, honest, MODULE_IMPORT, tsc7 } from "../support/generated-example.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode": `honest generate` and `honest check`
// on a copy of the example, as a TypeScript 7 user runs them, and what a
// module older than its controllers does at startup.

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/generator-command");
const moduleFile = path.join(dir, "src/honest.generated.ts");
const todoController = path.join(dir, "src/todos/todo.controller.ts");

const ADDED_ROUTE = `
  /** How many to-dos there are. */
  @Get("/todos/count")
  async count(): Promise<Json<number>> {
    return this.#todos.length;
  }
}
`;

function addRoute(): void {
  const text = readFileSync(todoController, "utf8");
  writeFileSync(todoController, text.replace(/\}\n$/, ADDED_ROUTE));
}

function startMain(): ReturnType<typeof run> {
  // The app refuses at createApp(), before it listens; a current module would listen (PORT=0), so end it after its table.
  return run(
    process.execPath,
    ["-e", 'process.env.PORT = "0"; import("./dist/main.js").then(() => setTimeout(() => process.exit(0), 300))'],
    dir,
  );
}

beforeAll(() => {
  copyExampleForGenerator(dir);
}, 120_000);

describe("honest generate", () => {
  it("writes honest.generated.ts beside app.ts, the file that calls createApp(), and says how many routes it registers", () => {
    const result = honest(["generate"], dir);
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toMatch(/^honest: wrote src\/honest\.generated\.ts \(24 routes\) in \d+ ms\n$/);
    const text = readFileSync(moduleFile, "utf8");
    expect(text.startsWith("// @ts-nocheck\n// Written by `npx honest generate` from ../tsconfig.json.")).toBe(true);
    expect(text).toContain('import * as __honest from "honest/internal";');
    expect(text).toContain('import * as __honest_import_admin_admin_controller from "./admin/admin.controller.js";');
    expect(text).toContain("__honest.defineController(__honest_import_admin_admin_controller.AdminController, {\n    routes: [");
    expect(text).toContain('__honest.defineGeneratedApp({\n    command: "npx honest generate",');
    // Middleware stays with the decorators; handlers are called as written.
    expect(text).not.toMatch(/\buse: \[|\bsynchronous: /);
  });

  it("leaves the file as it is when nothing changed", () => {
    const before = statSync(moduleFile).mtimeMs;
    const result = honest(["generate"], dir);
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toMatch(/^honest: src\/honest\.generated\.ts is up to date \(24 routes, \d+ ms\)\n$/);
    expect(statSync(moduleFile).mtimeMs).toBe(before);
  });

  it("with tsc 7, builds an app whose OpenAPI document is the transformer's, byte for byte", () => {
    generateAndCompile(dir);
    expect(readFileSync(path.join(dir, "dist/openapi.json"), "utf8")).toBe(
      readFileSync(path.join(exampleDir, "dist/openapi.json"), "utf8"),
    );
  });
});

describe("honest check", () => {
  it("reports no errors on the example, with its module current", () => {
    const result = honest(["check"], dir);
    expect(result.output).toContain("honest: no errors (24 routes).");
    expect(result.status).toBe(0);
  });
});

describe("a module older than its controllers", () => {
  it("fails honest check, naming the command that writes it again", () => {
    addRoute();
    const result = honest(["check"], dir);
    expect(result.stdout).toBe(
      "src/honest.generated.ts: error: the module is out of date with the controllers; run `npx honest generate`.\nhonest: 1 error.\n",
    );
    expect(result.status).toBe(1);
  });

  it("makes the app refuse to start, naming the route and the command, until it is generated again", () => {
    const compile = run(process.execPath, [tsc7, "-p", "tsconfig.json"], dir);
    expect(compile.status, compile.output).toBe(0);
    const stale = startMain();
    expect(stale.status).not.toBe(0);
    expect(stale.output).toContain("GET /api/todos/count (TodoController.count)");
    expect(stale.output).toContain("npx honest generate");
    expect(stale.output).not.toContain("Route mappings:");

    generateAndCompile(dir);
    const current = startMain();
    expect(current.status, current.output).toBe(0);
    expect(current.output).toMatch(/ {2}GET +\/api\/todos\/count +→ TodoController\n/);
  });
});

describe("a project that does not import the module", () => {
  it("is warned by honest generate, and its app refuses at createApp() with what to do", () => {
    const app = path.join(dir, "src/app.ts");
    writeFileSync(app, readFileSync(app, "utf8").replace(MODULE_IMPORT, ""));
    const generate = honest(["generate"], dir);
    expect(generate.status, generate.output).toBe(0);
    expect(generate.output).toContain(
      'honest: nothing imports src/honest.generated.ts yet: add import "./honest.generated.js"; to the file that calls createApp()',
    );
    const compile = run(process.execPath, [tsc7, "-p", "tsconfig.json"], dir);
    expect(compile.status, compile.output).toBe(0);
    const started = startMain();
    expect(started.status).not.toBe(0);
    expect(started.output).toContain("honest generate");
  });
});
