import { createRequire } from "node:module";
import { connect, readBigInt, UnexpectedAnswer } from "honest/client";
import { describe, expect, it } from "vitest";

// docs/guide/openapi-and-clients.md, "A client generated with the app": what a generated client imports
// is "honest/client", for ES modules and CommonJS alike, and loads nothing of the server's.

const require = createRequire(import.meta.url);

describe('"honest/client"', () => {
  it("gives connect and the readers to import and to require", () => {
    expect([typeof connect, typeof readBigInt, typeof UnexpectedAnswer]).toEqual(["function", "function", "function"]);
    const required = require("honest/client") as typeof import("honest/client");
    expect(required.connect).toBeTypeOf("function");
    expect(required.connect).not.toBe(connect); // the CommonJS build, not the ES module one
  });

  it("requires no module of the server (no Hono, no lossless-json) when loaded", () => {
    const entry = require.resolve("honest/client");
    for (const key of Object.keys(require.cache)) delete require.cache[key];
    require(entry);
    const loaded = Object.keys(require.cache).map((file) => file.replace(/^.*\/dist\/cjs\//, ""));
    expect(loaded.sort()).toEqual([
      "runtime/body/constraint-checks.js",
      "runtime/body/formats.js",
      "runtime/client.js",
      "runtime/client/answer-checks.js",
      "runtime/client/answer-streams.js",
      "runtime/client/answers.js",
      "runtime/client/call-conditions.js",
      "runtime/client/call-inputs.js",
      "runtime/client/client-calls.js",
      "runtime/client/client-sockets.js",
      "runtime/client/event-ids.js",
      "runtime/client/exact-json.js",
      "runtime/client/page-calls.js",
      "runtime/client/read-values.js",
      "runtime/client/trace-headers.js",
      "runtime/common/decimal-text.js",
      "runtime/common/i64-range.js",
      "runtime/common/key-path.js",
      "runtime/common/value-description.js",
      "runtime/declarations/connection.js",
      "runtime/response/json-text.js",
    ]);
  });
});
