import { readFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { streamController, streamProbe } from "../support/stream-fixture.js";

// docs/guide/openapi-and-clients.md, "Streams in the document": a streamed
// route is a 200 of its media type, text/event-stream or
// application/x-ndjson. OpenAPI 3.2 describes each item (`itemSchema`): an SSE
// event as its fields, `data` the JSON of the item type, and the error event
// a fault ends the stream with. OpenAPI 3.1 (the default) has no item
// schemas, so its schema is text whose `contentSchema` is the stream read as
// an array of those items. The 3.1
// document is valid by the two validators the example's is checked with;
// the 3.2 one by Redocly's (ReadMe's parser does not read 3.2 yet).

function documentOf(version: "3.1" | "3.2"): { file: string; document: Record<string, any> } {
  const file = path.resolve(import.meta.dirname, `../.out/stream-document-${version}.json`);
  const compiled = compileFixture(
    `stream-document-${version}`,
    { "src/stream.controller.ts": streamController, "src/probe.ts": streamProbe },
    {},
    { plugin: { openapi: { file, title: "Streams", version: "1.0.0", openapiVersion: version } } },
  );
  expect(compiled.diagnostics).toEqual([]);
  return { file, document: JSON.parse(readFileSync(file, "utf8")) };
}

/** The document of `version`, compiled before the tests of the calling block. */
function documentBeforeAll(version: "3.1" | "3.2"): { file: string; document: Record<string, any> } {
  const compiled = { file: "", document: {} };
  beforeAll(() => {
    Object.assign(compiled, documentOf(version));
  });
  return compiled;
}

async function lintProblems(file: string): Promise<string[]> {
  const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
  return (await lint({ ref: file, config })).map(
    (problem) => `${problem.severity} ${problem.ruleId} ${problem.location.map((at) => at.pointer).join(" ")}: ${problem.message}`,
  );
}

/** Redocly's one warning, at each route that reads nothing from the request and so has no 4XX answer. */
const no4xxWarnings = ["idle", "idle-lines", "endless", "line-fault"].map(
  (route) => `warn operation-4xx-response #/paths/~1streams~1${route}/get/responses: Operation must have at least one \`4XX\` response.`,
);

const problem = { $ref: "#/components/schemas/Problem" };
const errorEvent = {
  type: "object",
  properties: {
    data: { type: "string", contentMediaType: "application/json", contentSchema: problem },
    event: { const: "error" },
  },
  required: ["event", "data"],
};

/** The item schema of the named events (`SseEvent<Tick, "tick"> | SseEvent<Bye, "bye">`). */
const feedEvents = {
  anyOf: [
    ...["Tick", "Bye"].map((name) => ({
      type: "object",
      properties: {
        data: { type: "string", contentMediaType: "application/json", contentSchema: { $ref: `#/components/schemas/${name}` } },
        event: { const: name.toLowerCase() },
        id: { type: "string" },
        retry: { type: "integer", minimum: 0 },
      },
      required: ["data"],
    })),
    errorEvent,
  ],
};

/** OpenAPI 3.1's schema of a stream: text of `mediaType` holding an array of items. */
const textOf = (mediaType: string, items: object) => ({
  type: "string",
  contentMediaType: mediaType,
  contentSchema: { type: "array", items },
});

describe("OpenAPI 3.1, the default", () => {
  const openapi = documentBeforeAll("3.1");

  it("describes an SSE route as text/event-stream, text whose content is an array of its events", () => {
    expect(openapi.document.openapi).toBe("3.1.0");
    expect(openapi.document.paths["/streams/events"].get.responses["200"]).toEqual({
      description:
        "Server-sent events, one per item, each item's JSON its data; a fault ends the stream with an `error` event whose data is a problem document.",
      content: { "text/event-stream": { schema: textOf("text/event-stream", feedEvents) } },
    });
    expect(openapi.document.paths["/streams/ticks"].get.responses["200"].content["text/event-stream"].schema.contentSchema.items).toEqual({
      anyOf: [
        {
          type: "object",
          properties: {
            data: { type: "string", contentMediaType: "application/json", contentSchema: { $ref: "#/components/schemas/Tick" } },
          },
          required: ["data"],
        },
        errorEvent,
      ],
    });
  });

  it("describes a newline-delimited JSON route as application/x-ndjson, a line each item or the error", () => {
    expect(openapi.document.paths["/streams/lines"].get.responses["200"].content).toEqual({
      "application/x-ndjson": {
        schema: textOf("application/x-ndjson", {
          anyOf: [{ $ref: "#/components/schemas/Tick" }, { type: "object", properties: { error: problem }, required: ["error"] }],
        }),
      },
    });
  });

  it("is valid OpenAPI 3.1 by @readme/openapi-parser, without warnings", async () => {
    expect(await validate(structuredClone(openapi.document) as Parameters<typeof validate>[0])).toEqual({
      valid: true,
      warnings: [],
      specification: "OpenAPI",
    });
  });

  it("has no errors by @redocly/openapi-core's recommended ruleset, and no warnings but the 4XX routes that read nothing lack", async () => {
    expect(await lintProblems(openapi.file)).toEqual(no4xxWarnings);
  });
});

describe('OpenAPI 3.2, with "openapiVersion": "3.2"', () => {
  const openapi = documentBeforeAll("3.2");

  it("describes each stream by its itemSchema", () => {
    expect(openapi.document.openapi).toBe("3.2.0");
    expect(openapi.document.paths["/streams/events"].get.responses["200"].content).toEqual({
      "text/event-stream": { itemSchema: feedEvents },
    });
    expect(openapi.document.paths["/streams/lines"].get.responses["200"].content["application/x-ndjson"].itemSchema.anyOf[0]).toEqual({
      $ref: "#/components/schemas/Tick",
    });
  });

  it("is valid OpenAPI 3.2 by @redocly/openapi-core's recommended ruleset", async () => {
    expect(await lintProblems(openapi.file)).toEqual(no4xxWarnings);
  });
});
