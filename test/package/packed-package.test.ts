import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/http.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";
import { SPEC_ROUTE_TABLE } from "../support/spec-route-table.js";

// SPEC §1: "A project that depends on honest through a packed tarball works
// the same way." This packs the package with `npm pack` (which runs the
// `prepare` build), installs the tarball into a fresh user project under the
// system temp directory next to its own typescript and ts-patch, builds SPEC
// §2's controllers with the project's own tspc and the plugin entry
// { "transform": "honest/transformer" }, starts `node dist/main.js` and talks
// to it over real HTTP.
//
// `npm pack` runs in a copy of the working tree (without dist/ and
// node_modules/, which is linked), so that its `prepare` build does not
// rewrite this repository's dist/ while other test files load from it.

const root = path.resolve(import.meta.dirname, "../..");
const SETUP_TIMEOUT = 240_000;
const COMMAND_TIMEOUT = 180_000;
const APP_NAME = "packed honest app";

const sources: Record<string, string> = {
  "src/items/item.ts": `
import type { i64 } from "honest";

export interface Item {
  id: i64;
  name: string;
  price: number;
  tags: string[];
}

export interface CreateDto {
  name: string;
  price: number;
  tags?: string[];
}

export interface UpdateDto {
  name: string;
  price: number;
  tags: string[];
}

export type PatchDto = Partial<UpdateDto>;
`,
  "src/items/item-store.ts": `
import type { CreateDto, Item, PatchDto, UpdateDto } from "./item.js";

export class ItemStore {
  readonly #items = new Map<bigint, Item>();
  #nextId = 1n;

  constructor() {
    this.add({ name: "keyboard", price: 49.5, tags: ["input"] });
    this.add({ name: "mouse", price: 19.99 });
    // 2^53 + 1: a double cannot hold it, so only an exact i64 serializer gets it right.
    this.#items.set(9007199254740993n, { id: 9007199254740993n, name: "big", price: 1, tags: [] });
  }

  all(): Item[] {
    return [...this.#items.values()];
  }

  find(id: bigint): Item | undefined {
    return this.#items.get(id);
  }

  add(dto: CreateDto): Item {
    const item: Item = { id: this.#nextId++, name: dto.name, price: dto.price, tags: dto.tags ?? [] };
    this.#items.set(item.id, item);
    return item;
  }

  replace(id: bigint, dto: UpdateDto): Item | undefined {
    if (!this.#items.has(id)) return undefined;
    const item: Item = { id, name: dto.name, price: dto.price, tags: dto.tags };
    this.#items.set(id, item);
    return item;
  }

  patch(id: bigint, dto: PatchDto): Item | undefined {
    const item = this.#items.get(id);
    if (!item) return undefined;
    const patched: Item = { ...item, ...dto, id };
    this.#items.set(id, patched);
    return patched;
  }

  remove(id: bigint): boolean {
    return this.#items.delete(id);
  }
}
`,
  "src/items/item.controller.ts": `
import { Controller, Delete, Get, HttpError, Patch, Post, Put, StatusCode } from "honest";
import type { i64, Inject, Json, Path } from "honest";
import type { Context } from "hono";
import type { CreateDto, Item, PatchDto, UpdateDto } from "./item.js";
import { ItemStore } from "./item-store.js";

@Controller()
export class ItemController {
  declare readonly store: Inject<ItemStore>;

  @Get("/items")
  async list(): Promise<Json<Item[]>> {
    return this.store.all();
  }

  @Get("/items/{id}")
  async get(id: Path<i64>): Promise<Json<Item>> {
    const item = this.store.find(id);
    if (!item) throw new HttpError(StatusCode.NOT_FOUND, \`item \${id} not found\`);
    return item;
  }

  @Post("/items")
  async create(body: Json<CreateDto>, c: Context): Promise<StatusCode> {
    const item = this.store.add(body);
    c.header("location", \`/items/\${item.id}\`);
    return StatusCode.CREATED;
  }

  @Put("/items/{id}")
  async update(id: Path<i64>, body: Json<UpdateDto>): Promise<Json<Item>> {
    const item = this.store.replace(id, body);
    if (!item) throw new HttpError(StatusCode.NOT_FOUND, \`item \${id} not found\`);
    return item;
  }

  @Delete("/items/{id}")
  async remove(id: Path<i64>): Promise<StatusCode> {
    if (!this.store.remove(id)) throw new HttpError(StatusCode.NOT_FOUND, \`item \${id} not found\`);
    return StatusCode.NO_CONTENT;
  }

  @Patch("/items/{id}")
  async patch(id: Path<i64>, body: Json<PatchDto>): Promise<Json<Item>> {
    const item = this.store.patch(id, body);
    if (!item) throw new HttpError(StatusCode.NOT_FOUND, \`item \${id} not found\`);
    return item;
  }
}
`,
  "src/todos/todo.controller.ts": `
import { Controller, Get } from "honest";
import type { Json } from "honest";

export interface Todo {
  id: number;
  title: string;
  done: boolean;
}

@Controller({ prefix: "/api" })
export class TodoController {
  @Get("/todos")
  async list(): Promise<Json<Todo[]>> {
    return [
      { id: 1, title: "pack honest", done: true },
      { id: 2, title: "install the tarball", done: false },
    ];
  }
}
`,
  "src/config/app-config.ts": `
export class AppConfig {
  readonly name = process.env.APP_NAME ?? "honest app";
}
`,
  "src/users/user.service.ts": `
export class UserService {
  readonly #names = new Map<bigint, string>([
    [1n, "ada"],
    [2n, "grace"],
  ]);

  name(id: bigint): string | undefined {
    return this.#names.get(id);
  }
}
`,
  "src/users/post.controller.ts": `
import { Controller, Get, HttpError, StatusCode } from "honest";
import type { i64, Inject, Json, Path } from "honest";
import { AppConfig } from "../config/app-config.js";
import { UserService } from "./user.service.js";

export interface Post {
  id: i64;
  userId: i64;
  author: string;
  site: string;
}

@Controller()
export class PostController {
  declare readonly users: Inject<UserService>;
  declare readonly config: Inject<AppConfig>;

  @Get("/users/{user_id}/posts/{post_id}")
  async get([userId, postId]: Path<[i64, i64]>): Promise<Json<Post>> {
    const author = this.users.name(userId);
    if (author === undefined) throw new HttpError(StatusCode.NOT_FOUND, \`no user \${userId}\`);
    return { id: postId, userId, author, site: this.config.name };
  }
}
`,
  "src/main.ts": `
import { createApp, serve } from "honest";

const app = createApp();
serve(app, { port: Number(process.env.PORT ?? 3000) });
`,
};

