import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "../support/commands.js";
import { copyExampleForGenerator, generateAndCompile, tsc7 } from "../support/generated-example.js";
import { nodeTsconfig } from "../support/node-tsconfig.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app", in
// generator mode (docs/setup/typescript-7.md, "TypeScript 7: generator mode"): `honest generate` writes the
// plugin's `client` too, and TypeScript 7's tsc checks the calls made with it.

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/generate-client");
const BIG = 9007199254740993n;

type App = { request(request: Request): Response | Promise<Response> };

let clientText: string;
beforeAll(() => {
  copyExampleForGenerator(dir);
  // The example's tsconfig names the client itself ("client": "client/api.ts"), so the copy needs no edit.
  expect(readFileSync(path.join(dir, "tsconfig.json"), "utf8")).toMatch(/"client": "client\/api\.ts"/);
  generateAndCompile(dir);
  clientText = readFileSync(path.join(dir, "client/api.ts"), "utf8");
}, 240_000);

describe("the example's client, written by honest generate", () => {
  it("has the example's controllers and their routes", () => {
    expect(clientText).toContain("\n  readonly item: {\n");
    expect(clientText).toContain(
      "    get(input: { id: bigint }, options?: CallOptions & ReadConditions): Promise<Answer<{ status: 200; data: Item; notModified: false; etag?: string } | { status: 304; data: undefined; notModified: true; etag?: string }, ApiProblem, { status: 404; problem: ProblemDocument }>>;\n",
    );
  });

  it("calls the app tsc 7 built, in process, with ids beyond 2^53 and Dates", async () => {
    const { createExampleApp } = (await import(pathToFileURL(path.join(dir, "dist/app.js")).href)) as {
      createExampleApp: (options?: object) => App;
    };
    const { ItemStore } = (await import(pathToFileURL(path.join(dir, "dist/items/item-store.js")).href)) as { ItemStore: new () => object };
    const { MemoryItemStore } = (await import(pathToFileURL(path.join(dir, "dist/items/memory-item-store.js")).href)) as {
      MemoryItemStore: new (first: bigint) => unknown;
    };
    // The items in memory, their ids from 2^53 + 1: this test is the client's, not the database's. app.request has
    // no connection, so the client address POST /items/bulk's rate limit counts by is named (docs/guide/rate-limits.md, "Behind a proxy").
    const app = createExampleApp({ log: false, providers: [[ItemStore, new MemoryItemStore(BIG)]], clientAddress: () => "192.0.2.1" });
    const { createClient } = await import(path.join(dir, "client/api.ts"));
    const api = createClient({ fetch: app.request });
    const created = await api.item.createMany({ body: [{ name: "pen", price: 2 }], headers: { "x-request-id": "r-1" } });
    expect([created.ok, created.status]).toEqual([true, 201]);
    // The store holds three items from its first id: the new one is the fourth, its id sent and read back exactly.
    const id = created.data[0].id;
    expect(id).toBe(BIG + 3n);
    const read = await api.item.get({ id });
    expect([read.status, read.data.id, read.data.name]).toEqual([200, BIG + 3n, "pen"]);
    const first = await api.item.get({ id: BIG });
    expect(first.data.id).toBe(BIG);
    // Dates both ways, through code TypeScript 7's factory wrote: the query's Date sent as RFC 3339 text and read as a Date, the answer's made Dates again.
    const todos = await api.todo.list({ query: { dueBefore: new Date("2026-01-10T00:00:00Z") } });
    expect(todos.data).toEqual([
      { id: 2, title: "build with tspc", done: false, created: new Date("2026-01-05T09:30:00Z"), due: new Date("2026-01-09T17:00:00Z") },
    ]);
    const refused = await app.request(new Request("http://localhost/api/todos?dueBefore=2026-01-10"));
    expect(refused.status).toBe(400);
  });

  it("a wrong call is an error of TypeScript 7's tsc, at its line", () => {
    writeFileSync(
      path.join(dir, "client/consumer.ts"),
      [
        'import { createClient } from "./api.js";',
        "const api = createClient();",
        'await api.item.get({ id: "1" });',
        "await api.item.update({ id: 1n });",
        "",
      ].join("\n"),
    );
    writeFileSync(path.join(dir, "client/tsconfig.json"), nodeTsconfig({ lib: ["es2023"], types: ["node"], noEmit: true }, ["."]));
    const result = run(process.execPath, [tsc7, "-p", "client/tsconfig.json"], dir);
    expect(result.status, result.output).toBe(1);
    expect(result.stdout.trim().split("\n")).toEqual([
      "client/consumer.ts(3,22): error TS2322: Type 'string' is not assignable to type 'bigint'.",
      "client/consumer.ts(4,23): error TS2741: Property 'body' is missing in type '{ id: bigint; }' but required in type '{ id: bigint; body: UpdateDto; }'.",
    ]);
  });
});

