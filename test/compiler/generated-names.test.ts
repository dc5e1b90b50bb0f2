import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { type Compiled, compileFixture } from "../support/compile.js";

// docs/how-it-works.md, "How it works": generated code as a person would write it. Locals
// are named after the properties they read, whatever those are called; a
// function's name depends on what it does, not on what else the file uses;
// handlers are named after their route; and the imports only honest's
// decorators used are gone from the compiled file.

const AWKWARD = `
import { Controller, Get, Post, createApp, type Json, type Path } from "honest";

/** Property names that are keywords, globals generated code calls, its own parameters and locals, or not identifiers. */
export interface Awkward {
  class: string;
  Number: number;
  input: string;
  depth: number;
  out?: string;
  key: string;
  value?: number;
  "x-y": boolean;
  __honest: string;
  "": string;
  tags: string[];
}

@Controller()
export class AwkwardController {
  @Post("/awkward")
  async echo(body: Json<Awkward>): Promise<Json<Awkward>> {
    return body;
  }

  @Get("/class/{class}/{c}")
  async path([klass, c]: Path<[string, string]>): Promise<Json<string>> {
    return klass + c;
  }
}

export const app = createApp({ log: false });
`;

const VALID = {
  class: "a",
  Number: 1,
  input: "b",
  depth: 2,
  out: "c",
  key: "d",
  value: 3,
  "x-y": true,
  __honest: "e",
  "": "f",
  tags: ["g"],
};

