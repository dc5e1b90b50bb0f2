import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import type { Hono } from "hono";
import type { RunningServer } from "honest/node";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileFixture, FIXTURE_OPTIONS } from "../support/compile.js";
import { CONDITIONAL_FIXTURE, type Docs } from "../support/conditional-fixture.js";
import { serveForTest } from "../support/http.js";

// docs/guide/conditional-requests.md, "In the document and the client": the document lists a GET's
// If-None-Match / If-Modified-Since and its 304, a write's If-Match / If-Unmodified-Since and its 412, and the
// ETag, Last-Modified and Cache-Control headers of the answers, valid by the suite's two validators; the
// generated client gives each answer's validators, sends them back as call options, and types a 304 as an answer.

const dir = path.resolve(import.meta.dirname, "../.out/conditional-client");
const documentFile = path.join(dir, "openapi.json");

let document: Record<string, any>;
let clientText: string;
let createClient: (options: object) => any;
let app: Hono;
let calls: { handler: string[]; resolved: number };
let docs: Docs;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  const compiled = compileFixture(
    "conditional-client",
    { "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n', ...CONDITIONAL_FIXTURE },
    {},
    {
      plugin: {
        openapi: { file: documentFile, title: "Docs", version: "1.0.0" },
        client: path.join(dir, "client/api.ts"),
      },
    },
  );
  expect(compiled.diagnostics).toEqual([]);
  document = JSON.parse(readFileSync(documentFile, "utf8"));
  clientText = readFileSync(path.join(dir, "client/api.ts"), "utf8");
  ({ createClient } = await import(path.join(dir, "client/api.ts")));
  ({ app } = await compiled.load<{ app: Hono }>("src/app.ts"));
  ({ calls, docs } = await compiled.load<{ calls: typeof calls; docs: Docs }>("src/docs.ts"));
  server = serveForTest(app);
  base = `http://127.0.0.1:${(await server.listening).port}`;
});

afterAll(() => server?.close());

