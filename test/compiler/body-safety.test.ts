import { beforeAll, describe, expect, it } from "vitest";
import { compileBodyFixture, type BodyFixture, type Posted } from "../support/body-fixture.js";

// docs/guide/errors.md, "Errors": a bad body never reaches the handler and never crashes the
// process; undeclared properties are dropped, and `__proto__` and
// `constructor` never reach a handler's objects. Hostile shapes (deep
// nesting, huge arrays, a fault in every element) cost a 400 or a 413, no
// more.

let fixture: BodyFixture;

beforeAll(async () => {
  fixture = await compileBodyFixture(
    "body-safety",
    `
      interface Profile { name: string; settings: { theme: string } }
      interface Comment { text: string; replies: Comment[] }
      interface Point { x: number; y: number }

      @Controller()
      export class Bodies {
        @Post("/profile") async profile(body: Json<Profile>): Promise<StatusCode> { return take(body); }
        @Post("/record") async record(body: Json<Record<string, { v: number }>>): Promise<StatusCode> { return take(body); }
        @Post("/unknown") async unknown(body: Json<{ data: unknown }>): Promise<StatusCode> { return take(body); }
        @Post("/exact") async exact(body: Json<{ id: i64; data: unknown }>): Promise<StatusCode> { return take(body); }
        @Post("/comment") async comment(body: Json<Comment>): Promise<StatusCode> { return take(body); }
        @Post("/points") async points(body: Json<Point[]>): Promise<StatusCode> { return take(body); }
        @Post("/numbers") async numbers(body: Json<number[]>): Promise<StatusCode> { return take(body); }
      }
    `,
    "{ log: false, bodyLimit: 4 * 1024 * 1024 }",
  );
});

const post = (path: string, body: string): Promise<Posted> => fixture.post(path, body);

describe("undeclared properties", () => {
  it("are dropped at every depth, and the handler gets fresh plain objects", async () => {
    const { received } = await post("/profile", '{"name":"ada","role":"admin","settings":{"theme":"dark","debug":true}}');
    expect(received).toStrictEqual({ name: "ada", settings: { theme: "dark" } });
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
  });
});

describe("__proto__ and constructor", () => {
  const pollutedBodies = {
    "a declared object": [
      "/profile",
      '{"name":"ada","settings":{"theme":"x"},"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    ],
    "a Record": ["/record", '{"a":{"v":1},"__proto__":{"v":2},"constructor":{"v":3}}'],
    "an unknown value": [
      "/unknown",
      '{"data":{"list":[{"__proto__":{"polluted":true},"ok":1}],"constructor":{"prototype":{"polluted":true}}}}',
    ],
    "an exactly parsed body": ["/exact", '{"id":12345678901234567,"data":{"__proto__":{"polluted":true},"x":1.5}}'],
  } as const;

  it.each(Object.entries(pollutedBodies))("never reach the handler through %s, and pollute nothing", async (_name, [path, body]) => {
    const { status, received } = await post(path, body);
    expect(status).toBe(204);
    const walk = (value: unknown): void => {
      if (typeof value !== "object" || value === null) return;
      expect(Object.getPrototypeOf(value)).toBe(Array.isArray(value) ? Array.prototype : Object.prototype);
      expect(Object.keys(value)).not.toContain("__proto__");
      expect(Object.keys(value)).not.toContain("constructor");
      expect((value as { polluted?: unknown }).polluted).toBeUndefined();
      Object.values(value).forEach(walk);
    };
    walk(received);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("keeps the other keys of a Record", async () => {
    const { received } = await post("/record", '{"a":{"v":1},"__proto__":{"v":2},"b":{"v":3}}');
    expect(received).toStrictEqual({ a: { v: 1 }, b: { v: 3 } });
  });
});

describe("deep nesting", () => {
  const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

  it("100 000 nested arrays where an object is expected: a 400 at the root", async () => {
    const { status, problem } = await post("/points", nestedArrays(100_000));
    expect(status).toBe(400);
    expect(problem!.errors).toEqual([{ path: "$[0]", expected: "object", got: "array of 1 item" }]);
  });

  it("100 000 nested arrays in an unknown value: a 400 naming the limit", async () => {
    const { status, problem } = await post("/unknown", `{"data":${nestedArrays(100_000)}}`);
    expect(status).toBe(400);
    expect(problem!.detail).toBe("the request body is nested more than 256 levels deep");
  });

  it("100 000 nested arrays in a body parsed exactly: a 400 before parsing", async () => {
    const { status, problem } = await post("/exact", `{"id":1.5,"data":${nestedArrays(100_000)}}`);
    expect(status).toBe(400);
    expect(problem!.detail).toBe("the request body is nested more than 256 levels deep");
  });

  it("a recursive type nested past the limit: a 400, whether or not it is otherwise valid", async () => {
    const nested = (depth: number, text: unknown) =>
      '{"text":"a","replies":['.repeat(depth) + `{"text":${JSON.stringify(text)},"replies":[]}` + "]}".repeat(depth);
    for (const leaf of ["ok", 3]) {
      const { status, problem } = await post("/comment", nested(20_000, leaf));
      expect(status).toBe(400);
      expect(problem!.detail).toBe("the request body is nested more than 256 levels deep");
    }
    expect((await post("/comment", nested(200, "ok"))).status).toBe(204);
  });

  it("nesting within the limit is accepted", async () => {
    const { status, received } = await post("/unknown", `{"data":${nestedArrays(200)}}`);
    expect(status).toBe(204);
    expect(JSON.stringify((received as { data: unknown }).data)).toBe(nestedArrays(200));
  });
});

describe("huge bodies", () => {
  it("a 100 000-element array is checked in full", async () => {
    const numbers = Array.from({ length: 100_000 }, (_, index) => index);
    const { status, received } = await post("/numbers", JSON.stringify(numbers));
    expect(status).toBe(204);
    expect(received).toEqual(numbers);
  });

  it("a fault in every one of 100 000 elements lists the first 100", async () => {
    const { status, problem } = await post("/numbers", JSON.stringify(Array.from({ length: 100_000 }, () => "x")));
    expect(status).toBe(400);
    expect(problem!.errors).toHaveLength(100);
    expect(problem!.errors[99]).toEqual({ path: "$[99]", expected: "number", got: '"x"' });
    expect(problem!.detail).toBe("the request body does not match its declared type; the first 100 errors are listed");
  });

  it("long strings are cut in `got`", async () => {
    const { problem } = await post("/numbers", JSON.stringify(["y".repeat(10_000)]));
    expect(problem!.errors).toEqual([{ path: "$[0]", expected: "number", got: JSON.stringify(`${"y".repeat(40)}…`) }]);
  });
});
