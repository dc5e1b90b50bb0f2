import path from "node:path";
import { expect, it } from "vitest";
import { run } from "../support/commands.js";
import { honestBin } from "../support/generated-example.js";
import { docBlock } from "../support/readme.js";
import { tspc, tspcProject } from "../support/tspc-project.js";

// docs/guide/openapi-and-clients.md, "Stopping a breaking change": the gate reads
// whatever committed document it is given (a hand-edited one, a corrupted
// merge, a pull request's) and answers it as `honest check --against`
// prints it: in time linear in the document (20 000 removed operations took
// 144–171 s when each place was found by reading the file again from its
// start), a schema nested past 256 levels (through anyOf, properties and
// items, or a chain of $refs) reported at its place in the file rather than
// a stack overflow, a value too deep to print described, and a UTF-8
// byte-order mark skipped.

const controller = `import { Controller, Get, Post } from "honest";
import type { Json } from "honest";

export interface Tree {
  name: string;
  children: Tree[];
}

export interface Order {
  kind: "a" | "b";
}

@Controller({ prefix: "/items" })
export class ItemController {
  @Get("/")
  async list(): Promise<Json<string>> {
    return "";
  }

  @Get("/tree")
  async tree(): Promise<Json<Tree>> {
    return { name: "root", children: [] };
  }

  @Post("/")
  async create(order: Json<Order>): Promise<204> {
    return 204;
  }
}
`;

const main = `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`;

const transform = path.resolve(import.meta.dirname, "../../dist/cjs/transformer/index.js");
const sources = { "src/main.ts": main, "src/item.controller.ts": controller };
const project = tspcProject("gate-inputs", sources, { plugins: [{ transform, openapi: "openapi.json" }] });

/** `honest check --against <file>` with `text` as the committed document, and the seconds it took. */
function check(
  text: string,
  file = "committed.json",
): { readonly status: number | null; readonly stdout: string; readonly seconds: number } {
  project.write(file, text);
  const started = performance.now();
  // Killed after two minutes: the quadratic gate would take several.
  const result = run(process.execPath, [honestBin, "check", "--against", file], project.dir, { timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, seconds: (performance.now() - started) / 1000 };
}

/** A committed document of these paths, written as honest writes one. */
const documentOf = (paths: Record<string, unknown>) =>
  `${JSON.stringify({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths }, null, 2)}\n`;

const LIST = { get: { responses: { "200": { description: "OK", content: { "application/json": { schema: { type: "string" } } } } } } };

/** `file(line,col)` of `offset` in `text`, counted here, apart from the gate's own counting. */
function placeOf(text: string, offset: number): string {
  const before = text.slice(0, offset);
  return `committed.json(${before.split("\n").length},${offset - before.lastIndexOf("\n")})`;
}

/** The offset of the `nth` (from 1) occurrence of `search` in `text`. */
function nthIndex(text: string, search: string, nth: number): number {
  let index = -1;
  for (let found = 0; found < nth; found++) index = text.indexOf(search, index + 1);
  return index;
}

const tooDeep = (label: string, subject: string) =>
  `${label}: the schema of ${subject} in committed.json nests more than 256 levels deep (properties, items and anyOf or oneOf members, $refs followed), ` +
  "deeper than the breaking-change gate compares; check that committed.json is the document your clients were written against, or give the type fewer levels of nesting.";

const removed = (operation: string) =>
  `${operation}: the operation was removed, a break for clients written against committed.json; restore the route (its replacement can live beside it until clients have moved), ` +
  "or version the API (a new route beside this one), or, if the break is intended, copy the new document over committed.json.";

/** A committed document with the program's GET /items and 20 000 operations it does not have. */
function twentyThousandRemoved(): string {
  const paths: Record<string, unknown> = { "/items": LIST };
  for (let index = 0; index < 20_000; index++) paths[`/gone/r${index}`] = { get: { responses: { "200": { description: "OK" } } } };
  return documentOf(paths);
}

/** The error printed for `/gone/r<index>`, at its `"get"` in `text`. */
const removedLine = (text: string, index: number) =>
  `${placeOf(text, text.indexOf('"get"', text.indexOf(`"/gone/r${index}"`)))}: error TS991036: ${removed(`GET /gone/r${index}`)}`;

// The bounds below are generous, for a loaded machine: about 3 s each when idle, most of it analysing the
// program; with a reading of the file from its start for each place, honest check took 144 s.
it("reports 20 000 removed operations, each at its line, in seconds", { timeout: 150_000 }, () => {
  const text = twentyThousandRemoved();
  const result = check(text);
  const lines = result.stdout.split("\n");
  expect(lines.length).toBe(20_002);
  expect(lines[0]).toBe(removedLine(text, 0));
  expect(lines[19_999]).toBe(removedLine(text, 19_999));
  expect(lines.slice(-2)).toEqual(["honest: 20000 errors.", ""]);
  expect(result.status).toBe(1);
  expect(result.seconds).toBeLessThan(60);
});

it("reports them in tspc's build too, with the plugin's against", { timeout: 150_000 }, () => {
  const build = tspcProject("gate-inputs-build", sources, {
    plugins: [{ transform, openapi: { file: "openapi.json", against: "committed.json" } }],
  });
  const text = twentyThousandRemoved();
  build.write("committed.json", text);
  const started = performance.now();
  // Its 6 MB of output is more than the project's own tspc() keeps.
  const result = run(process.execPath, [tspc], build.dir, { timeout: 120_000 });
  const seconds = (performance.now() - started) / 1000;
  const errors = result.stdout.split("\n").filter((line) => line.includes("error TS991036"));
  expect(errors.length).toBe(20_000);
  expect(errors[0]).toBe(removedLine(text, 0));
  expect(errors[19_999]).toBe(removedLine(text, 19_999));
  expect(result.status).not.toBe(0);
  expect(seconds).toBeLessThan(60);
});

/** A single-line document whose GET /items answers `schema`, written as text: JSON.stringify itself overflows on 5 000 levels. */
const listAnswering = (schema: string) =>
  `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/items":{"get":{"responses":{"200":{"description":"OK","content":{"application/json":{"schema":${schema}}}}}}}}}`;

for (const levels of [5_000, 50_000]) {
  it(`reports anyOf nested ${levels} levels at the schema, naming the file, not a stack overflow`, () => {
    const deep = `${'{"anyOf":['.repeat(levels)}{"type":"string"}${"]}".repeat(levels)}`;
    const text = documentOf({
      "/items": { get: { responses: { "200": { description: "OK", content: { "application/json": { schema: "DEEP" } } } } } },
    });
    const result = check(text.replace('"DEEP"', deep), "openapi.json");
    // As the guide shows it.
    expect(result.stdout).toBe(`${docBlock("docs/guide/openapi-and-clients.md", "**Any committed document.**")}honest: 1 error.\n`);
    expect(result.stdout).toMatch(/^openapi\.json\(15,17\): /);
    expect(text.split("\n")[14]).toBe(`${" ".repeat(16)}"schema": "DEEP"`);
    expect(result.status).toBe(1);
  });
}

it("reports a chain of 5 000 $refs, each an anyOf of the next, at the schema that starts it", () => {
  const components = Array.from({ length: 5_000 }, (_, index) => `"C${index}":{"anyOf":[{"$ref":"#/components/schemas/C${index + 1}"}]}`);
  const text = listAnswering('{"$ref":"#/components/schemas/C0"}').replace(
    /}$/,
    `,"components":{"schemas":{${components.join(",")},"C5000":{"type":"string"}}}}`,
  );
  const result = check(text);
  expect(result.stdout).toBe(
    `${placeOf(text, text.indexOf('"schema"'))}: error TS991036: ${tooDeep("GET /items (ItemController.list)", "the 200 response's application/json")}\nhonest: 1 error.\n`,
  );
  expect(result.status).toBe(1);
});

