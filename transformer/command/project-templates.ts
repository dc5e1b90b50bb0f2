// The files `honest init` writes (README, "Adding honest to a project";
// docs/setup/typescript-7.md, "TypeScript 7: generator mode";
// docs/guide/testing-with-vitest.md, "Testing with Vitest"): a project that builds, serves and
// tests as it stands, its tests type-checked before they run. The versions come from honest's own package.json, so
// that a new project gets the compilers and tools honest is built and tested with.
// A choice init offers is a field of ProjectChoices that adds files,
// dependencies or lines to these (docs/setup/new-project.md, "What init writes"):
// `database` adds database-templates.ts's files.

import { DATABASE_MAIN, type DatabaseVersions, databaseDependencies, databaseFiles } from "./database-templates.js";

export type ProjectMode = "transformer" | "generator";

/** The versions a new project pins, read from honest's package.json. */
export interface TemplateVersions {
  /** honest's own version. */
  readonly honest: string;
  /** hono's range, honest's peer dependency. */
  readonly hono: string;
  /** The TypeScript tspc runs the transformer in (6.0.x). */
  readonly typescript: string;
  /** TypeScript 7, honest's pinned copy of its API (`typescript7`, an alias of typescript@7.0.x). */
  readonly typescript7: string;
  readonly tsPatch: string;
  readonly vitest: string;
  readonly typesNode: string;
  /** Kysely, PGlite, its Kysely dialect, pg and its types, for `--database`. */
  readonly database: DatabaseVersions;
}

interface Manifest {
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** The versions in honest's package.json; a missing one falls back to what honest was released with. */
export function templateVersions(manifest: Manifest): TemplateVersions {
  const all = { ...manifest.peerDependencies, ...manifest.dependencies, ...manifest.devDependencies };
  const exact = (name: string, fallback: string) => /^\d+\.\d+\.\d+$/.exec(all[name] ?? "")?.[0] ?? fallback;
  return {
    honest: manifest.version,
    hono: manifest.peerDependencies?.hono ?? "^4.12.23",
    typescript: exact("typescript", "6.0.3"),
    typescript7: /^npm:typescript@(\d+\.\d+\.\d+)$/.exec(all.typescript7 ?? "")?.[1] ?? "7.0.2",
    tsPatch: exact("ts-patch", "3.3.0"),
    vitest: exact("vitest", "4.1.12"),
    typesNode: exact("@types/node", "20.19.43"),
    database: {
      kysely: exact("kysely", "0.28.19"),
      pglite: exact("@electric-sql/pglite", "0.4.6"),
      pgliteDialect: exact("kysely-pglite-dialect", "1.3.1"),
      pg: exact("pg", "8.23.1"),
      typesPg: exact("@types/pg", "8.23.1"),
    },
  };
}

/** What a new project is made of: the choices `honest init` was given, and what it found. */
export interface ProjectChoices {
  /** The package's name. */
  readonly name: string;
  readonly mode: ProjectMode;
  readonly versions: TemplateVersions;
  /** The dependency on honest: `^` its version, or where the running honest was installed from (installed-from.ts). */
  readonly honest: string;
  /** `--database`: settings from the environment, a database (PGlite, or PostgreSQL with DATABASE_URL), a unit of work, an items table. */
  readonly database: boolean;
}

/** Every file of a new project, path relative to its folder → text. */
export function projectFiles(choices: ProjectChoices): Readonly<Record<string, string>> {
  const generator = choices.mode === "generator";
  const appModule = generator ? "../dist/app.js" : "../src/app.js";
  const { sources, tests } = choices.database ? databaseFiles(appModule) : { sources: {}, tests: {} };
  return {
    "package.json": json(packageJson(choices)),
    "tsconfig.json": tsconfig(choices.mode),
    ...(generator ? {} : { "vitest.config.ts": VITEST_CONFIG }),
    ".gitignore": "node_modules/\ndist/\n",
    "src/main.ts": choices.database ? DATABASE_MAIN : MAIN,
    "src/app.ts": generator ? `import "./honest.generated.js";\n${APP}` : APP,
    "src/hello.controller.ts": CONTROLLER,
    ...sources,
    "test/tsconfig.json": testTsconfig(choices.mode),
    "test/hello.test.ts": choices.database ? helloTestClosingApp(appModule) : helloTest(appModule),
    ...tests,
  };
}

/** The package's dependencies, with the database's when chosen. */
function withDatabase(
  { database, versions }: ProjectChoices,
  dependencies: Record<string, string>,
  devDependencies: Record<string, string>,
): { dependencies: Record<string, string>; devDependencies: Record<string, string> } {
  if (!database) return { dependencies, devDependencies };
  const added = databaseDependencies(versions.database);
  return {
    dependencies: sorted({ ...dependencies, ...added.dependencies }),
    devDependencies: sorted({ ...devDependencies, ...added.devDependencies }),
  };
}

/** Keys in npm's order, as `npm install --save` leaves them. */
function sorted(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b, "en")));
}

