import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../support/commands.js";
import { honest } from "../support/generated-example.js";
import { docBlock } from "../support/readme.js";

// `honest init [folder] [--typescript7] [--database]` (NOTES-init.md): the files of a
// project that builds, serves and tests, the versions honest itself is built
// with, never an overwrite, and the next commands; `honest --version`,
// `honest help`, and what an unknown command or option gets.

const root = path.resolve(import.meta.dirname, "../..");
const honestManifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
let tempDir: string;

beforeAll(() => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-init-"));
});
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

const TRANSFORMER_FILES = [
  ".gitignore",
  "package.json",
  "src/app.ts",
  "src/hello.controller.ts",
  "src/main.ts",
  "test/hello.test.ts",
  "test/tsconfig.json",
  "tsconfig.json",
  "vitest.config.ts",
];

function read(dir: string, file: string): string {
  return readFileSync(path.join(dir, file), "utf8");
}

describe("honest init", () => {
  it("writes a tspc project in the folder named, pinned to honest's own TypeScript 6, ts-patch and Vitest, and prints the next commands", () => {
    const result = honest(["init", "my-app"], tempDir);
    expect(result.status, result.output).toBe(0);
    const dir = path.join(tempDir, "my-app");
    for (const file of TRANSFORMER_FILES) expect(existsSync(path.join(dir, file)), file).toBe(true);
    expect(result.stdout).toBe(
      `honest: wrote a TypeScript 6 (tspc) project in my-app: package.json, tsconfig.json, vitest.config.ts, .gitignore, src/main.ts, src/app.ts, src/hello.controller.ts, test/tsconfig.json, test/hello.test.ts

Next:
  cd my-app
  npm install
  npm run build
  npm start         # serves on port 3000 (PORT to change it): curl localhost:3000/hello/1
  npm test
  npm run dev       # rebuilt and restarted on each save
`,
    );
    const manifest = JSON.parse(read(dir, "package.json"));
    expect(manifest).toEqual({
      name: "my-app",
      version: "0.1.0",
      private: true,
      type: "module",
      scripts: {
        build: "tspc",
        start: "node dist/main.js",
        dev: "tspc && (tspc --watch --preserveWatchOutput & node --watch dist/main.js)",
        test: "tsc -p test && vitest run",
      },
      dependencies: { honest: `^${honestManifest.version}`, hono: honestManifest.peerDependencies.hono },
      devDependencies: {
        "@types/node": honestManifest.devDependencies["@types/node"],
        "ts-patch": honestManifest.devDependencies["ts-patch"],
        typescript: honestManifest.devDependencies.typescript,
        vitest: honestManifest.devDependencies.vitest,
      },
    });
    expect(JSON.parse(read(dir, "tsconfig.json")).compilerOptions.plugins).toEqual([
      { name: "honest/language-service" },
      { transform: "honest/transformer" },
    ]);
    expect(JSON.parse(read(dir, "tsconfig.json")).compilerOptions.declaration).toBeUndefined();
    expect(JSON.parse(read(dir, "test/tsconfig.json"))).toEqual({
      extends: "../tsconfig.json",
      compilerOptions: { noEmit: true, rootDir: "..", skipLibCheck: true },
      include: [".", "../src"],
    });
    expect(read(dir, "vitest.config.ts")).toContain('import honest from "honest/vite";');
    expect(read(dir, "src/app.ts")).not.toContain("honest.generated");
    expect(read(dir, ".gitignore")).toBe("node_modules/\ndist/\n");
  });

  it("--typescript7: a generator-mode project, honest generate then tsc 7, with honest's pinned TypeScript 7 API", () => {
    const result = honest(["init", "seven", "--typescript7"], tempDir);
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toMatch(/^honest: wrote a TypeScript 7 \(generator mode\) project in seven: /);
    const dir = path.join(tempDir, "seven");
    const manifest = JSON.parse(read(dir, "package.json"));
    expect(manifest.scripts).toEqual({
      build: "honest generate && tsc",
      start: "node dist/main.js",
      dev: "honest generate && tsc && (honest generate --watch & tsc --watch --preserveWatchOutput & node --watch dist/main.js)",
      test: "npm run build && tsc -p test && vitest run",
      check: "honest check",
    });
    // Wherever honest lists its pinned TypeScript 7 (a dependency, or an optional peer).
    const listed = { ...honestManifest.peerDependencies, ...honestManifest.dependencies, ...honestManifest.devDependencies };
    const pinned = /^npm:typescript@(\d+\.\d+\.\d+)$/.exec(listed.typescript7)![1];
    expect(manifest.devDependencies).toEqual({
      "@types/node": honestManifest.devDependencies["@types/node"],
      typescript: pinned,
      typescript7: `npm:typescript@${pinned}`,
      vitest: honestManifest.devDependencies.vitest,
    });
    expect(JSON.parse(read(dir, "tsconfig.json")).compilerOptions.plugins).toBeUndefined();
    // The tests import the build: its declarations type them.
    expect(JSON.parse(read(dir, "tsconfig.json")).compilerOptions.declaration).toBe(true);
    expect(JSON.parse(read(dir, "test/tsconfig.json"))).toEqual({
      extends: "../tsconfig.json",
      compilerOptions: { noEmit: true, rootDir: "..", skipLibCheck: true },
      include: ["."],
    });
    expect(read(dir, "src/app.ts").startsWith('import "./honest.generated.js";\n')).toBe(true);
    expect(existsSync(path.join(dir, "vitest.config.ts"))).toBe(false);
    expect(read(dir, "test/hello.test.ts")).toContain('from "../dist/app.js"');
  });

  it("--database: settings, a database migrated in init(), a unit of work per request, an items table, their packages", () => {
    const result = honest(["init", "stored", "--database"], tempDir);
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toBe(
      `honest: wrote a TypeScript 6 (tspc) project with a database in stored: package.json, tsconfig.json, vitest.config.ts, .gitignore, ` +
        "src/main.ts, src/app.ts, src/hello.controller.ts, src/settings.ts, src/database/database.ts, src/database/migrations.ts, " +
        "src/database/unit-of-work.ts, src/items/item-store.ts, src/items/item.controller.ts, test/tsconfig.json, test/hello.test.ts, test/items.test.ts\n" +
        `
Next:
  cd stored
  npm install
  npm run build
  npm start         # serves on port 3000 (PORT to change it): curl localhost:3000/hello/1
                    # curl localhost:3000/items -H 'content-type: application/json' -d '{"name":"kettle"}'
                    # PGlite in memory; DATABASE_URL=postgres://… npm start for a PostgreSQL server
  npm test
  npm run dev       # rebuilt and restarted on each save
`,
    );
    const dir = path.join(tempDir, "stored");
    const manifest = JSON.parse(read(dir, "package.json"));
    // The versions honest is tested with, in ranges that dedupe with them (kysely 0.29 would need Node 22: ^0.28 stays below it).
    const caret = (name: string) => `^${honestManifest.devDependencies[name]}`;
    expect(manifest.dependencies).toEqual({
      "@electric-sql/pglite": caret("@electric-sql/pglite"),
      honest: `^${honestManifest.version}`,
      hono: honestManifest.peerDependencies.hono,
      kysely: caret("kysely"),
      "kysely-pglite-dialect": caret("kysely-pglite-dialect"),
      pg: caret("pg"),
    });
    expect(manifest.dependencies.kysely).toMatch(/^\^0\.28\.\d+$/);
    expect(manifest.devDependencies).toEqual({
      "@types/node": honestManifest.devDependencies["@types/node"],
      "@types/pg": caret("@types/pg"),
      "ts-patch": honestManifest.devDependencies["ts-patch"],
      typescript: honestManifest.devDependencies.typescript,
      vitest: honestManifest.devDependencies.vitest,
    });
    expect(manifest.scripts.test).toBe("tsc -p test && vitest run");
    // PGlite's declarations name @types/emscripten, which it does not install.
    expect(JSON.parse(read(dir, "tsconfig.json")).compilerOptions.skipLibCheck).toBe(true);
    // The port from the settings, through the app's Config component.
    expect(read(dir, "src/main.ts")).toContain("serve(app, { port: componentOf(app, Config).env.PORT });");
    expect(read(dir, "src/settings.ts")).toContain("PORT: number & Integer & Minimum<0> & Maximum<65535> = 3000;");
    expect(read(dir, "src/settings.ts")).toContain('DATABASE_URL?: string & Format<"uri">;');
    expect(read(dir, "src/settings.ts")).toContain("declare readonly env: Env<Settings>;");
    const database = read(dir, "src/database/database.ts");
    expect(database).toContain("async init(): Promise<void> {");
    expect(database).toContain("migrateToLatest()");
    expect(database).toContain("await this.#db?.destroy();");
    expect(database).toContain("new PGliteDialect(await PGlite.create())");
    expect(database).toContain("new PostgresDialect({ pool })");
    expect(read(dir, "src/database/migrations.ts")).toContain('.addColumn("name", "text", (column) => column.notNull().unique())');
    const unitOfWork = read(dir, "src/database/unit-of-work.ts");
    expect(unitOfWork).toContain("@PerRequest()\nexport class UnitOfWork {");
    expect(unitOfWork).toContain(
      'if (end.outcome !== "answered") {\n      await transaction.rollback().execute();\n      return;\n    }\n    await transaction.commit().execute();',
    );
    const store = read(dir, "src/items/item-store.ts");
    expect(store).toContain("declare readonly work: Current<UnitOfWork>;");
    expect(store).toContain('const UNIQUE_VIOLATION = "23505";');
    expect(store).toContain("throw new HttpError(StatusCode.CONFLICT,");
    expect(read(dir, "src/items/item.controller.ts")).toContain('@Post("/items")');
    // One app per test file, closed after it: its PGlite (or pool) with it.
    for (const test of ["test/hello.test.ts", "test/items.test.ts"]) {
      expect(read(dir, test), test).toContain('import { createHelloApp } from "../src/app.js";');
      expect(read(dir, test), test).toContain("beforeAll(() => appReady(app));\nafterAll(() => closeApp(app));");
    }
    expect(read(dir, "test/items.test.ts")).toContain("expect(again.status).toBe(409);");
  });

  it("--database --typescript7: the same set-up in generator mode, its tests on the build", () => {
    const result = honest(["init", "stored7", "--typescript7", "--database"], tempDir);
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toMatch(/^honest: wrote a TypeScript 7 \(generator mode\) project with a database in stored7: /);
    const dir = path.join(tempDir, "stored7");
    const manifest = JSON.parse(read(dir, "package.json"));
    expect(Object.keys(manifest.dependencies)).toEqual(["@electric-sql/pglite", "honest", "hono", "kysely", "kysely-pglite-dialect", "pg"]);
    expect(Object.keys(manifest.devDependencies)).toEqual(["@types/node", "@types/pg", "typescript", "typescript7", "vitest"]);
    expect(JSON.parse(read(dir, "tsconfig.json")).compilerOptions).toMatchObject({ declaration: true, skipLibCheck: true });
    expect(read(dir, "src/app.ts").startsWith('import "./honest.generated.js";\n')).toBe(true);
    expect(read(dir, "test/items.test.ts")).toContain('import { createHelloApp } from "../dist/app.js";');
    expect(read(dir, "src/database/unit-of-work.ts")).toBe(read(path.join(tempDir, "stored"), "src/database/unit-of-work.ts"));
  });

  it("without --database: no settings, no database, the port from process.env", () => {
    expect(honest(["init", "plain"], tempDir).status).toBe(0);
    const dir = path.join(tempDir, "plain");
    expect(existsSync(path.join(dir, "src/settings.ts"))).toBe(false);
    expect(existsSync(path.join(dir, "src/database"))).toBe(false);
    expect(read(dir, "src/main.ts")).toContain("Number(process.env.PORT ?? 3000)");
    expect(JSON.parse(read(dir, "tsconfig.json")).compilerOptions.skipLibCheck).toBe(true); // as README's tsconfig.json
  });

  it("writes into the working directory when no folder is named, its name the package's", () => {
    const dir = path.join(tempDir, "Here Now");
    mkdirSync(dir);
    const result = honest(["init"], dir);
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toContain("project in this folder: ");
    expect(result.stdout).not.toContain("  cd ");
    expect(JSON.parse(read(dir, "package.json")).name).toBe("here-now");
  });

  it("never overwrites: names the files already there, writes nothing, exits 1", () => {
    const dir = path.join(tempDir, "taken");
    mkdirSync(path.join(dir, "src"), { recursive: true });
    writeFileSync(path.join(dir, "src/main.ts"), "// mine\n");
    writeFileSync(path.join(dir, ".gitignore"), "mine\n");
    const result = honest(["init", "taken"], tempDir);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.output).toContain(
      "honest: taken already has .gitignore, src/main.ts; honest init never overwrites a file, and wrote nothing. " +
        "Run it in a new folder (npx honest init my-app), or move these files away.\n",
    );
    expect(read(dir, "src/main.ts")).toBe("// mine\n");
    expect(existsSync(path.join(dir, "package.json"))).toBe(false);
  });

  it("says when the folder resolves TypeScript 7, and how each mode goes on", () => {
    const dir = path.join(tempDir, "with-seven");
    mkdirSync(path.join(dir, "node_modules/typescript"), { recursive: true });
    writeFileSync(path.join(dir, "node_modules/typescript/package.json"), '{ "name": "typescript", "version": "7.0.2" }\n');
    const result = honest(["init"], dir);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain("honest: note: the typescript this folder resolves is 7.0.2, where tspc cannot run");
    expect(result.output).toContain(`npm install --save-dev typescript@${honestManifest.devDependencies.typescript}`);
    expect(result.output).toContain("npx honest init --typescript7");
  });
});