it("reports properties nested 5 000 levels, compared with a recursive type, at the level past 256", () => {
  // Each level of the tree is two: a property, then `children`'s items. The 129th level's first property, `name`, is level 257.
  const level = '{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":';
  const text = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/items/tree":{"get":{"responses":{"200":{"description":"OK","content":{"application/json":{"schema":${level.repeat(5_000)}{"type":"object"}${"}}}".repeat(5_000)}}}}}}}}}`;
  expect(() => JSON.parse(text)).not.toThrow();
  const result = check(text);
  expect(result.stdout).toBe(
    `${placeOf(text, nthIndex(text, '"name"', 129))}: error TS991036: ${tooDeep("GET /items/tree (ItemController.tree)", "the 200 response's application/json")}\nhonest: 1 error.\n`,
  );
  expect(result.status).toBe(1);
});

it("describes an enum value nested 5 000 levels deep that a request no longer accepts, rather than printing it", () => {
  const deepArray = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
  const text = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/items":{"post":{"requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","properties":{"kind":{"enum":["a","b",${deepArray}]}},"required":["kind"]}}}},"responses":{"204":{"description":"No Content"}}}}}}`;
  const result = check(text);
  expect(result.stdout).toContain(
    "error TS991036: POST /items (ItemController.create): the application/json request body at $.kind no longer accepts an array nested more than 256 levels deep, a break for clients written against committed.json;",
  );
  expect(result.stdout.endsWith("honest: 2 errors.\n")).toBe(true);
  expect(result.status).toBe(1);
});

it("reads a document that starts with a UTF-8 byte-order mark, its places counted without it", () => {
  const text = documentOf({ "/items": LIST, "/gone": { delete: { responses: { "204": { description: "No Content" } } } } });
  const result = check(`\uFEFF${text}`);
  expect(result.stdout).toBe(`${placeOf(text, text.indexOf('"delete"'))}: error TS991036: ${removed("DELETE /gone")}\nhonest: 1 error.\n`);
  expect(result.status).toBe(1);
  expect(check(`\uFEFF${documentOf({ "/items": LIST })}`).stdout).toBe("honest: no errors (3 routes).\n");
});