/** A module bundled for browsers and minified, as a front end ships it: its size gzipped. */
async function shippedSize(entry: string): Promise<number> {
  const output = await build({ entryPoints: [entry], bundle: true, minify: true, write: false, format: "esm", platform: "browser" });
  return gzipSync(output.outputFiles[0]!.contents).length;
}

it("the example's client, minified and gzipped, is at most an eighth larger than openapi-fetch's createClient with eventsource-parser for its live feed and what a user writes for the trace, the validators and the pages (their types weigh nothing); response checks come only with responseChecks", async () => {
  // What an openapi-fetch user ships for the same routes: openapi-fetch reads no stream, so the live feed (an Sse<T> route) needs a parser of its own;
  // and it sends no traceparent, so a middleware does it as honest's client does, from the SDK's global registration
  // without importing @opentelemetry/api (docs/guide/logs-and-traces.md, "The client carries the trace on").
  const openapiFetch = path.join(dir, "openapi-fetch-entry.ts");
  writeFileSync(
    openapiFetch,
    [
      'import createClient from "openapi-fetch";',
      'import { EventSourceParserStream } from "eventsource-parser/stream";',
      'export const client = createClient({ baseUrl: "/" });',
      "client.use({ onRequest({ request }) {",
      '  const otel = (globalThis as any)[Symbol.for("opentelemetry.js.api.1")];',
      "  if (otel?.context) otel.propagation?.inject(otel.context.active(), request.headers, { set: (h: Headers, k: string, v: string) => h.has(k) || h.set(k, v) });",
      "} });",
      "export const events = (body: ReadableStream<Uint8Array>) => body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());",
      // GET and PUT /items/{id} have validators: the If-* headers from a call's options, a Date as an HTTP-date, and the
      // answer's ETag and Last-Modified read back, as honest's client does (docs/guide/conditional-requests.md, "In the document and the client").
      "export const conditions = (options: { ifNoneMatch?: string; ifModifiedSince?: Date; ifMatch?: string; ifUnmodifiedSince?: Date }) => ({",
      '  ...(options.ifNoneMatch && { "if-none-match": options.ifNoneMatch }),',
      '  ...(options.ifModifiedSince && { "if-modified-since": options.ifModifiedSince.toUTCString() }),',
      '  ...(options.ifMatch && { "if-match": options.ifMatch }),',
      '  ...(options.ifUnmodifiedSince && { "if-unmodified-since": options.ifUnmodifiedSince.toUTCString() }),',
      "});",
      "export const validators = (response: Response) => {",
      '  const etag = response.headers.get("etag");',
      '  const modified = response.headers.get("last-modified");',
      "  return { notModified: response.status === 304, ...(etag && { etag }), ...(modified && { lastModified: new Date(modified) }) };",
      "};",
      // GET /items pages by Link headers: every item of every page, following rel="next" as honest's all() does
      // (docs/guide/pages.md, "In the client"); the feed's ids are i64s, read as bigints as honest's client reads them.
      "export async function* allItems(query: Record<string, string>) {",
      "  let search: string | undefined = new URLSearchParams(query).toString();",
      "  while (search !== undefined) {",
      '    const { data, error, response } = await client.GET("/items" as never, { querySerializer: () => search! } as never);',
      '    if (error) throw Object.assign(new Error("page refused: " + response.status), { response, problem: error });',
      "    yield* data as unknown[];",
      '    const next = /<([^>]*)>\\s*;\\s*rel="?next"?/.exec(response.headers.get("link") ?? "")?.[1];',
      "    search = next === undefined ? undefined : new URL(next, response.url).search.slice(1);",
      "  }",
      "}",
      "export const eventId = (id: string | undefined) => (id === undefined || id === '' ? undefined : BigInt(id));",
      "",
    ].join("\n"),
  );
  // As a front end ships it: the module imported, what is used kept.
  const plain = path.join(dir, "client-entry.ts");
  writeFileSync(plain, 'import { createClient } from "./client/api.js";\nexport const api = createClient({ baseUrl: "/" });\n');
  const checked = path.join(dir, "checked-client-entry.ts");
  writeFileSync(
    checked,
    'import { createClient, responseChecks } from "./client/api.js";\nexport const api = createClient({ baseUrl: "/", checks: responseChecks });\n',
  );
  const [client, withChecks, reference] = await Promise.all([shippedSize(plain), shippedSize(checked), shippedSize(openapiFetch)]);
  // Pages, files, validators and declared errors took honest's client past the reference (5029 B against 4537 B when they
  // landed): at most an eighth more is what docs/guide/openapi-and-clients.md, "A client generated with the app", promises
  // until its runtime is made smaller again.
  expect(client).toBeLessThanOrEqual(reference * 1.125);
  // docs/guide/openapi-and-clients.md, "Checking what the app answers": the checks weigh about one and a half kilobytes more, and only when asked for.
  expect(withChecks - client).toBeGreaterThan(500);
  expect(withChecks - client).toBeLessThan(2000);
  // The chat's socket comes with createSockets only (docs/guide/websockets.md, "In the generated client").
  const sockets = path.join(dir, "sockets-entry.ts");
  writeFileSync(sockets, 'import { createSockets } from "./client/api.js";\nexport const sockets = createSockets({ baseUrl: "/" });\n');
  expect((await shippedSize(sockets)) - client).toBeLessThan(1500);
  // The client brings none of the server: no Hono, no lossless-json, only honest/client and the JSON writer it shares.
  const output = await build({
    entryPoints: [path.join(dir, "client/api.ts")],
    bundle: true,
    write: false,
    format: "esm",
    metafile: true,
    absWorkingDir: root,
  });
  expect(Object.keys(output.metafile.inputs).sort()).toEqual([
    "dist/esm/runtime/body/constraint-checks.js",
    "dist/esm/runtime/body/formats.js",
    "dist/esm/runtime/client.js",
    "dist/esm/runtime/client/answer-checks.js",
    "dist/esm/runtime/client/answer-streams.js",
    "dist/esm/runtime/client/answers.js",
    "dist/esm/runtime/client/call-conditions.js",
    "dist/esm/runtime/client/call-inputs.js",
    "dist/esm/runtime/client/client-calls.js",
    "dist/esm/runtime/client/client-sockets.js",
    "dist/esm/runtime/client/event-ids.js",
    "dist/esm/runtime/client/exact-json.js",
    "dist/esm/runtime/client/page-calls.js",
    "dist/esm/runtime/client/read-values.js",
    "dist/esm/runtime/client/trace-headers.js",
    "dist/esm/runtime/common/decimal-text.js",
    "dist/esm/runtime/common/i64-range.js",
    "dist/esm/runtime/common/key-path.js",
    "dist/esm/runtime/common/value-description.js",
    "dist/esm/runtime/declarations/connection.js",
    "dist/esm/runtime/response/json-text.js",
    "test/.out/generate-client/client/api.ts",
  ]);
});
