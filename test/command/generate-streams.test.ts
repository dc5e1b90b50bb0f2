import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { generateAndCompile, writeGeneratorProject } from "../support/generated-example.js";
import { healthController, type StreamFixture, streamApp, streamController, streamProbe } from "../support/stream-fixture.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode", and
// docs/guide/streams.md, "Streams": the stream fixture built as a
// TypeScript 7 user builds it, `honest generate` then TypeScript 7's tsc.
// The analysis reads the streamed return types through TypeScript 7's API,
// and the module it writes streams as the transformer's output does; its
// OpenAPI document is the 3.2 one asked for.

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/generator-streams");

let fixture: StreamFixture;

beforeAll(async () => {
  writeGeneratorProject(
    dir,
    {
      "src/stream.controller.ts": streamController,
      "src/probe.ts": streamProbe,
      "src/health.controller.ts": healthController,
      "src/app.ts": streamApp,
    },
    { openapi: { file: "dist/openapi.json", openapiVersion: "3.2" } },
  );
  generateAndCompile(dir);
  const { createStreamApp } = await import(pathToFileURL(path.join(dir, "dist/app.js")).href);
  const { probe } = await import(pathToFileURL(path.join(dir, "dist/probe.js")).href);
  fixture = { createStreamApp, probe };
}, 120_000);

describe("streams in generator mode", () => {
  it("writes each stream's sender and its items' writer into the generated module", () => {
    const text = readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8");
    expect(text).toContain('return __honest.sendSse(c, result, __honest_write_Tick, settings, trace?.lasting(c, "stream"));');
    expect(text).toContain('const eventWriters = new Map([["tick", __honest_write_Tick], ["bye", __honest_write_Bye]]);');
    expect(text).toContain('return __honest.sendNdjson(c, result, __honest_write_Tick, settings, trace?.lasting(c, "stream"));');
    expect(text).toContain("const result = await controllerMethod.call(controller, query);");
  });

  it("streams items exactly, and events by name and id", async () => {
    const app = fixture.createStreamApp();
    expect(await (await app.fetch(new Request("http://localhost/streams/ticks?count=1"))).text()).toBe(
      'data: {"n":9007199254740993,"label":"#0"}\n\n',
    );
    const events = await app.fetch(new Request("http://localhost/streams/events", { headers: { "last-event-id": "7" } }));
    expect(await events.text()).toContain('event: tick\nid: 8\ndata: {"n":8,"label":"tick"}\n\n');
  });

  it("writes the 3.2 document, with item schemas", () => {
    const document = JSON.parse(readFileSync(path.join(dir, "dist/openapi.json"), "utf8"));
    expect(document.openapi).toBe("3.2.0");
    expect(Object.keys(document.paths["/streams/lines"].get.responses["200"].content["application/x-ndjson"])).toEqual(["itemSchema"]);
  });
});
