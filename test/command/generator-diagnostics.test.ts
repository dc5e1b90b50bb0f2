import { rmSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { honest } from "../support/generated-example.js";
import { nodeTsconfig } from "../support/node-tsconfig.js";
import { writeFiles } from "../support/user-project.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode" (what only this mode asks of your
// code): the generated module imports every class it registers, so a class
// declared but not exported is an error with file, line and the fix, from
// `honest check` and `honest generate` alike, where the transformer needs
// none (it writes beside the class).

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/generator-diagnostics");

const TSCONFIG = nodeTsconfig({ types: ["node"], rootDir: "src", outDir: "dist" });

it("reports each class the module cannot import at the class, and a controller once", () => {
  rmSync(dir, { recursive: true, force: true });
  writeFiles(dir, {
    "tsconfig.json": TSCONFIG,
    "src/main.ts": 'import "./honest.generated.js";\nimport { createApp } from "honest";\n\nexport const app = createApp();\n',
    "src/stock.controller.ts": `import { Controller, Get } from "honest";
import type { Inject, Json } from "honest";

class StockStore {
  count = 3;
}

@Controller()
class StockController {
  declare readonly store: Inject<StockStore>;

  @Get("/stock")
  async stock(): Promise<Json<number>> {
    return this.store.count;
  }
}
`,
  });
  const check = honest(["check"], dir);
  expect(check.stdout).toBe(
    [
      "src/stock.controller.ts(9,7): error TS991012: StockController must be exported: the module that `honest generate` writes (honest.generated.ts) imports it from this file.",
      "src/stock.controller.ts(4,7): error TS991032: StockStore must be exported: the module that `honest generate` writes (honest.generated.ts) imports it from this file.",
      "honest: 2 errors.",
      "",
    ].join("\n"),
  );
  expect(check.status).toBe(1);

  const generate = honest(["generate"], dir);
  expect(generate.status).toBe(1);
  expect(generate.output).toContain("src/stock.controller.ts(9,7): error TS991012: StockController must be exported");
  expect(generate.output).toContain("honest: 2 errors; the module records them, so the app refuses to start until they are fixed.");
});