// Controllers are discovered in source file path order: src/items/ < src/todos/ < src/users/,
// which is the order of SPEC §5's own table.

let tempDir: string | undefined;
let project: string;
let buildResult: CommandResult;
let port: number;
let server: NodeProcess | undefined;
let baseUrl: string;

interface CommandResult {
  readonly status: number | null;
  readonly output: string;
}

/** The environment for child npm/node processes, without what an enclosing `npm test` or `npx` says about this repository. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_package_|npm_lifecycle_|npm_command$|npm_config_local_prefix$|npm_config_call$|init_cwd$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

function run(command: string, args: readonly string[], cwd: string): CommandResult {
  const result = spawnSync(command, args, { cwd, env: childEnv(), encoding: "utf8", timeout: COMMAND_TIMEOUT, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  const output = `$ ${command} ${args.join(" ")}\n${result.stdout}${result.stderr}`;
  return { status: result.status, output };
}

function runOrThrow(command: string, args: readonly string[], cwd: string): void {
  const result = run(command, args, cwd);
  if (result.status !== 0) throw new Error(`exit code ${result.status}\n${result.output}`);
}

/** What the copy of the working tree leaves out: what a build or install makes, and git's data. */
function isBuildOutput(relative: string): boolean {
  const parts = relative.split(path.sep);
  return (
    ["node_modules", "dist", ".git"].includes(parts[0]!) ||
    parts.includes("node_modules") ||
    relative === path.join("example", "dist") ||
    relative === path.join("test", ".out") ||
    relative.endsWith(".tgz")
  );
}

