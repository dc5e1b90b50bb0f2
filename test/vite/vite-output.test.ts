import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { startVite, writeProject, type ViteProject } from "../support/vite-project.js";

// docs/guide/testing-with-vitest.md, "Testing with Vitest": honest/vite hands Vite each file of the
// project's program as tspc emits it, and Vite's own TypeScript transform
// leaves it alone. Checked in process, through a real Vite dev server.

let vite: ViteProject | undefined;
afterEach(async () => {
  await vite?.server.close();
  vite = undefined;
});

function exampleSources(dir = path.join(exampleDir, "src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? exampleSources(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

const controller = `import { Controller, Get, type Json, type Path } from "honest";

@Controller()
export class GreetingController {
  @Get("/greeting/{name}")
  async greet(name: Path<string>): Promise<Json<{ message: string }>> {
    return { message: \`hello, \${name}\` };
  }
}
`;
const app = `import { createApp } from "honest";

export const app = createApp({ log: false });
`;

describe("honest/vite's output", () => {
  it("is, for every file of the example, what tspc wrote to example/dist, untouched by Vite's own transform", async () => {
    vite = await startVite(exampleDir, { tsconfig: "tsconfig.json" });
    const sources = exampleSources();
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources) {
      await vite.server.environments.ssr.transformRequest(source);
      const built = readFileSync(
        path.join(exampleDir, "dist", path.relative(path.join(exampleDir, "src"), source)).replace(/\.ts$/, ".js"),
        "utf8",
      );
      expect(vite.seen.get(source), source).toBe(built);
    }
    // The decorators are gone, compiled into registrations.
    const itemController = vite.seen.get(path.join(exampleDir, "src/items/item.controller.ts"))!;
    expect(itemController).not.toMatch(/@Get|@Controller/);
    expect(itemController).toContain("__honest.defineController(ItemController");
  });

  it("leaves a TypeScript file outside the program to Vite's own transform", async () => {
    const dir = writeProject("vite-outside", {
      "src/app.ts": app,
      "outside/config.ts": "export const port: number = 3000;\n",
    });
    vite = await startVite(dir);
    await vite.server.environments.ssr.transformRequest(path.join(dir, "outside/config.ts"));
    // oxc's output: the type annotation gone, and the number printed its own way (TypeScript keeps 3000).
    expect(vite.seen.get(path.join(dir, "outside/config.ts"))).toBe("export const port = 3e3;\n");
  });

  it("runs: createApp() mounts the controllers, and a request gets the handler's answer", async () => {
    const dir = writeProject("vite-runs", { "src/greeting.controller.ts": controller, "src/app.ts": app });
    vite = await startVite(dir);
    const { app: loaded } = (await vite.server.ssrLoadModule(path.join(dir, "src/app.ts"))) as {
      app: { request(url: string): Promise<Response> };
    };
    const response = await loaded.request("/greeting/ada");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "hello, ada" });
    expect((await loaded.request("/greeting")).status).toBe(404);
  });

  it("gives a source map Vite chains, so a stack trace names the TypeScript line", async () => {
    const dir = writeProject("vite-source-map", {
      "src/greeting.controller.ts": controller,
      "src/fail.ts": `import { GreetingController } from "./greeting.controller.js";

// Line 3 of the source; the emitted JavaScript has no type annotations and a registration before it.
export function fail(reason: string): never {
  void GreetingController;
  throw new Error(reason);
}
`,
    });
    vite = await startVite(dir);
    const { fail } = (await vite.server.ssrLoadModule(path.join(dir, "src/fail.ts"))) as { fail(reason: string): never };
    let thrown: Error | undefined;
    try {
      fail("on purpose");
    } catch (error) {
      thrown = error as Error;
    }
    vite.server.ssrFixStacktrace(thrown!);
    expect(thrown!.stack).toContain(`${path.join(dir, "src/fail.ts")}:6:9`);
  });

  it("is an ES module for a project tspc emits as CommonJS, since Vite runs ES modules", async () => {
    const dir = writeProject(
      "vite-commonjs",
      { "src/greeting.controller.ts": controller, "src/app.ts": app },
      { target: "es2022", module: "commonjs", moduleResolution: "bundler", strict: true, skipLibCheck: true, types: [] },
    );
    vite = await startVite(dir);
    await vite.server.environments.ssr.transformRequest(path.join(dir, "src/greeting.controller.ts"));
    const code = vite.seen.get(path.join(dir, "src/greeting.controller.ts"))!;
    expect(code).toMatch(/^export class GreetingController/m);
    expect(code).not.toMatch(/exports\.|require\(/);
    const { app: loaded } = (await vite.server.ssrLoadModule(path.join(dir, "src/app.ts"))) as {
      app: { request(url: string): Promise<Response> };
    };
    expect(await (await loaded.request("/greeting/bo")).json()).toEqual({ message: "hello, bo" });
  });
});