describe("the document", () => {
  it("is valid by @readme/openapi-parser", async () => {
    expect(await validate(structuredClone(document) as never)).toEqual({ valid: true, warnings: [], specification: "OpenAPI" });
  });

  it("has no problem by @redocly/openapi-core's recommended ruleset but the 4XX warning of routes that read nothing", async () => {
    const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
    const problems = (await lint({ ref: documentFile, config })).map(
      (problem) => `${problem.severity} ${problem.ruleId} ${problem.location.map((at) => at.pointer).join(" ")}: ${problem.message}`,
    );
    expect(problems).toEqual([
      "warn operation-4xx-response #/paths/~1weak/get/responses: Operation must have at least one `4XX` response.",
    ]);
  });

  it("lists a GET's If-None-Match and If-Modified-Since, its 304, and the validators and Cache-Control of its answers", () => {
    const get = document.paths["/docs/{name}"].get;
    expect(get.parameters.map((parameter: { name: string; in: string }) => `${parameter.in} ${parameter.name}`)).toEqual([
      "path name",
      "header If-None-Match",
      "header If-Modified-Since",
    ]);
    const headers = {
      ETag: { description: expect.stringContaining("entity tag"), schema: { type: "string" } },
      "Last-Modified": { description: expect.stringContaining("HTTP-date"), schema: { type: "string" } },
      "Cache-Control": { description: "Always `private, max-age=60`.", schema: { type: "string", const: "private, max-age=60" } },
    };
    expect(get.responses["200"].headers).toEqual(headers);
    expect(get.responses["304"]).toEqual({ description: expect.stringContaining("Not Modified"), headers });
    expect(get.responses["412"]).toBeUndefined();
  });

  it("lists a write's If-Match and If-Unmodified-Since and its 412 problem", () => {
    const put = document.paths["/docs/{name}"].put;
    expect(put.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(["name", "If-Match", "If-Unmodified-Since"]);
    expect(put.responses["412"]).toEqual({ $ref: "#/components/responses/PreconditionFailed" });
    expect(document.components.responses.PreconditionFailed.content["application/problem+json"].example).toMatchObject({ status: 412 });
    expect(put.responses["304"]).toBeUndefined();
    expect(Object.keys(put.responses["200"].headers)).toEqual(["ETag", "Last-Modified"]);
  });

  it("lists @BodyETag's ETag and 304, and a weak tag's resolver its If-None-Match alone", () => {
    const hashed = document.paths["/hashed/{n}"].get;
    expect(hashed.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(["n", "If-None-Match"]);
    expect(Object.keys(hashed.responses["304"].headers)).toEqual(["ETag", "Cache-Control"]);
    const weak = document.paths["/weak"].get;
    expect(weak.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(["If-None-Match"]);
    expect(Object.keys(weak.responses["200"].headers)).toEqual(["ETag"]);
  });
});

describe("the generated client, over a real server", () => {
  const api = () => createClient({ baseUrl: base });

  it("gives the validators it received, and a 304 as { ok: true, status: 304, notModified: true } when sent back", async () => {
    docs.set("a", { text: "first", version: 1, changed: new Date("2026-01-02T03:04:05.678Z") });
    calls.handler.length = 0;
    const first = await api().doc.get({ name: "a" });
    expect([first.ok, first.status, first.data, first.etag, first.lastModified]).toEqual([
      true,
      200,
      { text: "first" },
      '"1"',
      new Date("2026-01-02T03:04:05.000Z"),
    ]);
    const again = await api().doc.get({ name: "a" }, { ifNoneMatch: first.etag });
    expect([again.ok, again.status, again.notModified, again.data, again.etag]).toEqual([true, 304, true, undefined, '"1"']);
    const since = await api().doc.get({ name: "a" }, { ifModifiedSince: first.lastModified });
    expect([since.status, since.notModified]).toEqual([304, true]);
    expect(calls.handler).toEqual(["get"]);
  });

  it("sends ifMatch on a write: a 412 problem for a stale tag, the handler not run; the new tag after a write", async () => {
    docs.set("a", { text: "first", version: 1, changed: new Date("2026-01-02T03:04:05.678Z") });
    calls.handler.length = 0;
    const { etag } = await api().doc.get({ name: "a" });
    const written = await api().doc.put({ name: "a", body: { text: "second" } }, { ifMatch: etag });
    expect([written.ok, written.status, written.etag]).toEqual([true, 200, '"2"']);
    const stale = await api().doc.put({ name: "a", body: { text: "third" } }, { ifMatch: etag });
    expect([stale.ok, stale.status, stale.problem.status, stale.problem.title]).toEqual([false, 412, 412, "Precondition Failed"]);
    const unmodified = await api().doc.put({ name: "a", body: { text: "third" } }, { ifUnmodifiedSince: new Date("2026-01-02T03:04:05Z") });
    expect(unmodified.status).toBe(412);
    expect(calls.handler).toEqual(["get", "put"]);
    expect(docs.get("a")?.text).toBe("second");
  });

  it("types the validators, the call options and the 304 under strict tsc, and refuses a write's option on a GET", () => {
    const consumer = path.join(dir, "client/consumer.ts");
    writeFileSync(
      consumer,
      [
        'import { createClient } from "./api.js";',
        "const api = createClient();",
        "export async function revalidate(held: { etag: string; text: string }): Promise<string> {",
        '  const answer = await api.doc.get({ name: "a" }, { ifNoneMatch: held.etag });',
        "  if (!answer.ok) return answer.problem.detail;",
        "  if (answer.notModified) return held.text;",
        "  const modified: Date | undefined = answer.lastModified;",
        "  return [answer.data.text, answer.etag ?? '', modified?.toISOString() ?? ''].join(' ');",
        "}",
        "export async function write(etag: string): Promise<number> {",
        '  const answer = await api.doc.put({ name: "a", body: { text: "b" } }, { ifMatch: etag });',
        '  await api.doc.get({ name: "a" }, { ifMatch: etag });',
        "  return answer.status;",
        "}",
        "",
      ].join("\n"),
    );
    const strictest: ts.CompilerOptions = { exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noUnusedLocals: true };
    const program = ts.createProgram([consumer], { ...FIXTURE_OPTIONS, ...strictest, noEmit: true });
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
      line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").split("\n")[0],
    }));
    expect(errors).toEqual([{ line: 12, message: expect.stringContaining("'ifMatch' does not exist") }]);
    expect(clientText).toContain("options?: CallOptions & ReadConditions): Promise<Answer<");
    expect(clientText).toContain(
      "{ status: 200; data: { text: string }; notModified: false; etag?: string; lastModified?: Date } | { status: 304; data: undefined; notModified: true; etag?: string; lastModified?: Date }",
    );
  });
});