// npm records where it installed each package from in the hidden lockfile of
// the tree it installed into; here a link to this repository stands for the
// package npm unpacked, run through the link as npm's bin runs it.
describe("the dependency on honest, from where the running honest was installed", () => {
  /** honest at `packagePath` in `tree`, with `resolved` as its entry in the tree's node_modules/.package-lock.json. */
  function installed(tree: string, packagePath: string, resolved: string): void {
    mkdirSync(path.dirname(path.join(tree, packagePath)), { recursive: true });
    symlinkSync(root, path.join(tree, packagePath), "dir");
    const packages = { "": {}, [packagePath]: { version: honestManifest.version, resolved } };
    writeFileSync(path.join(tree, "node_modules/.package-lock.json"), JSON.stringify({ lockfileVersion: 3, requires: true, packages }));
  }

  /** `honest init folder`, run from the installed copy (the link kept, as in a real install: --preserve-symlinks). */
  function initFrom(tree: string, packagePath: string, folder: string) {
    const bin = path.join(tree, packagePath, "dist/esm/transformer/command/honest.js");
    const result = run(process.execPath, ["--preserve-symlinks", "--preserve-symlinks-main", bin, "init", folder], tempDir);
    expect(result.status, result.output).toBe(0);
    return { result, dependency: JSON.parse(read(path.join(tempDir, folder), "package.json")).dependencies.honest as string };
  }

  it("npx --package=<tarball>: the tarball, its path made absolute, and a line that says so", () => {
    // npx installs into <npm cache>/_npx/<hash>, the tarball's path relative to it.
    const tree = path.join(tempDir, "cache/_npx/0123456789abcdef");
    installed(tree, "node_modules/honest", "file:../../../pack/honest-0.1.0.tgz");
    const { result, dependency } = initFrom(tree, "node_modules/honest", "from-tarball");
    const tarball = path.join(tempDir, "pack/honest-0.1.0.tgz").split(path.sep).join("/");
    expect(dependency).toBe(`file:${tarball}`);
    expect(result.stdout).toContain(
      `: package.json, tsconfig.json, vitest.config.ts, .gitignore, src/main.ts, src/app.ts, src/hello.controller.ts, test/tsconfig.json, test/hello.test.ts\n` +
        `honest: its package.json installs honest from file:${tarball}, where this honest was installed from\n\nNext:\n`,
    );
  });

  it("a package that depends on honest: the entry under it, the path relative to the tree", () => {
    const tree = path.join(tempDir, "tool-project");
    installed(tree, "node_modules/tool/node_modules/honest", "file:vendor/honest-0.1.0.tgz");
    const { dependency } = initFrom(tree, "node_modules/tool/node_modules/honest", "from-nested");
    expect(dependency).toBe(`file:${path.join(tree, "vendor/honest-0.1.0.tgz").split(path.sep).join("/")}`);
  });

  it("a git install: the repository at the commit that ran", () => {
    const tree = path.join(tempDir, "cache/_npx/fedcba9876543210");
    const commit = "git+ssh://git@github.com/honest-ts/honest.git#0123456789abcdef0123456789abcdef01234567";
    installed(tree, "node_modules/honest", commit);
    expect(initFrom(tree, "node_modules/honest", "from-git").dependency).toBe(commit);
  });

  it("the registry: its version's range, and no line about it", () => {
    const tree = path.join(tempDir, "cache/_npx/00000000ffffffff");
    installed(tree, "node_modules/honest", `https://registry.npmjs.org/honest/-/honest-${honestManifest.version}.tgz`);
    const { result, dependency } = initFrom(tree, "node_modules/honest", "from-registry");
    expect(dependency).toBe(`^${honestManifest.version}`);
    expect(result.stdout).not.toContain("installs honest from");
  });
});

