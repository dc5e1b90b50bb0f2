import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compiledApp } from "../support/compiled-app.js";

// docs/guide/json-bodies-and-responses.md, "JSON bodies and responses": "A response carries only the properties its type declares." The
// serializer generated for a `Json<T>` return type writes exactly what `T`
// declares, in declaration order, i64s exactly; and whatever the handler
// really returns, the body is valid JSON.

let app: Hono;

beforeAll(async () => {
  app = await compiledApp("response-serialization", {
    "src/responses.ts": `
      import { Controller, Get } from "honest";
      import type { i64, Json } from "honest";

      interface Account { name: string; email?: string; balance: i64 }
      type Shape = { kind: "circle"; radius: number } | { kind: "square"; side: number };
      type Loose = { a: string } | { b: number };
      interface Node { label: string; children: Node[] }
      class Entity { id = 1; name = "e"; label(): string { return this.name; } }
      interface Stats { total: number; [key: string]: number }
      const secrets = { passwordHash: "x", token: "y" };

      @Controller()
      export class Responses {
        @Get("/account") async account(): Promise<Json<Account>> {
          return { name: "ada", balance: 9223372036854775807n, ...secrets } as Account;
        }
        @Get("/account-with-email") async accountWithEmail(): Promise<Json<Account>> {
          return { email: "a@b.c", balance: -1n, name: "ada" };
        }
        @Get("/accounts") async accounts(): Promise<Json<Account[]>> {
          return [{ name: "a", balance: 1n, ...secrets } as Account, { name: "b", balance: 2n }];
        }
        @Get("/shapes") async shapes(): Promise<Json<Shape[]>> {
          return [{ kind: "circle", radius: 1, side: 5 } as Shape, { kind: "square", side: 2 }];
        }
        @Get("/loose") async loose(): Promise<Json<Loose[]>> {
          return [{ a: "x", b: 1, c: true } as Loose, { b: 2 }];
        }
        @Get("/scalars") async scalars(): Promise<Json<(string | number | boolean | null)[]>> {
          return ["s", 1.5, true, null, "é\\n\\"q\\""];
        }
        @Get("/tuple") async tuple(): Promise<Json<[string, i64, number?]>> {
          return ["a", 12345678901234567890n as i64];
        }
        @Get("/tree") async tree(): Promise<Json<Node>> {
          return { label: "root", children: [{ label: "leaf", children: [], extra: 1 } as Node] };
        }
        @Get("/entity") async entity(): Promise<Json<Entity>> {
          return new Entity();
        }
        @Get("/record") async record(): Promise<Json<Record<string, { n: i64 }>>> {
          return { "a b": { n: 1n, hidden: true } as { n: i64 }, c: { n: 2n } };
        }
        @Get("/stats") async stats(): Promise<Json<Stats>> {
          return { apples: 2, total: 3 };
        }
        @Get("/unknown") async unknown(): Promise<Json<{ data: unknown }>> {
          return { data: { big: 1n, list: [1, "a", null] } };
        }
        @Get("/optional-first") async optionalFirst(): Promise<Json<{ a?: number; b?: number; c: number }>> {
          return { b: 2, c: 3 };
        }
        @Get("/lies") async lies(): Promise<Json<Account[]>> {
          return [null, { name: 1, balance: "x" }, { name: undefined, balance: undefined }, "text"] as unknown as Account[];
        }
        @Get("/non-finite") async nonFinite(): Promise<Json<number[]>> {
          return [NaN, Infinity, -0, 1e21];
        }
      }
    `,
  });
});

async function text(path: string): Promise<string> {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json");
  const body = await response.text();
  expect(() => JSON.parse(body)).not.toThrow();
  return body;
}

describe("only what the type declares", () => {
  it("a handler returning { name, passwordHash } as Json<Account> sends just the declared fields", async () => {
    expect(await text("/account")).toBe('{"name":"ada","balance":9223372036854775807}');
  });

  it("writes declared properties in declaration order, optional ones when present", async () => {
    expect(await text("/account-with-email")).toBe('{"name":"ada","email":"a@b.c","balance":-1}');
    expect(await text("/optional-first")).toBe('{"b":2,"c":3}');
  });

  it("in arrays, nested objects, recursive types and records", async () => {
    expect(await text("/accounts")).toBe('[{"name":"a","balance":1},{"name":"b","balance":2}]');
    expect(await text("/tree")).toBe('{"label":"root","children":[{"label":"leaf","children":[]}]}');
    expect(await text("/record")).toBe('{"a b":{"n":1},"c":{"n":2}}');
    expect(await text("/stats")).toBe('{"total":3,"apples":2}');
  });

  it("a class instance: its data, not its methods", async () => {
    expect(await text("/entity")).toBe('{"id":1,"name":"e"}');
  });
});

// Routes whose answer is one JSON text, by the describe block and test they stand for.
describe.each<[string, [title: string, route: string, json: string][]]>([
  [
    "unions",
    [
      ["a discriminated union writes the member its tag names", "/shapes", '[{"kind":"circle","radius":1},{"kind":"square","side":2}]'],
      ["an untagged union writes any property one of its members declares", "/loose", '[{"a":"x","b":1},{"b":2}]'],
      [
        "scalars by their type, strings escaped as JSON.stringify escapes them",
        "/scalars",
        JSON.stringify(["s", 1.5, true, null, 'é\n"q"']),
      ],
    ],
  ],
  [
    "other shapes",
    [
      ["tuples, with an absent optional element left out", "/tuple", '["a",12345678901234567890]'],
      ["unknown values as they are, bigints exact", "/unknown", '{"data":{"big":1,"list":[1,"a",null]}}'],
    ],
  ],
  [
    "values that break their type",
    [
      ["still give valid JSON", "/lies", '[null,{"name":1,"balance":"x"},{"name":null,"balance":null},"text"]'],
      ["non-finite numbers are null, as JSON.stringify writes them", "/non-finite", JSON.stringify([NaN, Infinity, -0, 1e21])],
    ],
  ],
])("%s", (_block, cases) => {
  it.each(cases)("%s", async (_title, route, json) => {
    expect(await text(route)).toBe(json);
  });
});
