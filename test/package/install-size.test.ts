import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommandResult, run, runOrThrow } from "../support/commands.js";
import { TYPESCRIPT7_VERSION } from "../../transformer/command/generation.js";
import { packedTarball } from "../support/packed-tarball.js";
import { productionProject } from "../support/production-project.js";
import { installUserProject, writeFiles } from "../support/user-project.js";
import { repositoryRoot } from "../support/working-tree.js";

// What installing honest adds to a project that already has what README's
// install line puts beside it: hono, @hono/node-server, and the transformer's
// dev tools (typescript 6.0.3, ts-patch, @types/node). The packed tarball is
// installed into such a project, and node_modules is measured before and
// after: the sum of its files' sizes. Generator mode's TypeScript 7
// (`typescript7`) and the documentation page's Swagger UI (`swagger-ui-dist`)
// are optional peer dependencies, installed only by the projects that use
// them; `typescript` is an optional peer too, so npm never adds one of its
// own (its `latest` is 7, which tspc cannot run). Measured when this was
// written: 38.6 MB added before (typescript7 and its native binary 30.5 MB,
// Swagger UI's files, source maps and TypeScript sources in honest's
// package), 4.4 MB after. Streams, sockets, the client's readers and the
// gate's bounds brought it to 5.14 MB (2026-11-27, issue 41: honest's own
// dist is 2.65 MB of it, the parsers it depends on the rest). The package
// then stopped shipping what no entry point reaches (issue 42): the
// declarations of the compiler and the command, whose types no export names,
// and the CommonJS copy of the command, whose bin is the ES module one
// (package.json's `files`; publish-ready checks that every file an entry
// point reaches is shipped), and the budget came down to 5 MB. Work that
// lives for one request, configuration, dates and init's database templates
// (issue 43) brought it to 5.04 MB. Topics, rate limits, scheduled work,
// health and the Redis link (issue 44: runtime/topics, rate-limit,
// schedule, health, redis, and their compiler passes) brought it to 5.40 MB;
// request ids, logs, traces and secret fields (issue 45: runtime/telemetry, runtime/tracing, and the compiler's
// phase marks and TS991044) brought it to 5.59 MB; declared errors, conditional requests, versions, pages,
// files and the editor's fix-all (issue 46) to 5.93 MB; the budget is 6.1 MB (ioredis, croner, pino,
// pino-pretty and @opentelemetry/api are optional peers, not counted). What would bring
// it down next: one copy of the compiler instead of two (its CommonJS copy,
// for tspc and tsserver, and its ES module copy, for the command and Vite,
// 0.5 MB each).

/** What installing honest may add, in bytes. */
const GOAL_BYTES = 6_100_000;

const SETUP_TIMEOUT = 300_000;

let tempDir: string | undefined;
let project: string;
let before: number;
let after: number;
let bare: string;

/** The sum of the sizes of the files under `dir` (symbolic links counted as links, not followed). */
function treeBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    bytes += entry.isDirectory() ? treeBytes(file) : lstatSync(file).size;
  }
  return bytes;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** The folders of the lockfile's installed packages, such as "node_modules/typescript". */
function installedPackages(dir: string): string[] {
  const lock = JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages).filter((name) => name !== "");
}

beforeAll(() => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-size-"));
  project = path.join(tempDir, "user-app");
  const tarball = packedTarball();
  installUserProject(project, "honest-size-user-app", {
    dependencies: { hono: "4.13.19", "@hono/node-server": "2.1.9" },
    devDependencies: { "@types/node": "20.19.43", "ts-patch": "3.3.0", typescript: "6.0.3" },
  });
  before = treeBytes(path.join(project, "node_modules"));
  runOrThrow("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `file:${tarball}`], project);
  after = treeBytes(path.join(project, "node_modules"));
  console.log(
    `installing honest added ${megabytes(after - before)} to node_modules (${after - before} bytes; goal: under ${megabytes(GOAL_BYTES)})`,
  );

  // A production install: honest and hono, no compiler.
  bare = path.join(tempDir, "production-app");
  productionProject(bare);
}, SETUP_TIMEOUT);

