import { describe, expect, it } from "vitest";
import { serveHostileAppForFile } from "../support/hostile-fixture.js";
import { problem } from "../support/problem.js";

// docs/guide/constraints.md, "Constraints": a value past its MaxLength is never given to its
// Pattern or Format, in the parser that accepts and in the reporter that
// lists the faults, wherever the value comes from. Before, the reporter ran
// `/\d+x/` over the whole string: 200 kB of digits took 19 s to answer its
// 400 while every other request waited. Here such a value is answered with
// the length fault alone.

const server = serveHostileAppForFile();

const digits = (count: number) => "1".repeat(count);
const tooLong = { expected: "string of at most 20 characters", got: `"${digits(40)}…"` };

describe("a value past its MaxLength", () => {
  it("in a JSON body is refused for its length alone, never matched against the pattern", { timeout: 10_000 }, async () => {
    const answer = await server.send("POST", "/guarded", { "content-type": "application/json" }, `{"guarded":"${digits(200_000)}"}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      problem(400, "Bad Request", "the request body does not match its declared type (1 error)", {
        errors: [{ path: "$.guarded", ...tooLong }],
      }),
    );
    expect((await server.send("GET", "/health")).status).toBe(200);
  });

  it("in a urlencoded form is refused for its length alone", { timeout: 10_000 }, async () => {
    const answer = await server.send(
      "POST",
      "/guarded-form",
      { "content-type": "application/x-www-form-urlencoded" },
      `guarded=${digits(200_000)}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe("the form does not match its declared type (1 error)");
    expect(answer.body.errors).toEqual([{ path: "form.guarded", ...tooLong }]);
  });

  it("in the query string, a header and a cookie is refused for its length alone, all three in one 400", async () => {
    const answer = await server.send("GET", `/guarded-inputs?q=${digits(4_000)}`, {
      "x-guarded": digits(4_000),
      cookie: `guarded=${digits(4_000)}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe("the query string, the request headers and the cookies do not match their declared types (3 errors)");
    expect(answer.body.errors).toEqual([
      { path: "query.q", ...tooLong },
      { path: "header.x-guarded", ...tooLong },
      { path: "cookie.guarded", ...tooLong },
    ]);
  });
});

describe("a value within its MaxLength", () => {
  it("is still matched against the pattern, in a body", async () => {
    const answer = await server.send("POST", "/guarded", { "content-type": "application/json" }, '{"guarded":"12345"}');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: "$.guarded", expected: "string matching /\\d+x/", got: '"12345"' }]);
    expect((await server.send("POST", "/guarded", { "content-type": "application/json" }, '{"guarded":"a12x"}')).status).toBe(204);
  });

  it("is still matched against the pattern, in the query string, headers and cookies", async () => {
    const answer = await server.send("GET", "/guarded-inputs?q=123", { cookie: "guarded=9x" });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe("the query string does not match its declared type (1 error)");
    expect(answer.body.errors).toEqual([{ path: "query.q", expected: "string matching /\\d+x/", got: '"123"' }]);
    expect((await server.send("GET", "/guarded-inputs?q=1x", { "x-guarded": "22x", cookie: "guarded=9x" })).status).toBe(204);
  });
});