describe("honest check on a project set up for tspc whose typescript is 7", () => {
  it("says tspc cannot run there and names both ways out, exit 2", () => {
    const dir = path.join(tempDir, "tspc-on-seven");
    for (const [name, version] of [
      ["typescript", "7.0.2"],
      ["ts-patch", "3.3.0"],
    ]) {
      mkdirSync(path.join(dir, "node_modules", name!), { recursive: true });
      writeFileSync(path.join(dir, "node_modules", name!, "package.json"), JSON.stringify({ name, version }));
    }
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      '{ "compilerOptions": { "plugins": [{ "transform": "honest/transformer" }] }, "include": ["src"] }\n',
    );
    const result = honest(["check"], dir);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.output).toContain(
      'honest: tsconfig.json is set up for tspc (the "honest/transformer" entry, ts-patch installed), and the project\'s typescript is 7.0.2: ' +
        "ts-patch cannot patch TypeScript 7, so tspc fails before honest runs. " +
        `Either keep building with tspc on TypeScript 6 (npm install --save-dev typescript@${honestManifest.devDependencies.typescript}), ` +
        "or build in generator mode on TypeScript 7: `honest generate && tsc`",
    );
  });
});

describe("the honest command itself", () => {
  it("--version prints honest's version, exit 0", () => {
    for (const flag of ["--version", "-v"]) {
      const result = honest([flag], tempDir);
      expect(result).toMatchObject({ status: 0, stdout: `${honestManifest.version}\n` });
    }
  });

  it("help and --help print the usage, exit 0; no command prints it on stderr, exit 2", () => {
    const help = honest(["help"], tempDir);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage:\n {2}honest init \[folder\] \[--typescript7\] \[--database\] /);
    expect(honest(["--help"], tempDir).stdout).toBe(help.stdout);
    // The usage as docs/reference/command-line.md, "The command line" shows it.
    expect(docBlock("docs/reference/command-line.md", "`honest help` prints:")).toBe(help.stdout);
    const none = honest([], tempDir);
    expect(none.status).toBe(2);
    expect(none.stdout).toBe("");
    expect(none.output).toContain(help.stdout);
  });

  it("an unknown command, an unknown option, an option another command takes: said plainly, the usage, exit 2", () => {
    const cases: [string[], string][] = [
      [["frob"], "honest: unknown command 'frob'\n\nUsage:"],
      [["--frob"], "honest: unknown option --frob\n\nUsage:"],
      [["check", "-p"], "honest: -p, --project needs a value\n\nUsage:"],
      [["init", "--watch"], "honest: init does not take --watch\n\nUsage:"],
      [["check", "--database"], "honest: check does not take --database\n\nUsage:"],
      [["init", "a", "b"], "honest: init does not take 'b'\n\nUsage:"],
    ];
    for (const [args, message] of cases) {
      const result = honest(args, tempDir);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.output).toContain(message);
    }
  });
});
