import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Analysis, analyseWithTypeScript6, analyseWithTypeScript7 } from "../support/analysis-by-compiler.js";
import { nodeTsconfig } from "../support/node-tsconfig.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode": one analysis, two compilers. honest's analysis gives the
// same program model (controllers, routes, parameters, responses, JSON shape
// table, injections, createApp() calls, decorators) and the same diagnostics
// (file, line, column, message) whether TypeScript 6 answers in-process or
// TypeScript 7 answers over IPC from its native binary.
//
// Union members come in honest's own order (transformer/compiler/analyse/union-order.ts)
// whichever compiler answers: TypeScript 6 lists them as its checker created
// them, TypeScript 7 by comparing the types.

const root = path.resolve(import.meta.dirname, "../..");

function writeProject(name: string, files: Readonly<Record<string, string>>): string {
  const dir = path.join(root, "test/.out", name);
  rmSync(dir, { recursive: true, force: true });
  const tsconfig = nodeTsconfig({ moduleResolution: "nodenext", lib: ["es2023"], types: ["node"], noEmit: true });
  for (const [file, text] of Object.entries({ "tsconfig.json": tsconfig, ...files })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return path.join(dir, "tsconfig.json");
}

function bothCompilers(config: string): { readonly six: Analysis; readonly seven: Analysis } {
  return { six: analyseWithTypeScript6(config), seven: analyseWithTypeScript7(config) };
}

describe("TypeScript 6 and TypeScript 7 give one model", () => {
  it("for the example app", () => {
    const { six, seven } = bothCompilers(path.join(root, "example/tsconfig.json"));
    const model = six.model as { controllers: { routes: unknown[] }[]; shapes: unknown[]; createAppCalls: unknown[] };
    expect(model.controllers.flatMap((controller) => controller.routes)).toHaveLength(24);
    expect(model.shapes.length).toBeGreaterThan(10);
    expect(model.createAppCalls).toHaveLength(1);
    expect(six.diagnostics).toEqual([]);
    expect(seven.model).toEqual(six.model);
    expect(seven.diagnostics).toEqual(six.diagnostics);
  });

  it("in one order for a union's members, whatever order each compiler lists them in", () => {
    const config = path.join(root, "example/tsconfig.json");
    const theme = /"values":\["(light|dark)","(light|dark)"\]/;
    expect(JSON.stringify(analyseWithTypeScript6(config).model).match(theme)?.slice(1)).toEqual(["dark", "light"]);
    expect(JSON.stringify(analyseWithTypeScript7(config).model).match(theme)?.slice(1)).toEqual(["dark", "light"]);
  });

  it("for a project with every kind of JSON, input and response mistake", () => {
    const { six, seven } = bothCompilers(writeProject("compiler-facts-mistakes", { "src/controller.ts": MISTAKES }));
    expect(six.diagnostics).toContain(
      "src/controller.ts(7,3): error TS991014: GET /api/account (AccountController.get): Json<Account> cannot be sent as a response: $.roles is a Map, which JSON cannot carry; use Record<string, T> or an array of entries.",
    );
    // A Date is the standard library's, which each compiler's facts recognise alike: a date shape, a date query value.
    expect(JSON.stringify(six.model)).toContain('{"name":"since","optional":false,"array":false,"type":{"kind":"date"}}');
    expect(JSON.stringify(six.model)).toContain(
      '{"name":"edited","optional":false,"shape":{"kind":"union","members":[{"kind":"date"},{"kind":"null"}]}}',
    );
    expect(six.diagnostics.length).toBeGreaterThan(10);
    expect(seven.diagnostics).toEqual(six.diagnostics);
    expect(seven.model).toEqual(six.model);
  });

  it("for a project of components, resolvers, middleware and their mistakes", () => {
    const { six, seven } = bothCompilers(writeProject("compiler-facts-components", COMPONENTS));
    expect(six.diagnostics).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^src\/controllers\.ts\(\d+,\d+\): error TS991016: dependency cycle: /),
        expect.stringMatching(/^src\/controllers\.ts\(\d+,\d+\): error TS991017: Needy cannot be built/),
        expect.stringMatching(/TS991030: Shifty\.securityScheme/),
        expect.stringMatching(/TS991013: GET \/a\/\{y\} \(Pages\.again\) has the same method and path shape/),
        expect.stringMatching(/TS991022: Pages\.helper has @Use/),
        expect.stringMatching(/TS991001: Stray\.get has a route decorator/),
        expect.stringMatching(/warning TS991015: GET \/a\/\{x\} \(Pages\.one\): a GET request has no body/),
      ]),
    );
    const model = six.model as { controllers: { routes: { synchronous: boolean }[] }[] };
    expect(model.controllers.flatMap((controller) => controller.routes.map((route) => route.synchronous))).toContain(true);
    expect(seven.diagnostics).toEqual(six.diagnostics);
    expect(seven.model).toEqual(six.model);
  });
});

