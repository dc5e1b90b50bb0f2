import { beforeAll, describe, expect, it } from "vitest";
import { compileBodyFixture, type BodyFixture } from "../support/body-fixture.js";

// JSON that parsers disagree on. Each case either reaches the handler with a
// value its type allows, or is a 400 that names what was wrong; which one is
// documented in docs/guide/json-bodies-and-responses.md, "JSON bodies and responses".

let fixture: BodyFixture;

beforeAll(async () => {
  fixture = await compileBodyFixture(
    "json-edge-cases",
    `
      interface Entry { name: string; amount: number; count?: i64; extra?: unknown }

      @Controller()
      export class Bodies {
        @Post("/entry") async entry(body: Json<Entry>): Promise<StatusCode> { return take(body); }
        @Post("/anything") async anything(body: Json<unknown>): Promise<StatusCode> { return take(body); }
      }
    `,
  );
});

const entry = (fields: string) => `{"name":"n","amount":1${fields}}`;

describe("empty and unreadable bodies", () => {
  it.each(["", " ", "\r\n\t "])("%j is a 400 saying the body is empty", async (body) => {
    const { status, problem } = await fixture.post("/entry", body);
    expect(status).toBe(400);
    expect(problem.detail).toBe("the request body is empty; expected a JSON document");
  });

  it("a UTF-8 byte-order mark is skipped, as RFC 8259 allows", async () => {
    expect((await fixture.post("/entry", `\uFEFF${entry("")}`)).received).toEqual({ name: "n", amount: 1 });
  });

  it("a lone surrogate in raw bytes is not UTF-8: a 400", async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"name":"'),
      0xed,
      0xa0,
      0x80,
      ...new TextEncoder().encode('","amount":1}'),
    ]);
    const { status, problem } = await fixture.post("/entry", bytes);
    expect(status).toBe(400);
    expect(problem.detail).toBe("the request body is not valid UTF-8");
  });

  it("a lone surrogate written as an escape is a JSON string like any other, and reaches the handler as written", async () => {
    expect((await fixture.post("/entry", '{"name":"\\ud800","amount":1}')).received.name).toBe("\ud800");
  });

  it("text after the document is a 400", async () => {
    const { status, problem } = await fixture.post("/entry", `${entry("")} {}`);
    expect(status).toBe(400);
    expect(problem.detail).toMatch(/^the request body is not valid JSON: /);
  });
});

describe("keys", () => {
  it("a repeated key takes its last value, as JSON.parse does", async () => {
    expect((await fixture.post("/entry", '{"name":"first","amount":1,"name":"last"}')).received).toEqual({ name: "last", amount: 1 });
  });

  it("a repeated key is checked by its last value", async () => {
    const { status, problem } = await fixture.post("/entry", '{"name":"ok","amount":1,"name":5}');
    expect(status).toBe(400);
    expect(problem.errors).toEqual([{ path: "$.name", expected: "string", got: "5" }]);
  });

  it("__proto__ never reaches the handler's object, even inside an unknown value", async () => {
    const { received } = await fixture.post("/entry", entry(',"__proto__":{"admin":true},"extra":{"__proto__":{"admin":true},"ok":1}'));
    expect(received).toEqual({ name: "n", amount: 1, extra: { ok: 1 } });
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe("nesting", () => {
  it("100 000 levels where an object is expected: a 400, and the process lives", async () => {
    const { status } = await fixture.post("/entry", "[".repeat(100_000) + "]".repeat(100_000));
    expect(status).toBe(400);
  });

  it("100 000 levels in an unknown value: a 400 naming the limit", async () => {
    const { status, problem } = await fixture.post("/anything", '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000));
    expect(status).toBe(400);
    expect(problem.detail).toBe("the request body is nested more than 256 levels deep");
  });
});

describe("numbers", () => {
  it("1e400 is not a finite number: a 400 for a number field", async () => {
    const { status, problem } = await fixture.post("/entry", '{"name":"n","amount":1e400}');
    expect(status).toBe(400);
    expect(problem.errors).toEqual([{ path: "$.amount", expected: "number", got: "1e400" }]);
  });

  it("1e400 is a 400 for an i64 field too, which takes exact integers only", async () => {
    expect((await fixture.post("/entry", entry(',"count":1e400'))).status).toBe(400);
  });

  it("-0 stays -0 in a number field and is 0n in an i64 field", async () => {
    const { received } = await fixture.post("/entry", '{"name":"n","amount":-0,"count":-0}');
    expect(Object.is(received.amount, -0)).toBe(true);
    expect(received.count).toBe(0n);
  });

  it("1.0 is the integer 1 for an i64 field; 1.5 is a 400", async () => {
    expect((await fixture.post("/entry", entry(',"count":1.0'))).received.count).toBe(1n);
    expect((await fixture.post("/entry", entry(',"count":1.5'))).status).toBe(400);
  });

  it("numbers JSON does not have (NaN, Infinity, 0x10, +1, .5) are a 400", async () => {
    for (const amount of ["NaN", "Infinity", "0x10", "+1", ".5", "01"]) {
      const { status, problem } = await fixture.post("/entry", `{"name":"n","amount":${amount}}`);
      expect(status, amount).toBe(400);
      expect(problem.detail, amount).toMatch(/^the request body is not valid JSON: /);
    }
  });
});