function packageJson(choices: ProjectChoices): object {
  const { name, mode, versions, honest } = choices;
  const common = {
    name,
    version: "0.1.0",
    private: true,
    type: "module",
  };
  const dependencies = { honest, hono: versions.hono };
  if (mode === "transformer") {
    return {
      ...common,
      scripts: {
        build: "tspc",
        start: "node dist/main.js",
        // The first build, then tspc's watch mode beside node's: node restarts the app on each rebuild (docs/setup/watch-mode.md, "Watch mode and incremental builds").
        dev: "tspc && (tspc --watch --preserveWatchOutput & node --watch dist/main.js)",
        // Vitest strips types without checking them: tsc checks the tests and the sources first (test/tsconfig.json).
        test: "tsc -p test && vitest run",
      },
      ...withDatabase(choices, dependencies, {
        "@types/node": versions.typesNode,
        "ts-patch": versions.tsPatch,
        typescript: versions.typescript,
        vitest: versions.vitest,
      }),
    };
  }
  return {
    ...common,
    scripts: {
      build: "honest generate && tsc",
      start: "node dist/main.js",
      dev: "honest generate && tsc && (honest generate --watch & tsc --watch --preserveWatchOutput & node --watch dist/main.js)",
      // TypeScript 7 has no API for honest/vite to compile with: the tests run against the build, and are checked against its declarations.
      test: "npm run build && tsc -p test && vitest run",
      check: "honest check",
    },
    ...withDatabase(choices, dependencies, {
      "@types/node": versions.typesNode,
      // The same version as honest's pinned TypeScript 7 API, which `honest generate` analyses with: one native binary for both.
      typescript: versions.typescript7,
      typescript7: `npm:typescript@${versions.typescript7}`,
      vitest: versions.vitest,
    }),
  };
}

function tsconfig(mode: ProjectMode): string {
  const plugins =
    mode === "transformer" ? '\n    "plugins": [{ "name": "honest/language-service" }, { "transform": "honest/transformer" }]' : "";
  // Generator mode's tests import the build (dist/app.js): its declarations give them its types.
  const declaration = mode === "generator" ? '\n    "declaration": true,' : "";
  return `{
  "compilerOptions": {
    "target": "es2022",
    "module": "nodenext",
    "strict": true,
    "skipLibCheck": true,${declaration}
    "types": ["node"],
    "rootDir": "src",
    "outDir": "dist"${plugins ? `,${plugins}` : ""}
  },
  "include": ["src"]
}
`;
}

/**
 * The tests' project, which `npm test` checks with tsc before Vitest runs them, and the editor
 * opens test files in: the app's options, no output, and its libraries' own declarations not checked
 * again (a second or more saved). A generated client the tests import is checked with them.
 */
function testTsconfig(mode: ProjectMode): string {
  // tspc's tests import src/, which Vitest compiles unchecked: it is checked here. Generator mode's build checked it.
  const include = mode === "transformer" ? '[".", "../src"]' : '["."]';
  return `{
  "extends": "../tsconfig.json",
  "compilerOptions": {
    "noEmit": true,
    "rootDir": "..",
    "skipLibCheck": true
  },
  "include": ${include}
}
`;
}

function json(value: object): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

const VITEST_CONFIG = `import honest from "honest/vite";
import { defineConfig } from "vitest/config";

// honest/vite compiles the controllers with honest's transformer as Vitest loads them: tests import src/ directly.
export default defineConfig({ plugins: [honest()] });
`;

const MAIN = `import { serve } from "honest/node";
import { createHelloApp } from "./app.js";

serve(createHelloApp(), { port: Number(process.env.PORT ?? 3000) });
`;

const APP = `import { type AppOptions, createApp } from "honest";

/** The app: every controller of the program, found by honest. Tests call it without a server. */
export function createHelloApp(options: AppOptions = {}) {
  return createApp(options);
}
`;

const CONTROLLER = `import { Controller, Get } from "honest";
import type { i64, Json, Path } from "honest";

interface Hello {
  id: i64;
  greeting: string;
}

@Controller()
export class HelloController {
  @Get("/hello/{id}")
  async hello(id: Path<i64>): Promise<Json<Hello>> {
    return { id, greeting: \`hello, \${id}\` };
  }
}
`;

function helloTest(appModule: string): string {
  return `import { expect, it } from "vitest";
import { createHelloApp } from "${appModule}";

it("GET /hello/1 answers the greeting", async () => {
  const response = await createHelloApp({ log: false }).request("/hello/1");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ id: 1, greeting: "hello, 1" });
});

it("GET /hello/abc is a 400 problem document", async () => {
  const response = await createHelloApp({ log: false }).request("/hello/abc");
  expect(response.status).toBe(400);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
});
`;
}

/** hello.test.ts when the app holds a database: one app for the file, closed after its tests (its pool, or PGlite, with it). */
function helloTestClosingApp(appModule: string): string {
  return `import { appReady, closeApp } from "honest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHelloApp } from "${appModule}";

const app = createHelloApp({ log: false });
beforeAll(() => appReady(app));
afterAll(() => closeApp(app));

it("GET /hello/1 answers the greeting", async () => {
  const response = await app.request("/hello/1");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ id: 1, greeting: "hello, 1" });
});

it("GET /hello/abc is a 400 problem document", async () => {
  const response = await app.request("/hello/abc");
  expect(response.status).toBe(400);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
});
`;
}