describe("TypeScript 7's facts", () => {
  // Each question is a round trip to the native process; analysis's questions about
  // the program's own files go in a few requests (transformer/compiler/facts/typescript7-prefetch.ts).
  it("ask a few dozen requests for each more controller, not hundreds", () => {
    const requests = (count: number) =>
      analyseWithTypeScript7(writeProject(`compiler-facts-requests-${count}`, controllerFiles(count))).requests;
    const perController = (requests(6) - requests(2)) / 4;
    expect(perController).toBeGreaterThan(0);
    expect(perController).toBeLessThan(50);
  });
});

/** `count` controllers of 3 routes, each with its own data types. */
function controllerFiles(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    files[`src/r${i}.ts`] = `import { Controller, Get, Post, StatusCode } from "honest";
import type { i64, Json, Path } from "honest";
interface Dims${i} { width: number; unit: "cm" | "in" }
export interface Item${i} { id: i64; name: string; tags: string[]; dims: Dims${i}; note?: string }
@Controller({ prefix: "/r${i}" })
export class R${i}Controller {
  @Get("/")
  async list(): Promise<Json<Item${i}[]>> { return []; }
  @Get("/{id}")
  async get(id: Path<i64>): Promise<Json<Item${i}>> { return { id, name: "", tags: [], dims: { width: 1, unit: "cm" } }; }
  @Post("/")
  async create(body: Json<Partial<Item${i}>>): Promise<StatusCode> { return StatusCode.CREATED; }
}
`;
  }
  return files;
}

const MISTAKES = `import { Controller, Get, Post, StatusCode } from "honest";
import type { Json, Query, Header, Form, Path, MinLength, MaxLength, Pattern, Minimum, Maximum, Integer, MaxItems, i64 } from "honest";
interface Account {
  name: string;
  onSave: () => void;
  createdAt: Date;
  roles: Map<string, boolean>;
  key: symbol;
  history: { at: Date }[];
}
/** A tree of comments. */
interface Comment {
  /** The text, at most 280 characters. */
  text: string & MinLength<1> & MaxLength<280>;
  replies: Comment[];
  flagged: true | false;
  score?: number & Integer & Minimum<0>;
  /** @deprecated use score */
  rank: number | null;
  edited: Date | null;
}
interface Wrong {
  age: number & MinLength<1>;
  slug: string & Pattern<"[a-">;
  range: number & Minimum<10> & Maximum<5>;
  pair: [string, number?, ...boolean[]];
  bag: Record<string, number>;
  byNumber: { [index: number]: string };
  later: Promise<string>;
}
type Page<T> = { items: T[]; next: string | null };
interface Filter {
  limit?: number & Integer & Minimum<1>;
  tags?: string[] & MaxItems<3>;
  since: Date;
  order?: "asc" | "desc";
}
@Controller({ prefix: "/api" })
export class AccountController {
  @Get("/account")
  async get(): Promise<Json<Account>> { throw new Error(); }
  @Post("/comments")
  async comment(body: Json<Comment>): Promise<Json<Comment, 201>> { return body; }
  @Post("/wrong")
  async wrong(body: Json<Wrong>): Promise<StatusCode> { return 204; }
  @Get("/page/{id}/{n}")
  async page([id, n]: Path<[i64, 1 | 2]>, q: Query<Filter>): Promise<Json<Page<Comment>> | StatusCode> { throw new Error(); }
  @Get("/generic")
  async generic<T>(): Promise<Json<Page<T>>> { throw new Error(); }
  @Post("/upload")
  async upload(form: Form<{ photo: File; caption?: string & MaxLength<80> }>, h: Header<{ "X-Id": string }>): Promise<Json<number, 204>> { return 1; }
  @Get("/number")
  async number(): Promise<Json<number> | StatusCode> { return 1; }
}
`;

