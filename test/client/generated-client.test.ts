import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serve } from "honest/node";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_APP } from "../support/client-fixture.js";
import { compileFixture, FIXTURE_OPTIONS } from "../support/compile.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": the
// plugin's `client` option writes a typed client of the app's routes, which
// calls the app over a socket, or in the same process through
// `app.request`, with i64s exact both ways.

const BIG = 9007199254740993n; // 2^53 + 1: a double would make it ...992.

type ClientModule = typeof import("../golden/client/api.js");
type Api = ReturnType<ClientModule["createClient"]>;
type App = { request(request: Request): Response | Promise<Response> };

let dir: string;
let clientText: string;
let createClient: ClientModule["createClient"];
let app: App;

beforeAll(async () => {
  dir = path.resolve("test/.out/client-app");
  const compiled = compileFixture("client-app", CLIENT_APP, {}, { plugin: { client: path.join(dir, "client/api.ts") } });
  expect(compiled.diagnostics).toEqual([]);
  clientText = readFileSync(path.join(dir, "client/api.ts"), "utf8");
  ({ createClient } = await import(path.join(dir, "client/api.ts")));
  ({ app } = await compiled.load<{ app: App }>("src/app.ts"));
});

const item = (id: bigint, name: string) => ({ id, name, tags: ["usb"], price: 1.5 });

/** The calls every transport must answer alike. */
function callsOver(api: () => Api) {
  it("a 201 with the item: an id of 2^53 + 1 sent and read back exactly, the session in a cookie", async () => {
    const answer = await api().item.create({ body: item(BIG, "cable"), cookies: { session: "s1" } });
    expect(answer).toMatchObject({ ok: true, status: 201, data: { id: BIG, name: "cable", tags: ["usb"], price: 1.5 } });
    const next = await api().item.create({ body: item(BIG + 1n, "plug"), cookies: { session: "s1" } });
    // A nested item is read by the same reader: its id is a bigint too.
    expect(next.ok && next.data.parent?.id).toBe(BIG);
  });

  it("a path i64 and an i64 in the query, both exact", async () => {
    const one = await api().item.get({ id: BIG });
    expect(one.ok && one.data).toEqual({ ...item(BIG, "cable") });
    const after = await api().item.list({ query: { after: BIG, tag: "usb", limit: 5 } });
    expect(after.ok && after.data.map((found) => found.id)).toEqual([BIG + 1n]);
  });

  it("a placeholder named as a group (`query`) goes under `path`, the query string's keys under `query`", async () => {
    const found = await api().item.search({ path: { id: BIG, query: "plu" }, query: { limit: 1 } });
    expect(found.ok && found.data.map((one) => [one.id, one.name])).toEqual([[BIG + 1n, "plug"]]);
  });

  it("small ids (read by JSON.parse) are bigints too", async () => {
    await api().item.create({ body: item(7n, "small"), cookies: { session: "s1" } });
    const small = await api().item.get({ id: 7n });
    expect(small.ok && small.data.id).toBe(7n);
  });

  it("an error answer is a problem, not a throw: a 404 with the header sent", async () => {
    const answer = await api().item.get({ id: 5n, headers: { "x-trace": "t1" } });
    expect(answer.ok).toBe(false);
    expect(answer.status).toBe(404);
    expect(!answer.ok && answer.problem).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "no item 5 (t1)",
      requestId: expect.any(String),
    });
  });

  it("a body of the wrong shape: a 400 whose problem lists the faults", async () => {
    const answer = await api().item.create({ body: item(8n, "a name longer than twenty"), cookies: { session: "s1" } });
    expect(answer.status).toBe(400);
    expect(!answer.ok && answer.problem.errors).toEqual([
      { path: "$.name", expected: "string of at most 20 characters", got: '"a name longer than twenty"' },
    ]);
  });

  it("a status the route returns without a body: 204 an answer, a declared 404 a failure without a problem", async () => {
    const removed = await api().item.remove({ id: 7n });
    expect([removed.ok, removed.status, removed.ok && removed.data]).toEqual([true, 204, undefined]);
    const again = await api().item.remove({ id: 7n });
    expect([again.ok, again.status, !again.ok && again.problem]).toEqual([false, 404, undefined]);
  });

  it("a form with a file: multipart, its name and text arrive, with the fields", async () => {
    const photo = new File(["jpeg bytes"], "cable.jpg", { type: "image/jpeg" });
    const answer = await api().item.upload({ id: BIG, form: { photo, caption: "the cable", sizes: [1, 2] } });
    expect(answer).toMatchObject({ ok: true, status: 201 });
    expect(answer.ok && answer.data).toEqual({ item: BIG, name: "cable.jpg", text: "jpeg bytes", caption: "the cable", sizes: [1, 2] });
  });

  it("headers: the client's (asked for each call) and the call's own, over them", async () => {
    const traced = createClient({ ...transport(api()), headers: () => ({ "x-trace": "client" }) });
    const byClient = await traced.item.get({ id: 6n });
    expect(!byClient.ok && byClient.problem.detail).toBe("no item 6 (client)");
    const byCall = await traced.item.get({ id: 6n }, { headers: { "x-trace": "call" } });
    expect(!byCall.ok && byCall.problem.detail).toBe("no item 6 (call)");
  });
}