describe("locals named after what they hold", () => {
  let compiled: Compiled;
  let app: Hono;

  beforeAll(async () => {
    compiled = compileFixture("generated-names-awkward", { "src/app.ts": AWKWARD });
    expect(compiled.diagnostics).toEqual([]);
    app = (await compiled.load<{ app: Hono }>("src/app.ts")).app;
  });

  it("stay valid and shadow nothing generated code reads, whatever the properties are called", async () => {
    const response = await app.request("/awkward", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...VALID, extra: 1 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(VALID);
    const output = compiled.output("src/app.ts");
    expect(output).toContain("const class_ = input.class;");
    expect(output).toContain("const Number_ = input.Number;");
    expect(output).toContain("const input_2 = input.input;");
    expect(output).toContain('const xY = input["x-y"];');
    expect(output).toContain("const ___honest = input.__honest;");
  });

  it("in handlers too: path values are named after their placeholders, clear of the context `c`", async () => {
    expect(await (await app.request("/class/a/b")).json()).toBe("ab");
    const output = compiled.output("src/app.ts");
    expect(output).toContain('const class_ = __honest.parseStringParam(c.req.param("class"), "class");');
    expect(output).toContain('const c_2 = __honest.parseStringParam(c.req.param("c"), "c");');
  });

  it("and the reporter lists every fault by the property's own name", async () => {
    const response = await app.request("/awkward", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...VALID, class: 1, Number: "x", "x-y": null, "": 2, tags: [3] }),
    });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: { path: string }[] };
    expect(problem.errors.map((error) => error.path)).toEqual(["$.class", "$.Number", '$["x-y"]', '$[""]', "$.tags[0]"]);
  });

  it("and a function takes no parameter it does not read", () => {
    const output = compiled.output("src/app.ts");
    expect(output).toMatch(/function __honest_parse_Awkward\(input\) \{/);
    expect(output).toMatch(/function __honest_report_Awkward\(input, path, errors\) \{/);
    expect(output).toMatch(/function __honest_route_AwkwardController_echo\(\{ controller, settings, controllerMethod, trace \}\) \{/);
  });
});

const ITEMS = `
import { Controller, Get, Post } from "honest";
import type { Json, MaxItems } from "honest";

export interface Item { name: string }
export type Patch = Partial<Item>;

@Controller()
export class ItemController {
  @Get("/items")
  async list(): Promise<Json<Item[]>> { return []; }

  @Post("/pairs")
  async pairs(body: Json<[string, number][]>): Promise<Json<[string, number][]>> { return body; }

  @Post("/patch")
  async patch(body: Json<Patch>): Promise<Json<Item>> { return { name: body.name ?? "" }; }
}
`;

const ONCE = `
import { Controller, Get, Post } from "honest";
import type { Cookie, Header, i64, Json, MaxItems, Pattern } from "honest";

export interface Item { id: i64; name: string }
export interface Gone { id: i64 }
export type Batch = Item[] & MaxItems<10>;
export type Theme = "dark" | "light";
export type Payment = { kind: "card"; last4: string } | { kind: "cash" };
export interface Settings { theme: Theme; accent?: Theme; payment: Payment }

@Controller()
export class ItemController {
  @Post("/batch")
  async batch(body: Json<Batch>, headers: Header<{ "x-request-id"?: string & Pattern<"^[a-z]+$"> }>): Promise<Json<Item | Gone>> {
    return body[0] ?? { id: 0n };
  }

  @Get("/settings")
  async settings({ theme }: Cookie<{ theme?: Theme }>): Promise<Json<Settings>> {
    return { theme: theme ?? "dark", payment: { kind: "cash" } };
  }
}
`;

/** The generated function names of a compiled file, in order. */
function functionNames(output: string): string[] {
  return [...output.matchAll(/^function (\w+)\(/gm)].map(([, name]) => name!);
}

describe("generated names", () => {
  it("depend on what they name: editing one route renames nothing of another", () => {
    const before = compileFixture("generated-names-before", { "src/items.ts": ITEMS });
    const edited = ITEMS.replaceAll("Json<[string, number][]>", "Json<([string, number] | null)[] & MaxItems<3>>");
    const after = compileFixture("generated-names-after", { "src/items.ts": edited });
    expect(before.diagnostics).toEqual([]);
    expect(after.diagnostics).toEqual([]);
    const [namesBefore, namesAfter] = [functionNames(before.output("src/items.ts")), functionNames(after.output("src/items.ts"))];
    const unchanged = namesBefore.filter((name) => !/tuple|array_/.test(name) || name.includes("Item_array"));
    for (const name of unchanged) expect(namesAfter, name).toContain(name);
    // The edited route's own functions are renamed: their shape changed.
    expect(namesAfter.filter((name) => !namesBefore.includes(name)).length).toBeGreaterThan(0);
    expect(namesBefore).toContain("__honest_write_Item_array");
  });

  it("say what a thing is once, from the type's name where there is one", () => {
    const output = compileFixture("generated-names-once", { "src/items.ts": ONCE }).output("src/items.ts");
    const names = [...output.matchAll(/^(?:function|const) (\w+)/gm)].map(([, name]) => name!);
    expect(names).toEqual(
      expect.arrayContaining([
        "__honest_header_x_request_id",
        "__honest_header_x_request_id_check",
        "__honest_cookie_theme",
        "__honest_cookie_theme_text",
        "__honest_parse_Batch",
        "__honest_report_Batch",
        "__honest_write_Theme",
        "__honest_write_Payment",
      ]),
    );
    // An optional property's type is the alias's union with undefined, which has no name: the values name it.
    expect(names).toContain("__honest_write_dark_or_light");
    // Two members' `id: i64` is one i64, written by the runtime's writer.
    expect(output).not.toMatch(/_or_i64|x_request_id_x_request_id|theme_theme|Item_array_[0-9a-f]{6}/);
  });

  it("follow the alias a Json<T> writes, not the type it resolves to", () => {
    const output = compileFixture("generated-names-alias", { "src/items.ts": ITEMS }).output("src/items.ts");
    expect(output).toContain("function __honest_parse_Patch(");
    expect(output).not.toContain("Partial_Item");
  });

  it("name each handler after its controller and method, as stack traces and Hono's route listing show it", async () => {
    const compiled = compileFixture("generated-names-handler", { "src/items.ts": ITEMS });
    const { ItemController } = await compiled.load<{ ItemController: Record<symbol, { routes: { member: string; handler: Function }[] }> }>(
      "src/items.ts",
    );
    const definition = ItemController[Symbol.for("honest.controller")]!;
    const handler = definition.routes[0]!.handler({ controller: {}, settings: { bodyLimit: 1 }, controllerMethod: () => [] });
    expect(handler.name).toBe("ItemController_list");
  });
});

describe("imports", () => {
  it("keep none that only honest's decorators and createApp() used, and no type", () => {
    const compiled = compileFixture("generated-names-imports", {
      "src/item.ts": 'export class Item { name = "item"; }\n',
      "src/app.ts": `
import { Controller, Get, HttpError, StatusCode, createApp, type AppOptions, type Json } from "honest";
import * as honest from "honest";
import { Item } from "./item.js";

@honest.Controller()
export class Plain {
  @Get("/")
  async get(): Promise<Json<string>> {
    if (Math.random() > 2) throw new HttpError(StatusCode.NOT_FOUND, "never");
    return "ok";
  }

  /** A value used only as a type, in a file that also imports a decorator from its module. */
  @Get("/status")
  async status(): Promise<StatusCode> {
    return 204;
  }
}

export function describeItem(item: Item): string {
  return item.name;
}

const options: AppOptions = { log: false };
export const app = createApp(options);
`,
    });
    expect(compiled.diagnostics).toEqual([]);
    const output = compiled.output("src/app.ts");
    expect(output).toContain('import { HttpError, StatusCode } from "honest";');
    expect(output).not.toMatch(/\bController\b|\bGet\b|import \* as honest|AppOptions|\bcreateApp\b/);
    // An import TypeScript elides on its own (a class used only as a type) is left to it.
    expect(output).not.toContain("./item.js");
  });
});
