import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compiledApp } from "../support/compiled-app.js";

// Every type docs/guide/path-parameters.md's "Path parameter types" allows for a path parameter, compiled by the transformer
// and exercised through app.request: what each accepts, and the 400 for
// everything else.

const controller = `
import { Controller, Get } from "honest";
import type { i64, Json, Path } from "honest";
import type { Context } from "hono";

enum Color { Red = "red", Green = "green" }

@Controller()
export class ParamController {
  @Get("/i64/{value}")
  async i64(value: Path<i64>): Promise<Json<{ value: i64; type: string }>> {
    return { value, type: typeof value };
  }
  @Get("/bigint/{value}")
  async bigint(value: Path<bigint>): Promise<Json<{ value: bigint }>> {
    return { value: value + 1n };
  }
  @Get("/number/{value}")
  async number(value: Path<number>): Promise<Json<{ value: number; type: string }>> {
    return { value, type: typeof value };
  }
  @Get("/string/{value}")
  async string(value: Path<string>): Promise<Json<{ value: string }>> {
    return { value };
  }
  @Get("/boolean/{value}")
  async boolean(value: Path<boolean>): Promise<Json<{ value: boolean }>> {
    return { value };
  }
  @Get("/order/{value}")
  async order(value: Path<"asc" | "desc">): Promise<Json<{ value: string }>> {
    return { value };
  }
  @Get("/level/{value}")
  async level(value: Path<1 | 2 | -3>): Promise<Json<{ value: number; type: string }>> {
    return { value, type: typeof value };
  }
  @Get("/color/{value}")
  async color(value: Path<Color>): Promise<Json<{ value: Color }>> {
    return { value };
  }
  @Get("/pair/{a}/{b}/{c}")
  async pair([a, b, c]: Path<[i64, string, boolean]>, context: Context): Promise<Json<{ a: i64; b: string; c: boolean; path: string }>> {
    return { a, b, c, path: context.req.path };
  }
}
`;

let app: Hono;

beforeAll(async () => {
  app = await compiledApp("path-params", {
    "src/params.ts": controller,
  });
});

async function get(path: string): Promise<{ status: number; body: any }> {
  const response = await app.request(path);
  return { status: response.status, body: await response.json() };
}

async function expectRejected(path: string, parameter: string) {
  const response = await app.request(path);
  expect(response.status, path).toBe(400);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = await response.json();
  expect(problem).toMatchObject({ type: "about:blank", title: "Bad Request", status: 400 });
  expect(problem.detail).toContain(`path parameter "${parameter}"`);
}

describe("i64 and bigint", () => {
  it("accepts decimal digits with an optional minus across the whole 64-bit range", async () => {
    expect(await get("/i64/42")).toEqual({ status: 200, body: { value: 42, type: "bigint" } });
    expect(await (await app.request("/i64/-9223372036854775808")).text()).toBe('{"value":-9223372036854775808,"type":"bigint"}');
    expect(await (await app.request("/i64/9223372036854775807")).text()).toBe('{"value":9223372036854775807,"type":"bigint"}');
    expect(await (await app.request("/bigint/9007199254740993")).text()).toBe('{"value":9007199254740994}');
    expect(await get("/i64/007")).toEqual({ status: 200, body: { value: 7, type: "bigint" } });
    expect(await get("/i64/-00000000000000000000042")).toEqual({ status: 200, body: { value: -42, type: "bigint" } });
  });

  it.each([
    "9223372036854775808",
    "-9223372036854775809",
    "99999999999999999999",
    "%2012",
    "0x1f",
    "%2B5",
    "1e3",
    "1.0",
    "-",
    "12a",
    "%EF%BC%91",
  ])("rejects %s", async (text) => {
    await expectRejected(`/i64/${text}`, "value");
    await expectRejected(`/bigint/${text}`, "value");
  });
});

describe("number", () => {
  it("accepts finite decimal numbers", async () => {
    expect(await get("/number/2.5")).toEqual({ status: 200, body: { value: 2.5, type: "number" } });
    expect(await get("/number/-3")).toEqual({ status: 200, body: { value: -3, type: "number" } });
    expect(await get("/number/1e3")).toEqual({ status: 200, body: { value: 1000, type: "number" } });
  });

  it.each(["abc", "1e400", "Infinity", "NaN", "0x10", "%2012", "%2B1", "1.", ".5", "1,5"])("rejects %s", async (text) => {
    await expectRejected(`/number/${text}`, "value");
  });
});

describe("string", () => {
  it("is percent-decoded exactly once", async () => {
    expect(await get("/string/a%20b")).toEqual({ status: 200, body: { value: "a b" } });
    expect(await get("/string/100%2525")).toEqual({ status: 200, body: { value: "100%25" } });
    expect(await get("/string/a%2Fb")).toEqual({ status: 200, body: { value: "a/b" } });
    expect(await get("/string/%C3%A9t%C3%A9")).toEqual({ status: 200, body: { value: "été" } });
  });

  it("needs a non-empty segment", async () => {
    expect((await app.request("/string/")).status).toBe(404);
  });
});

describe("boolean", () => {
  it("accepts exactly true and false", async () => {
    expect(await get("/boolean/true")).toEqual({ status: 200, body: { value: true } });
    expect(await get("/boolean/false")).toEqual({ status: 200, body: { value: false } });
  });

  it.each(["TRUE", "1", "yes", "0", "False"])("rejects %s", async (text) => {
    await expectRejected(`/boolean/${text}`, "value");
  });
});

describe("unions of literals", () => {
  it("accepts exactly one of the strings", async () => {
    expect(await get("/order/asc")).toEqual({ status: 200, body: { value: "asc" } });
    expect(await get("/order/desc")).toEqual({ status: 200, body: { value: "desc" } });
    await expectRejected("/order/ASC", "value");
    await expectRejected("/order/up", "value");
    const problem = await (await app.request("/order/up")).json();
    expect(problem.detail).toBe('path parameter "value" must be one of "asc", "desc"; got "up"');
  });

  it("gives numeric literals as numbers", async () => {
    expect(await get("/level/2")).toEqual({ status: 200, body: { value: 2, type: "number" } });
    expect(await get("/level/-3")).toEqual({ status: 200, body: { value: -3, type: "number" } });
    await expectRejected("/level/3", "value");
    await expectRejected("/level/2.0", "value");
  });

  it("accepts the values of a string enum", async () => {
    expect(await get("/color/red")).toEqual({ status: 200, body: { value: "red" } });
    await expectRejected("/color/Red", "value");
  });
});

describe("tuples", () => {
  it("parses each placeholder with its own type, in path order, beside a Context parameter", async () => {
    expect(await get("/pair/-5/x%20y/true")).toEqual({ status: 200, body: { a: -5, b: "x y", c: true, path: "/pair/-5/x y/true" } });
  });

  it("names the placeholder that failed", async () => {
    await expectRejected("/pair/x/y/true", "a");
    await expectRejected("/pair/1/y/maybe", "c");
  });
});
