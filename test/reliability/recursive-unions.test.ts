import { describe, expect, it } from "vitest";
import { nested, serveHostileAppForFile } from "../support/hostile-fixture.js";
import { problem } from "../support/problem.js";

// docs/reference/limits.md, "Limits, timeouts and failures": a union told apart only by
// trying its members, whose members lead back to it, is checked and
// reported in time linear in the body. Tried naively, each level tries
// every member again: 2^24 attempts for a 250-byte body (7.7 s measured
// before the fix), 3^16 for three members, and a valid body whose required
// key comes after `next` took 3.7 s at depth 28. Here the depths are such
// that the naive cost would be minutes; each request must be answered
// within the test's time.

const server = serveHostileAppForFile();

const json = { "content-type": "application/json" };

describe("a recursive union without a discriminant", () => {
  it("refuses a body wrong at its innermost level with the one fault there", { timeout: 10_000 }, async () => {
    const body = nested(29, '"a":"x",', '{"a":1}');
    const answer = await server.send("POST", "/chain", json, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      problem(400, "Bad Request", "the request body does not match its declared type (1 error)", {
        errors: [{ path: `$${".next".repeat(29)}.a`, expected: "string", got: "1" }],
      }),
    );
  });

  it("refuses such a body through a union of three members", { timeout: 10_000 }, async () => {
    // Every member is one fault away from `{"c":"yes"}`; the first such member is the one reported.
    const answer = await server.send("POST", "/chain3", json, nested(20, '"b":2,', '{"c":"yes"}'));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: `$${".next".repeat(20)}.a`, expected: "string", got: "missing" }]);
  });

  it("accepts a valid body whose required key comes after the nested member, whole", { timeout: 10_000 }, async () => {
    const answer = await server.send("POST", "/late", json, nested(40, '"b":1,', '{"a":"end"}'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ depth: 41 });
  });

  it("accepts a valid chain of alternating members at the nesting limit's edge", { timeout: 10_000 }, async () => {
    let body = '{"a":"end"}';
    for (let level = 0; level < 250; level++) body = level % 2 === 0 ? `{"b":${level},"next":${body}}` : `{"a":"x","next":${body}}`;
    const answer = await server.send("POST", "/chain", json, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ depth: 251 });
  });

  it("still answers the next request at once", async () => {
    expect((await server.send("GET", "/health")).body).toEqual({ ok: true });
  });
});
