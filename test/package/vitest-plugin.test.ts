import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleUserProject } from "../support/example-user-project.js";
import { childEnv, run } from "../support/commands.js";
import { writeFiles } from "../support/user-project.js";
import { VitestWatch } from "../support/vitest-watch.js";

// docs/guide/testing-with-vitest.md, "Testing with Vitest", as a user meets it: a project that installs
// honest from npm pack's tarball with Vitest 4.1 and holds the example's
// sources (support/example-user-project.ts, the project packed-package
// builds), with a vitest.config.ts with plugins: [honest()], runs `vitest` on tests
// that import the controllers' TypeScript: the tests pass, a controller tspc
// rejects fails the run with tspc's diagnostic, and watch mode follows edits.

const SETUP_TIMEOUT = 240_000;
const RUN_TIMEOUT = 240_000;

let tempDir: string | undefined;
let project: string;
const inProject = (file: string) => path.join(project, file);
const vitestBin = () => inProject("node_modules/.bin/vitest");
// Plain text, as in a CI log.
const PLAIN = { env: { NO_COLOR: "1" } };
const env = () => {
  const plain = childEnv(PLAIN.env);
  delete plain.FORCE_COLOR;
  return plain;
};

const vitestConfig = `import honest from "honest/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [honest()],
  test: { include: ["test/**/*.test.ts"] },
});
`;

const exampleTest = `import { appReady, closeApp } from "honest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createExampleApp } from "../src/app.js";

const app = createExampleApp({ log: false });
beforeAll(() => appReady(app), 120_000); // its database, PGlite in memory, opened and migrated
afterAll(() => closeApp(app)); // and closed

it("GET /items/{id} answers the item", async () => {
  const response = await app.request("/items/1");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ id: 1, name: "keyboard", price: 49.5, tags: ["input", "usb"], inStock: true });
});

it("GET /items/{id} refuses an id that is not an integer", async () => {
  expect((await app.request("/items/abc")).status).toBe(400);
});

it("POST /items checks the body", async () => {
  const response = await app.request("/items", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":5}' });
  expect(response.status).toBe(400);
});

it("GET /me runs the resolver", async () => {
  const response = await app.request("/me", { headers: { authorization: "Bearer ada-token" } });
  expect(await response.json()).toEqual({ id: 1, name: "ada" });
});
`;

const brokenController = `import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller()
export class BrokenController {
  @Get("/broken/{id}")
  async get(): Promise<Json<string>> {
    return "";
  }
}
`;

const greetingController = (word: string, parameter = "name: Path<string>") => `import { Controller, Get } from "honest";
import type { Json, Path } from "honest";

@Controller()
export class GreetingController {
  @Get("/greeting/{name}")
  async greet(${parameter}): Promise<Json<{ message: string }>> {
    return { message: \`${word}, \${name}\` };
  }
}
`;

const farewellController = `import { Controller, Get } from "honest";
import type { Json, Path } from "honest";

@Controller()
export class FarewellController {
  @Get("/farewell/{name}")
  async bye(name: Path<string>): Promise<Json<string>> {
    return \`bye, \${name}\`;
  }
}
`;

const greetingTest = `import { appReady, closeApp } from "honest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createExampleApp } from "../src/app.js";

const app = createExampleApp({ log: false });
beforeAll(() => appReady(app), 120_000); // the example's database, PGlite, opened before the first request
afterAll(() => closeApp(app));

it("greets", async () => {
  expect(await (await app.request("/greeting/ada")).json()).toEqual({ message: "hello, ada" });
});

it("says goodbye", async () => {
  expect((await app.request("/farewell/ada")).status).toBe(200);
});
`;

beforeAll(() => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-vitest-"));
  project = path.join(tempDir, "user-app");
  exampleUserProject(project);
  writeFiles(project, { "vitest.config.ts": vitestConfig, "test/example.test.ts": exampleTest });
}, SETUP_TIMEOUT);

afterAll(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

describe("a user project running Vitest with honest/vite from the packed tarball", () => {
  it(
    "passes tests that import the controllers' TypeScript and request the app",
    () => {
      const result = run(vitestBin(), ["run"], project, PLAIN);
      expect(result.status, result.output).toBe(0);
      expect(result.output).toMatch(/Tests\s+4 passed \(4\)/);
    },
    RUN_TIMEOUT,
  );

  it("type-checks vitest.config.ts: honest() is a plugin Vitest's defineConfig takes", () => {
    const result = run(
      inProject("node_modules/.bin/tsc"),
      [
        "--ignoreConfig",
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--module",
        "nodenext",
        "--target",
        "es2022",
        "--types",
        "node",
        "vitest.config.ts",
      ],
      project,
    );
    expect(result.status, result.output).toBe(0);
  });

  it(
    "fails the run on a controller tspc rejects, printing tspc's diagnostic with file and line",
    () => {
      writeFileSync(inProject("src/broken.controller.ts"), brokenController);
      try {
        const expected =
          "src/broken.controller.ts(7,9): error TS991009: GET /broken/{id} (BrokenController.get): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.";
        const tspc = run(inProject("node_modules/.bin/tspc"), ["-p", "tsconfig.json"], project);
        expect(tspc.output).toContain(expected);

        const result = run(vitestBin(), ["run"], project, PLAIN);
        expect(result.status, result.output).toBe(1);
        expect(result.output).toContain(`HonestCompileError: ${expected}`);
        expect(result.output).toMatch(/Test Files\s+1 failed \(1\)/);
        expect(result.output).toMatch(/Tests\s+no tests/);
      } finally {
        unlinkSync(inProject("src/broken.controller.ts"));
      }
    },
    RUN_TIMEOUT,
  );

  it(
    "in watch mode, reruns with each edit: a controller added, a handler changed, an error, its fix",
    async () => {
      writeFileSync(inProject("src/greeting.controller.ts"), greetingController("hello"));
      writeFileSync(inProject("test/greeting.test.ts"), greetingTest);
      const vitest = new VitestWatch(vitestBin(), ["test/greeting.test.ts"], project, env());
      try {
        const first = await vitest.nextRun();
        expect(first, vitest.printed()).toMatch(/Tests\s+1 failed \| 1 passed \(2\)/);
        expect(first).toContain("expected 404 to be 200");

        // A new file: app.ts, unchanged, now mounts one more controller.
        writeFileSync(inProject("src/farewell.controller.ts"), farewellController);
        expect(await vitest.nextRun(), vitest.printed()).toMatch(/Tests\s+2 passed \(2\)/);

        writeFileSync(inProject("src/greeting.controller.ts"), greetingController("hi"));
        const changed = await vitest.nextRun();
        expect(changed, vitest.printed()).toMatch(/Tests\s+1 failed \| 1 passed \(2\)/);
        expect(changed).toContain('"message": "hi, ada"');

        writeFileSync(inProject("src/greeting.controller.ts"), greetingController("hello", ""));
        const broken = await vitest.nextRun();
        expect(broken, vitest.printed()).toContain(
          "src/greeting.controller.ts(7,9): error TS991009: GET /greeting/{name} (GreetingController.greet): the path has {name} but the handler has no Path parameter",
        );
        expect(broken).toMatch(/Tests\s+no tests/);

        writeFileSync(inProject("src/greeting.controller.ts"), greetingController("hello"));
        expect(await vitest.nextRun(), vitest.printed()).toMatch(/Tests\s+2 passed \(2\)/);
      } finally {
        await vitest.stop();
      }
    },
    RUN_TIMEOUT,
  );
});
