import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PageFailed } from "honest/client";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture, FIXTURE_OPTIONS } from "../support/compile.js";
import { pageController } from "../support/page-fixture.js";

// docs/guide/pages.md, "In the client": a paged route's function answers one page, as any route's; its `all` is an
// async generator of every item of every page, following each answer's Link rel="next" with the route's own path
// (the client's baseUrl kept), the items typed and exact; a page refused rejects the loop with PageFailed.

const BASE = 9007199254740992n; // 2^53: the fixture's row n has id 2^53 + n

type App = { request(request: Request): Response | Promise<Response> };

let dir: string;
let text: string;
let createClient: (options: object) => any;
let app: App;

beforeAll(async () => {
  dir = path.resolve("test/.out/paged-client");
  const compiled = compileFixture(
    "paged-client",
    {
      "src/row.controller.ts": pageController,
      "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n',
    },
    {},
    { plugin: { client: path.join(dir, "client/api.ts") } },
  );
  expect(compiled.diagnostics).toEqual([]);
  text = readFileSync(path.join(dir, "client/api.ts"), "utf8");
  ({ createClient } = await import(path.join(dir, "client/api.ts")));
  ({ app } = await compiled.load<{ app: App }>("src/app.ts"));
});

/** A client of the app that records the path and query of each request it sends. */
function recordingClient(baseUrl = "http://localhost") {
  const sent: string[] = [];
  const prefix = new URL(baseUrl).pathname.replace(/\/$/, "");
  const api = createClient({
    baseUrl,
    fetch: (request: Request) => {
      const url = new URL(request.url);
      sent.push(url.pathname + url.search);
      // The app behind a proxy that takes the base path off.
      return app.request(new Request(`http://localhost${url.pathname.slice(prefix.length)}${url.search}`, request));
    },
  });
  return { api, sent };
}

/** Every row `all()` gives (the module is imported untyped, as `any`). */
async function every(items: AsyncIterable<{ id: bigint }>): Promise<{ id: bigint }[]> {
  const found: { id: bigint }[] = [];
  for await (const item of items) found.push(item);
  return found;
}

const ids = (rows: readonly { id: bigint }[]) => rows.map((row) => row.id - BASE);

describe("a paged route's function", () => {
  it("answers one page, its items typed and exact, the Link header on the response", async () => {
    const { api } = recordingClient();
    const answer = await api.row.list({ query: { tag: "red", limit: 2 } });
    expect([answer.ok, answer.status, ids(answer.data)]).toEqual([true, 200, [3n, 6n]]);
    expect(typeof answer.data[0].id).toBe("bigint");
    expect(answer.response.headers.get("link")).toBe(
      '</rows?tag=red&limit=2&offset=2>; rel="next", </rows?tag=red&limit=2&offset=6>; rel="last"',
    );
  });
});

describe("all()", () => {
  it("gives every item of every page in order, asking each next page its answer links", async () => {
    const { api, sent } = recordingClient();
    const rows = await every(api.row.list.all({ query: { tag: "red", limit: 3 } }));
    expect(ids(rows)).toEqual([3n, 6n, 9n, 12n, 15n, 18n, 21n, 24n]);
    expect(sent).toEqual(["/rows?tag=red&limit=3", "/rows?tag=red&limit=3&offset=3", "/rows?tag=red&limit=3&offset=6"]);
  });

  it("follows cursors, and stops at the page without a next link", async () => {
    const { api, sent } = recordingClient();
    const rows = await every(api.row.after.all());
    expect(ids(rows)).toEqual(Array.from({ length: 25 }, (_, index) => BigInt(index + 1)));
    expect(sent).toEqual([
      "/rows/after",
      `/rows/after?limit=8&cursor=${BASE + 8n}`,
      `/rows/after?limit=8&cursor=${BASE + 16n}`,
      `/rows/after?limit=8&cursor=${BASE + 24n}`,
    ]);
  });

  it("without a total, reads on to the first page that is not full", async () => {
    const { api, sent } = recordingClient();
    expect(await every(api.row.uncounted.all())).toHaveLength(25);
    expect(sent.at(-1)).toBe("/rows/uncounted?limit=5&offset=25");
    expect(sent).toHaveLength(6);
  });

  it("keeps the client's base path: the next page's request is the route's path with the link's query", async () => {
    const { api, sent } = recordingClient("http://localhost/api/");
    expect(await every(api.row.list.all({ query: { limit: 10 } }))).toHaveLength(25);
    expect(sent).toEqual(["/api/rows?limit=10", "/api/rows?limit=10&offset=10", "/api/rows?limit=10&offset=20"]);
  });

  it("stops early when the loop is left, asking no further page", async () => {
    const { api, sent } = recordingClient();
    for await (const row of api.row.list.all({ query: { limit: 4 } })) if (row.id - BASE === 5n) break;
    expect(sent).toEqual(["/rows?limit=4", "/rows?limit=4&offset=4"]);
  });

  it("rejects with PageFailed when a page is refused, after the items of the pages before it", async () => {
    const { api } = recordingClient();
    const seen: bigint[] = [];
    const failure = await (async () => {
      for await (const row of api.row.failing.all()) seen.push(row.id - BASE);
    })().catch((error: unknown) => error);
    expect(seen).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n]);
    expect(failure).toBeInstanceOf(PageFailed);
    expect((failure as PageFailed).message).toBe("a page answered 503: Service Unavailable: the rows are resting");
    expect([(failure as PageFailed).status, (failure as PageFailed<{ detail: string }>).problem.detail]).toEqual([
      503,
      "the rows are resting",
    ]);
  });
});

describe("the generated module", () => {
  it("declares the call and its all() with the route's input, and types the items", () => {
    expect(text).toContain(
      "list: { (input?: { query?: { tag?: string; limit?: number; offset?: number } }, options?: CallOptions): Promise<Answer<{ status: 200; data: Row[] }, ApiProblem>>; " +
        "all(input?: { query?: { tag?: string; limit?: number; offset?: number } }, options?: CallOptions): AsyncGenerator<Row, void, undefined> };",
    );
  });

  it("compiles under the strictest options, and types what all() gives", () => {
    const consumer = path.join(dir, "client/consumer.ts");
    writeFileSync(
      consumer,
      [
        'import { createClient } from "./api.js";',
        "const api = createClient();",
        "export async function names(): Promise<string[]> {",
        "  const found: string[] = [];",
        '  for await (const row of api.row.list.all({ query: { tag: "red" } })) found.push(row.name);',
        "  for await (const row of api.row.after.all({ query: { limit: 5 } })) found.push(row.id);",
        "  return found;",
        "}",
        "",
      ].join("\n"),
    );
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
    expect(errors).toEqual([{ line: 6, message: "Argument of type 'bigint' is not assignable to parameter of type 'string'." }]);
  });
});