const COMPONENTS: Readonly<Record<string, string>> = {
  "src/services.ts": `
import type { Context } from "hono";
import { HttpError } from "honest";
import type { Inject, SecurityScheme } from "honest";
export interface User { readonly id: number }
export class Clock { now(): number { return 0; } }
export class Tokens {
  declare readonly clock: Inject<Clock>;
  verify(header: string | undefined): User { if (!header) throw new HttpError(401, "sign in"); return { id: 1 }; }
}
/** The signed-in user. */
export class CurrentUser {
  static readonly securityScheme = { type: "http", scheme: "bearer" } as const satisfies SecurityScheme;
  declare readonly tokens: Inject<Tokens>;
  async resolve(c: Context): Promise<User> { return this.tokens.verify(c.req.header("authorization")); }
}
export class MaybeUser {
  resolve(c: Context): User | undefined { return c.req.header("x-user") ? { id: 2 } : undefined; }
}
let scheme = "bearer";
export class Shifty {
  static readonly securityScheme = { type: "http", scheme };
  resolve(c: Context): User { return { id: 3 }; }
}
export class Needy { constructor(readonly name: string) {} }
export class Base { declare readonly clock: Inject<Clock>; }
export class Derived extends Base {}
`,
  "src/controllers.ts": `
import type { Context, MiddlewareHandler } from "hono";
import { Controller, Get, Post, Use, StatusCode } from "honest";
import type { From, Inject, Json, Path } from "honest";
import * as services from "./services.js";
import { CurrentUser, MaybeUser, Shifty, Needy, Derived } from "./services.js";
const log: MiddlewareHandler = async (_c, next) => { await next(); };
export class A { declare readonly b: Inject<B>; }
export class B { declare readonly a: Inject<A>; }
/** Pages of things. */
@Controller({ prefix: "/a" })
@Use(log)
export class Pages {
  declare readonly a: Inject<A>;
  declare readonly needy: Inject<Needy>;
  declare readonly derived: Inject<Derived>;
  declare readonly clock: Inject<services.Clock>;
  @Get("/{x}")
  @Use(log, log)
  async one(x: Path<string>, body: Json<{ n: number }>): Promise<Json<string>> { return x; }
  @Get("/{y}")
  async again(y: Path<string>): Promise<Json<string>> { return y; }
  @Post("/me")
  async me(user: From<CurrentUser>, maybe: From<MaybeUser>, odd: From<Shifty>, c: Context): Promise<Json<services.User>> { return user; }
  @Get("/later")
  async later(): Promise<Json<number>> { await Promise.resolve(); return 1; }
  @Use(log)
  helper(): void {}
}
export class Stray {
  @Get("/stray")
  async get(): Promise<StatusCode> { return 204; }
}
`,
  "src/app.ts": `
import { createApp } from "honest";
import { Clock } from "./services.js";
export const app = createApp({ providers: [[Clock, new Clock()]], openapi: { title: "t", version: "1" } });
`,
};
