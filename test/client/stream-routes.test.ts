import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { healthController, streamController, streamProbe } from "../support/stream-fixture.js";

// docs/guide/streams.md, "Reading a stream": the generated client leaves
// streamed routes out for now, and the app's other routes are in it as ever.

it("a client of an app with streams has its other routes, and none of its streams", async () => {
  const dir = path.resolve("test/.out/client-streams");
  const compiled = compileFixture(
    "client-streams",
    { "src/stream.controller.ts": streamController, "src/probe.ts": streamProbe, "src/health.controller.ts": healthController },
    {},
    { plugin: { client: path.join(dir, "client/api.ts") } },
  );
  expect(compiled.diagnostics).toEqual([]);
  const text = readFileSync(path.join(dir, "client/api.ts"), "utf8");
  expect(text).toContain("health: (options) =>");
  expect(text).not.toMatch(/\b(ticks|events|lines|feed)\b/);
  expect(text).not.toContain("pathSegment");
  const { createClient } = await import(path.join(dir, "client/api.ts"));
  expect(Object.keys(createClient({ baseUrl: "http://localhost" }))).toEqual(["health"]);
});