beforeAll(async () => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-packed-"));
  const staging = path.join(tempDir, "honest");
  const packDir = path.join(tempDir, "pack");
  project = path.join(tempDir, "user-app");
  mkdirSync(packDir);
  mkdirSync(project);

  cpSync(root, staging, { recursive: true, filter: (source) => !isBuildOutput(path.relative(root, source)) });
  symlinkSync(path.join(root, "node_modules"), path.join(staging, "node_modules"), "dir");
  // `npm pack` runs the `prepare` script (npm run build) before packing.
  runOrThrow("npm", ["pack", "--pack-destination", packDir], staging);
  const tarballs = readdirSync(packDir).filter((file) => file.endsWith(".tgz"));
  expect(tarballs).toEqual([expect.stringMatching(/^honest-\d+\.\d+\.\d+.*\.tgz$/)]);

  writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify(
      {
        name: "honest-packed-user-app",
        version: "1.0.0",
        private: true,
        type: "module",
        dependencies: { honest: `file:${path.join(packDir, tarballs[0]!)}`, hono: "4.13.19" },
        devDependencies: { "@types/node": "20.19.43", "ts-patch": "3.3.0", typescript: "6.0.3" },
      },
      null,
      2,
    ) + "\n",
  );
  runOrThrow("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], project);

  writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          lib: ["es2023"],
          types: ["node"],
          strict: true,
          skipLibCheck: true,
          rootDir: "src",
          outDir: "dist",
          plugins: [{ transform: "honest/transformer" }],
        },
        include: ["src"],
      },
      null,
      2,
    ) + "\n",
  );
  for (const [file, text] of Object.entries(sources)) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text.trimStart());
  }

  buildResult = run(path.join(project, "node_modules/.bin/tspc"), ["-p", "tsconfig.json"], project);
  if (buildResult.status !== 0) throw new Error(`tspc failed with exit code ${buildResult.status}\n${buildResult.output}`);

  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = startNode("dist/main.js", { cwd: project, env: childEnv({ PORT: String(port), APP_NAME }) });
  await server.listening();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await stopNode(server);
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

