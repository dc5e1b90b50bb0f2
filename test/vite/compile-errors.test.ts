import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startVite, writeFiles, writeProject, type ViteProject } from "../support/vite-project.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/testing-with-vitest.md, "Testing with Vitest": honest's errors, and TypeScript's syntax
// errors, fail the transform with the diagnostics as tspc prints them, so a
// module that tspc would refuse never runs.

let vite: ViteProject | undefined;
afterEach(async () => {
  await vite?.server.close();
  vite = undefined;
});

const missingPath = `import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller()
export class ItemController {
  @Get("/items/{id}")
  async get(): Promise<Json<string>> { return ""; }
}
`;
const app = `import { createApp } from "honest";

export const app = createApp({ log: false });
`;

/** A file's name as the diagnostics print it: relative to the working directory, as tspc's are. */
const shown = (dir: string, file: string) => path.relative(process.cwd(), path.join(dir, file)).split(path.sep).join("/");

const missingPathError = (dir: string) =>
  `${shown(dir, "src/items.ts")}(7,9): error TS991009: GET /items/{id} (ItemController.get): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.`;

async function transformError(project: ViteProject, file: string): Promise<Error & Record<string, unknown>> {
  const transformed = project.server.environments.ssr.transformRequest(file);
  await expect(transformed).rejects.toThrow();
  return (await transformed.catch((error: unknown) => error)) as Error & Record<string, unknown>;
}

describe("honest/vite's errors", () => {
  it("fail a controller honest rejects with the diagnostic as tspc prints it, and its place", async () => {
    const dir = writeProject("vite-error-controller", { "src/items.ts": missingPath, "src/app.ts": app });
    vite = await startVite(dir);
    const error = await transformError(vite, path.join(dir, "src/items.ts"));
    expect(error.message).toBe(missingPathError(dir));
    expect(error.name).toBe("HonestCompileError");
    expect(error.codes).toEqual([HonestCode.PlaceholderMismatch]);
    // Rollup's convention, which Vite's code frame follows: a 1-based line, a 0-based column.
    expect(error.loc).toEqual({ file: path.join(dir, "src/items.ts"), line: 7, column: 8 });
    expect(error.plugin).toBe("honest");
  });

  it("fail every file honest rewrites (createApp() here) with the program's errors, and leave other files alone", async () => {
    const dir = writeProject("vite-error-program", {
      "src/items.ts": missingPath,
      "src/app.ts": app,
      "src/prices.ts": "export const vat: number = 0.2;\n",
    });
    vite = await startVite(dir);
    const error = await transformError(vite, path.join(dir, "src/app.ts"));
    expect(error.message).toBe(missingPathError(dir));
    const prices = await vite.server.environments.ssr.transformRequest(path.join(dir, "src/prices.ts"));
    expect(prices?.code).toContain("0.2");
  });

  it("fail a file with a syntax error with TypeScript's diagnostic", async () => {
    const dir = writeProject("vite-error-syntax", { "src/app.ts": app, "src/broken.ts": "export const answer = ;\n" });
    vite = await startVite(dir);
    const error = await transformError(vite, path.join(dir, "src/broken.ts"));
    expect(error.message).toBe(`${shown(dir, "src/broken.ts")}(1,23): error TS1109: Expression expected.`);
  });

  it("report several errors at once, each on its line", async () => {
    const twoMistakes = `${missingPath}
@Controller()
export class OtherController {
  @Get("/other/{id}")
  async get(): Promise<Json<string>> { return ""; }
}
`;
    const dir = writeProject("vite-error-several", { "src/items.ts": twoMistakes });
    vite = await startVite(dir);
    const error = await transformError(vite, path.join(dir, "src/items.ts"));
    expect(error.message.split("\n")).toEqual([
      missingPathError(dir),
      `${shown(dir, "src/items.ts")}(13,9): error TS991009: GET /other/{id} (OtherController.get): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.`,
    ]);
  });

  it("print honest's warnings and still compile the file", async () => {
    const dir = writeProject("vite-warning", {
      "src/search.ts": `import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller()
export class SearchController {
  @Get("/search")
  async search(query: Json<{ text: string }>): Promise<Json<string[]>> { return [query.text]; }
}
`,
    });
    vite = await startVite(dir);
    const result = await vite.server.environments.ssr.transformRequest(path.join(dir, "src/search.ts"));
    expect(result?.code).toContain("defineController");
    expect(vite.warnings.join("\n")).toContain(
      `${shown(dir, "src/search.ts")}(7,16): warning TS991015: GET /search (SearchController.search): a GET request has no body by convention`,
    );
  });
});

describe("honest/vite without a usable tsconfig", () => {
  it("fails, saying so, when there is no tsconfig.json in Vite's root or above", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "honest-vite-no-tsconfig-"));
    try {
      writeFileSync(path.join(dir, "main.ts"), "export const port: number = 3000;\n");
      vite = await startVite(dir);
      const error = await transformError(vite, path.join(dir, "main.ts"));
      expect(error.message).toContain(`honest/vite: no tsconfig.json in ${vite.server.config.root} or a folder above it`);
      expect(error.message).toContain(`honest({ tsconfig: "path/to/tsconfig.json" })`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails when the tsconfig option names a file that does not exist", async () => {
    const dir = writeProject("vite-missing-tsconfig", { "src/app.ts": app });
    vite = await startVite(dir, { tsconfig: "tsconfig.app.json" });
    const error = await transformError(vite, path.join(dir, "src/app.ts"));
    expect(error.message).toContain(
      `honest/vite: honest({ tsconfig: "tsconfig.app.json" }) names ${path.join(dir, "tsconfig.app.json")}, which does not exist`,
    );
  });

  it("fails on a tsconfig.json with only references, naming the fix", async () => {
    const dir = writeProject("vite-solution-tsconfig", { "app/src/app.ts": app });
    writeFiles(dir, {
      "tsconfig.json": JSON.stringify({ files: [], references: [{ path: "./app" }] }),
      "app/tsconfig.json": JSON.stringify({
        compilerOptions: { composite: true, module: "nodenext", strict: true, skipLibCheck: true },
        include: ["src"],
      }),
    });
    vite = await startVite(dir);
    const error = await transformError(vite, path.join(dir, "app/src/app.ts"));
    expect(error.message).toContain("lists no files of its own, only references (app)");
    expect(error.message).toContain(`honest({ tsconfig: "path/to/tsconfig.json" })`);
  });
});
