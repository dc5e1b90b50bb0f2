import { unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProjectCompiler } from "../../transformer/vite/project-compiler.js";
import { startVite, writeFiles, writeProject, type ViteProject } from "../support/vite-project.js";

// docs/guide/testing-with-vitest.md, "Testing with Vitest", watch mode: after an edit, the edited file
// is compiled with the new program, and every other file whose output the
// edit changed is named, so that Vite and Vitest load it again.

const greeting = (word: string, parameter = "name: Path<string>") => `import { Controller, Get, type Json, type Path } from "honest";
import type { Greeting } from "./greeting.js";

@Controller()
export class GreetingController {
  @Get("/greeting/{name}")
  async greet(${parameter}): Promise<Json<Greeting>> {
    return { message: "${word}" };
  }
}
`;
const farewell = `import { Controller, Get, type Json } from "honest";

@Controller()
export class FarewellController {
  @Get("/farewell")
  async bye(): Promise<Json<string>> {
    return "bye";
  }
}
`;
const app = `import { createApp } from "honest";

export const app = createApp({ log: false });
`;
const greetingType = (fields: string) => `export interface Greeting {\n  ${fields}\n}\n`;

describe("ProjectCompiler after an edit", () => {
  function project(name: string) {
    const dir = writeProject(name, {
      "src/greeting.ts": greetingType("message: string;"),
      "src/greeting.controller.ts": greeting("hello"),
      "src/app.ts": app,
      "src/prices.ts": "export const vat: number = 0.2;\n",
    });
    const file = (relative: string) => path.join(dir, relative);
    const compiler = new ProjectCompiler(file("tsconfig.json"));
    for (const each of ["src/greeting.controller.ts", "src/app.ts", "src/prices.ts"]) compiler.compile(file(each));
    return { dir, file, compiler };
  }

  it("names the file calling createApp() when a controller is added or removed, and recompiles it with the controller", () => {
    const { file, compiler } = project("vite-watch-added");
    writeFiles(path.dirname(file("src")), { "src/farewell.controller.ts": farewell });
    expect(compiler.changed(file("src/farewell.controller.ts"), "add")).toEqual([file("src/app.ts")]);
    expect(compiler.compile(file("src/app.ts")).code).toContain("FarewellController");

    unlinkSync(file("src/farewell.controller.ts"));
    expect(compiler.changed(file("src/farewell.controller.ts"), "unlink")).toEqual([file("src/app.ts")]);
    expect(compiler.compile(file("src/app.ts")).code).not.toContain("FarewellController");
  });

  it("names a controller whose generated code follows a type from the edited file, though it imports only the type", () => {
    const { file, compiler } = project("vite-watch-type");
    const before = compiler.compile(file("src/greeting.controller.ts")).code;
    writeFileSync(file("src/greeting.ts"), greetingType("message: string;\n  mood?: string;"));
    expect(compiler.changed(file("src/greeting.ts"), "change")).toEqual([file("src/greeting.controller.ts")]);
    const after = compiler.compile(file("src/greeting.controller.ts")).code;
    expect(after).not.toBe(before);
    expect(after).toContain("value.mood");
  });

  it("names nothing else when an edit changes only the edited file's output", () => {
    const { file, compiler } = project("vite-watch-local");
    writeFileSync(file("src/greeting.controller.ts"), greeting("hi"));
    expect(compiler.changed(file("src/greeting.controller.ts"), "change")).toEqual([]);
    expect(compiler.compile(file("src/greeting.controller.ts")).code).toContain('"hi"');
  });

  it("names every file honest rewrote when an error appears, and again when it is fixed", () => {
    const { file, compiler } = project("vite-watch-error");
    writeFileSync(file("src/greeting.controller.ts"), greeting("hello", ""));
    // The edited file Vite reloads on its own; app.ts now fails with the error, prices.ts is untouched.
    expect(compiler.changed(file("src/greeting.controller.ts"), "change")).toEqual([file("src/app.ts")]);
    expect(() => compiler.compile(file("src/greeting.controller.ts"))).toThrow(/src\/greeting\.controller\.ts\(7,9\): error TS991009: /);
    expect(() => compiler.compile(file("src/app.ts"))).toThrow(/src\/greeting\.controller\.ts\(7,9\): error TS991009: /);
    expect(compiler.compile(file("src/prices.ts")).code).toContain("0.2");

    writeFileSync(file("src/greeting.controller.ts"), greeting("hello"));
    expect(compiler.changed(file("src/greeting.controller.ts"), "change")).toEqual([file("src/app.ts")]);
    expect(compiler.compile(file("src/app.ts")).code).toContain("GreetingController");
    expect(compiler.compile(file("src/greeting.controller.ts")).code).toContain("defineController");
  });

  it("ignores a change to a file outside the program", () => {
    const { dir, file, compiler } = project("vite-watch-outside");
    writeFiles(dir, { "notes.md": "edited" });
    expect(compiler.changed(file("notes.md"), "change")).toEqual([]);
  });
});

describe("honest/vite in a Vite dev server that watches files", () => {
  let vite: ViteProject | undefined;
  afterEach(async () => {
    await vite?.server.close();
    vite = undefined;
  });

  it("reloads the file calling createApp() when a controller file is added, though that file did not change", async () => {
    const dir = writeProject("vite-watch-server", {
      "src/greeting.ts": greetingType("message: string;"),
      "src/greeting.controller.ts": greeting("hello"),
      "src/app.ts": app,
    });
    vite = await startVite(dir, {}, { watch: true });
    const appFile = path.join(dir, "src/app.ts");
    const environment = vite.server.environments.ssr;
    expect((await environment.transformRequest(appFile))?.code).not.toContain("FarewellController");

    const reported = new Promise<void>((resolve) =>
      vite!.server.watcher.on("change", (changed) => {
        if (path.resolve(changed) === appFile) resolve();
      }),
    );
    writeFiles(dir, { "src/farewell.controller.ts": farewell });
    await reported;
    // Vite drops what it held of app.ts once its own watcher handler has run; compiled again, it mounts the new controller.
    await vi.waitFor(async () => expect((await environment.transformRequest(appFile))?.code).toContain("FarewellController"), {
      timeout: 30_000,
    });
  });
});