/** Which options made a client, to make another the same way. */
const transports = new WeakMap<Api, { fetch?: App["request"]; baseUrl?: string }>();
const transport = (api: Api) => transports.get(api)!;

describe("in process: createClient({ fetch: app.request }), no socket", () => {
  let api: Api;
  beforeAll(async () => {
    // Each describe starts from an empty store.
    ({ app } = await import(`${path.join(dir, "dist/app.js")}?in-process`));
    api = createClient({ fetch: app.request });
    transports.set(api, { fetch: app.request });
  });
  callsOver(() => api);
});

describe("over a socket: createClient({ baseUrl })", () => {
  let api: Api;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ app } = await import(`${path.join(dir, "dist/app.js")}?socket`));
    const running = serve(app as never, { port: 0, hostname: "127.0.0.1", log: false });
    const { port } = await running.listening;
    stop = () => running.close();
    api = createClient({ baseUrl: `http://127.0.0.1:${port}/` });
    transports.set(api, { baseUrl: `http://127.0.0.1:${port}` });
  });
  afterAll(() => stop());
  callsOver(() => api);

  it("a call aborted by its signal rejects, as fetch does", async () => {
    await expect(api.item.get({ id: 1n }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("a fetch of one's own", () => {
  it("is given each Request; an error answer that is not JSON rejects with UnexpectedAnswer, which keeps the response", async () => {
    const seen: string[] = [];
    const api = createClient({
      baseUrl: "https://api.example/v1",
      fetch: (request: Request) => {
        seen.push(`${request.method} ${request.url} ${request.headers.get("cookie")}`);
        return new Response("<html>bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } });
      },
    });
    const call = api.item.create({ body: item(1n, "a"), cookies: { session: "s 1;" } });
    await expect(call).rejects.toMatchObject({
      name: "UnexpectedAnswer",
      status: 502,
      text: "<html>bad gateway</html>",
      message: "502 : the answer is not JSON (content-type text/html)",
    });
    expect(seen).toEqual(["POST https://api.example/v1/items session=s%201%3B"]);
  });
});

describe("the generated module", () => {
  it("is its golden copy in test/golden/client, as people read it", () => {
    const golden = path.resolve("test/golden/client/api.ts");
    if (process.env.UPDATE_GOLDEN === "1") {
      mkdirSync(path.dirname(golden), { recursive: true });
      writeFileSync(golden, clientText);
    }
    expect(clientText, "run UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts test/client and review the diff").toBe(
      readFileSync(golden, "utf8"),
    );
  });

  it("imports only honest/client: no server code, no Hono", () => {
    expect([...clientText.matchAll(/from "([^"]+)"/g)].map((match) => match[1])).toEqual(["honest/client"]);
  });

  it("a wrong call is a TypeScript error where it is written, with TypeScript's message; the module compiles under the strictest options", () => {
    const consumer = path.join(dir, "client/consumer.ts");
    writeFileSync(
      consumer,
      [
        'import { createClient } from "./api.js";',
        "const api = createClient();",
        "export async function calls(): Promise<string> {",
        "  await api.item.get({ id: 1 });",
        '  await api.item.create({ body: { id: 1n, name: "a", tags: [], price: 1 } });',
        "  const answer = await api.item.get({ id: 1n });",
        "  if (answer.ok) return answer.data.name;",
        "  return answer.problem.detail;",
        "}",
        "",
      ].join("\n"),
    );
    // The strictest options a project may have: the generated module must compile under each.
    const strictest: ts.CompilerOptions = {
      exactOptionalPropertyTypes: true,
      noPropertyAccessFromIndexSignature: true,
      noUncheckedIndexedAccess: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      noImplicitReturns: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
    };
    const program = ts.createProgram([consumer], { ...FIXTURE_OPTIONS, ...strictest, noEmit: true });
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
      line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
    }));
    expect(errors).toEqual([
      { line: 4, message: "Type 'number' is not assignable to type 'bigint'." },
      {
        line: 5,
        message:
          "Argument of type '{ body: { id: bigint; name: string; tags: never[]; price: number; }; }' is not assignable to parameter of type '{ body: CreateItem; cookies: { session: string; }; }'.\n" +
          "  Property 'cookies' is missing in type '{ body: { id: bigint; name: string; tags: never[]; price: number; }; }' but required in type '{ body: CreateItem; cookies: { session: string; }; }'.",
      },
    ]);
  });
});
