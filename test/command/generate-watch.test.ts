import { spawn } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { childEnv } from "../support/commands.js";
import { copyExampleForGenerator, honestBin } from "../support/generated-example.js";
import { type Watched, watched } from "../support/watched-process.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode": `honest generate --watch` writes
// the module again after each change to a controller, once per burst of
// changes (a new controller file included), and not at all when a change
// leaves the module's text as it was.

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/generator-watch");
let watcher: Watched | undefined;

afterAll(async () => {
  await watcher?.stop();
});

it("writes the module again after a controller changes, and reports a mistake with file and line", async () => {
  copyExampleForGenerator(dir);
  watcher = watched(spawn(process.execPath, [honestBin, "generate", "--watch"], { cwd: dir, env: childEnv() }));
  await watcher.waitFor(/Found 0 errors\. Watching for file changes\./);
  await watcher.waitFor(/honest: wrote src\/honest\.generated\.ts \(24 routes\)/);

  const controller = path.join(dir, "src/todos/todo.controller.ts");
  const original = readFileSync(controller, "utf8");
  // Saved as many editors save: a new file renamed over the old one.
  writeFileSync(`${controller}.tmp`, original.replace('@Get("/todos")', '@Get("/todos/all")'));
  renameSync(`${controller}.tmp`, controller);
  await watcher.waitFor(/honest: wrote src\/honest\.generated\.ts \(24 routes\)/, 2);
  expect(readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8")).toContain('["GET", "/todos/all", "list"]');

  // A placeholder the handler does not take: the diagnostic, and the module records the error.
  writeFileSync(controller, original.replace('@Get("/todos")', '@Get("/todos/{id}")'));
  const output = await watcher.waitFor(/error TS991009/);
  expect(output).toMatch(/src\/todos\/todo\.controller\.ts\(\d+,\d+\): error TS991009: GET \/api\/todos\/\{id\} \(TodoController\.list\)/);
  await watcher.waitFor(/honest: 1 error; the module records it/);
  expect(readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8")).toContain("errors: [");

  writeFileSync(controller, original);
  await watcher.waitFor(/honest: wrote src\/honest\.generated\.ts \(24 routes\)/, 3);
  expect(readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8")).not.toContain("errors: [");

  // A new file: the project's file list is read again.
  writeFileSync(
    path.join(dir, "src/todos/done.controller.ts"),
    'import { Controller, Get } from "honest";\nimport type { Json } from "honest";\n\n@Controller()\nexport class DoneController {\n  @Get("/done")\n  async done(): Promise<Json<boolean>> {\n    return true;\n  }\n}\n',
  );
  await watcher.waitFor(/honest: wrote src\/honest\.generated\.ts \(25 routes\)/);
  expect(readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8")).toContain("import * as __honest_import_");
  expect(readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8")).toContain('from "./todos/done.controller.js";');
});
