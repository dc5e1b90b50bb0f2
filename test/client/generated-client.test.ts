import { readFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_APP } from "../support/client-fixture.js";
import { compileFixture } from "../support/compile.js";

describe("smoke", () => {
  it("writes", async () => {
    const compiled = compileFixture("client-smoke", CLIENT_APP, {}, { plugin: { client: path.resolve("test/.out/client-smoke/client/api.ts") } });
    expect(compiled.diagnostics).toEqual([]);
    console.log(readFileSync(path.join(compiled.dir, "client/api.ts"), "utf8"));
  });
});