async function request(method: string, url: string, init: { json?: unknown; body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = {};
  let body: string | undefined = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] = "application/json";
  }
  if (init.contentType) headers["content-type"] = init.contentType;
  const response = await fetch(baseUrl + url, { method, headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function expectProblem(response: Awaited<ReturnType<typeof request>>, status: number) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = JSON.parse(response.text);
  expect(problem).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  return problem as { detail: string; [key: string]: unknown };
}

describe("a user project that installs honest from npm pack's tarball", () => {
  it("builds with the project's own tspc and the honest/transformer plugin", () => {
    expect(buildResult.status, buildResult.output).toBe(0);
  });

  it("prints SPEC §5's route table, then listens", () => {
    expect(server!.stdout()).toBe(`${SPEC_ROUTE_TABLE}\nhonest: listening on http://localhost:${port}\n`);
  });

  it("GET /items lists the items, with an i64 above 2^53 exact in the JSON text", async () => {
    const response = await request("GET", "/items");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.text).toBe(
      '[{"id":1,"name":"keyboard","price":49.5,"tags":["input"]},' +
        '{"id":2,"name":"mouse","price":19.99,"tags":[]},' +
        '{"id":9007199254740993,"name":"big","price":1,"tags":[]}]',
    );
  });

  it("GET /items/{id} parses the i64 and answers 200", async () => {
    const response = await request("GET", "/items/1");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toEqual({ id: 1, name: "keyboard", price: 49.5, tags: ["input"] });

    const big = await request("GET", "/items/9007199254740993");
    expect(big.status).toBe(200);
    expect(big.text).toBe('{"id":9007199254740993,"name":"big","price":1,"tags":[]}');
  });

  it("GET /items/abc is a 400 problem naming the parameter", async () => {
    const problem = await expectProblem(await request("GET", "/items/abc"), 400);
    expect(problem.detail).toContain('"id"');
  });

  it("GET /items/{id} of a missing item is the handler's HttpError 404", async () => {
    const problem = await expectProblem(await request("GET", "/items/77"), 404);
    expect(problem.detail).toBe("item 77 not found");
  });

  it("POST /items with a JSON body creates an item: 201, no body", async () => {
    const response = await request("POST", "/items", { json: { name: "monitor", price: 189, tags: ["display"] } });
    expect(response.status, response.text).toBe(201);
    expect(response.text).toBe("");
    expect(response.headers.get("location")).toBe("/items/3");

    const created = await request("GET", "/items/3");
    expect(created.status).toBe(200);
    expect(JSON.parse(created.text)).toEqual({ id: 3, name: "monitor", price: 189, tags: ["display"] });
  });

  it("POST /items with another content type is 415", async () => {
    await expectProblem(await request("POST", "/items", { body: '{"name":"x","price":1}', contentType: "text/plain" }), 415);
  });

  it("POST /items with a body of the wrong shape is a 400 listing every fault", async () => {
    const problem = await expectProblem(await request("POST", "/items", { json: { name: 5, tags: ["a", 2] } }), 400);
    expect(problem.errors).toEqual([
      { path: "$.name", expected: "string", got: "5" },
      { path: "$.price", expected: "number", got: "missing" },
      { path: "$.tags[1]", expected: "string", got: "2" },
    ]);
  });

  it("POST /items with malformed JSON is 400", async () => {
    await expectProblem(await request("POST", "/items", { body: '{"name": "x", "price":', contentType: "application/json" }), 400);
  });

  it("PUT /items/{id} replaces the item", async () => {
    const response = await request("PUT", "/items/2", { json: { name: "trackball", price: 30, tags: ["input"] } });
    expect(response.status, response.text).toBe(200);
    expect(response.text).toBe('{"id":2,"name":"trackball","price":30,"tags":["input"]}');
  });

  it("PATCH /items/{id} changes only the given fields", async () => {
    const response = await request("PATCH", "/items/2", { json: { price: 25 } });
    expect(response.status, response.text).toBe(200);
    expect(JSON.parse(response.text)).toEqual({ id: 2, name: "trackball", price: 25, tags: ["input"] });
  });

  it("DELETE /items/{id} answers 204, and the item is gone", async () => {
    const response = await request("DELETE", "/items/2");
    expect(response.status, response.text).toBe(204);
    expect(response.text).toBe("");
    await expectProblem(await request("GET", "/items/2"), 404);
    await expectProblem(await request("DELETE", "/items/2"), 404);
  });

  it("GET /api/todos is served under the controller's prefix", async () => {
    const response = await request("GET", "/api/todos");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toEqual([
      { id: 1, title: "pack honest", done: true },
      { id: 2, title: "install the tarball", done: false },
    ]);
    await expectProblem(await request("GET", "/todos"), 404);
  });

  it("GET /users/{user_id}/posts/{post_id} gets both ids and both injected components", async () => {
    const response = await request("GET", "/users/1/posts/2");
    expect(response.status, response.text).toBe(200);
    expect(response.text).toBe(`{"id":2,"userId":1,"author":"ada","site":${JSON.stringify(APP_NAME)}}`);

    const problem = await expectProblem(await request("GET", "/users/1/posts/x"), 400);
    expect(problem.detail).toContain('"post_id"');
  });

  it("an unknown path is a 404 problem", async () => {
    await expectProblem(await request("GET", "/nope"), 404);
  });

  it("a known path with another method is 405 with an Allow header", async () => {
    const response = await request("DELETE", "/items");
    await expectProblem(response, 405);
    const allow = response.headers.get("allow");
    expect(allow).not.toBeNull();
    expect(allow!.split(",").map((method) => method.trim())).toEqual(expect.arrayContaining(["GET", "POST"]));
    expect(allow).not.toContain("DELETE");
  });

  it("stops gracefully on SIGTERM with exit code 0", async () => {
    expect(server, "the server was not started").toBeDefined();
    server!.child.kill("SIGTERM");
    expect(await server!.exited, server!.stdout() + server!.stderr()).toEqual({ code: 0, signal: null });
    expect(server!.stdout()).toContain("honest: SIGTERM received");
    expect(server!.stderr()).toBe("");
  });
});