afterAll(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

describe("installing honest into a project with hono and the transformer's dev tools", () => {
  it(`adds under ${megabytes(GOAL_BYTES)} to node_modules`, () => {
    expect(after - before, `installing honest added ${megabytes(after - before)}`).toBeLessThan(GOAL_BYTES);
    expect(after - before).toBeGreaterThan(0);
  });

  it("installs no typescript7, no swagger-ui-dist and no second typescript: the project's 6.0.3 is the only one", () => {
    const installed = installedPackages(project);
    expect(installed).toContain("node_modules/honest");
    expect(installed.filter((name) => /(^|\/)node_modules\/(typescript7|swagger-ui-dist|@scarf\/scarf|@typescript\/)/.test(name))).toEqual(
      [],
    );
    expect(installed.filter((name) => /(^|\/)node_modules\/typescript$/.test(name))).toEqual(["node_modules/typescript"]);
    const typescript = JSON.parse(readFileSync(path.join(project, "node_modules/typescript/package.json"), "utf8")) as { version: string };
    expect(typescript.version).toBe("6.0.3");
  });

  it("checks a project tspc builds without typescript7", () => {
    writeFiles(project, {
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "nodenext", strict: true, plugins: [{ transform: "honest/transformer" }] },
        include: ["src"],
      }),
      "src/main.ts": "export const answer = 42;\n",
    });
    const check = run("npx", ["honest", "check"], project);
    expect(check.status, check.output).toBe(0);
    expect(check.stdout).toBe("honest: no errors (0 routes).\n");
  });

  it("says, for generator mode, the command that installs typescript7, and exits with 2", () => {
    writeFiles(project, { "generator.tsconfig.json": JSON.stringify({ compilerOptions: { module: "nodenext" }, include: ["src"] }) });
    for (const [command, args] of [
      ["generate", []],
      ["check", ["--out", "src/honest.generated.ts"]],
    ] as const) {
      const commandLine = ["honest", command, "-p", "generator.tsconfig.json", ...args];
      const result: CommandResult = run("npx", commandLine, project);
      expect(result.status, result.output).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.output).toBe(
        `$ npx ${commandLine.join(" ")}\n` +
          `honest: ${command} analyses this project with TypeScript 7's API, from the package typescript7, which is not installed; ` +
          "install it with: npm install --save-dev --save-exact typescript7@npm:typescript@7.0.2\n",
      );
    }
  });
});

// docs/guide/openapi-and-clients.md, "Serving the document and the documentation page": the page's
// files come from swagger-ui-dist, which the project installs itself when it
// serves the page, so installing honest installs neither it nor its
// @scarf/scarf, whose install script reports installs. Without it, asking for
// the page fails when the app is built, naming the command, through either
// of honest's builds. (The transformer does not write the document yet, so
// the scripts call what a compiled createApp({ openapi }) calls.)
describe("the documentation page without swagger-ui-dist", () => {
  it("installs no package with an install script", () => {
    const lock = JSON.parse(readFileSync(path.join(project, "package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    expect(Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript)).toEqual([]);
  });

  it("fails when the app is built, naming the command that installs it, through both builds", () => {
    const attempt = `try {
  createDiscoveredApp([], { log: false, openapi: { docs: "/docs" } }, { openapi: "{}" });
  console.log("built");
} catch (error) {
  console.log(error.message);
}`;
    writeFiles(project, {
      "docs-check.mjs": `import { createDiscoveredApp } from "honest/internal";\n${attempt}\n`,
      "docs-check.cjs": `const { createDiscoveredApp } = require("honest/internal");\n${attempt}\n`,
    });
    for (const script of ["docs-check.mjs", "docs-check.cjs"]) {
      const result = run("node", [script], project);
      expect(result.status, result.output).toBe(0);
      expect(result.stdout).toBe(
        "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from the swagger-ui-dist package, an optional peer " +
          "dependency of honest's, which is not installed; install it with: npm install swagger-ui-dist@5\n",
      );
    }
  });
});

describe("typescript7, as honest's package.json names it", () => {
  it("is an optional peer dependency and a devDependency, both the TypeScript 7 that generator mode's messages name", () => {
    const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8"));
    expect(manifest.peerDependencies.typescript7).toBe(`npm:typescript@${TYPESCRIPT7_VERSION}`);
    expect(manifest.devDependencies.typescript7).toBe(`npm:typescript@${TYPESCRIPT7_VERSION}`);
    expect(manifest.peerDependenciesMeta.typescript7).toEqual({ optional: true });
    expect(manifest.dependencies.typescript7).toBeUndefined();
  });
});

describe("installing honest and hono alone, for production", () => {
  it("installs no compiler: typescript is an optional peer dependency", () => {
    const installed = installedPackages(bare);
    expect(installed).toContain("node_modules/honest");
    expect(
      installed.filter((name) => /(^|\/)node_modules\/(typescript|typescript7|@typescript\/[^/]+|swagger-ui-dist)$/.test(name)),
    ).toEqual([]);
  });
});
