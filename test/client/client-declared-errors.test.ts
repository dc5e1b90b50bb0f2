import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_OPTIONS } from "../support/compile.js";
import { build, FORMAT_APP, PLAIN_APP } from "../support/declared-errors-fixture.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": the errors a route declares
// (docs/guide/errors.md, "Errors a route declares") are typed per status in its Answer, `problem` as the app sends
// it: a problem document (with the HttpError's extensions), the error format's body, or undefined without a body.

type App = { request(request: Request): Response | Promise<Response> };

/** TypeScript's errors in `consumer`, a module beside the generated client, by line. */
function typeErrors(dir: string, lines: readonly string[]): { line: number; message: string }[] {
  const consumer = path.join(dir, "consumer.ts");
  writeFileSync(consumer, lines.join("\n"));
  const program = ts.createProgram([consumer], { ...FIXTURE_OPTIONS, exactOptionalPropertyTypes: true, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
  }));
}

describe("a client of an app with honest's problem documents", () => {
  let text: string;
  let api: any;
  const dir = path.resolve("test/.out/client-declared-errors/client");
  beforeAll(async () => {
    const built = build("client-declared-errors", PLAIN_APP, path.join(dir, "api.ts"));
    expect(built.compiled.diagnostics).toEqual([]);
    text = readFileSync(path.join(dir, "api.ts"), "utf8");
    const { app } = await built.compiled.load<{ app: App }>("src/app.ts");
    const { createClient } = await import(path.join(dir, "api.ts"));
    api = createClient({ fetch: app.request });
  });

  it("types each declared error's problem by its status", () => {
    expect(text).toContain(
      "get(input: { id: bigint }, options?: CallOptions): Promise<Answer<{ status: 200; data: Item }, ApiProblem, { status: 404; problem: ProblemDocument }>>;",
    );
    expect(text).toContain(
      "create(input: { body: Item }, options?: CallOptions): Promise<Answer<{ status: 201; data: Item }, ApiProblem, { status: 409; problem: ProblemDocument & Taken }>>;",
    );
    // A bare 401: the handler's has no body, a 401 honest gives elsewhere (a resolver's refusal) a problem document.
    expect(text).toContain(
      "remove(input: { id: bigint }, options?: CallOptions): Promise<Answer<{ status: 204; data: undefined }, ApiProblem, { status: 401; problem: undefined | ProblemDocument }>>;",
    );
    expect(text).toContain('send({ method: "DELETE", path: `/items/$' + "{pathSegment(input.id)}`, bodiless: [401] }, options)");
  });

  it("a declared 404 and 409 are failures with their problem; a bare 401 a failure without one, no longer ok", async () => {
    const missing = await api.item.get({ id: 2n });
    expect([missing.ok, missing.status, missing.problem.detail]).toEqual([false, 404, "no item 2"]);
    const taken = await api.item.create({ body: { id: 3n, name: "taken" } });
    expect([taken.ok, taken.status, taken.problem.field]).toEqual([false, 409, "name"]);
    const refused = await api.item.remove({ id: 3n });
    expect([refused.ok, refused.status, refused.problem, refused.response.headers.get("www-authenticate")]).toEqual([
      false,
      401,
      undefined,
      'Bearer realm="items"',
    ]);
    const removed = await api.item.remove({ id: 3n }, { headers: { authorization: "Bearer t" } });
    expect([removed.ok, removed.status, removed.data]).toEqual([true, 204, undefined]);
  });

  it("narrowing by status gives the declared problem's type; a member only another status declares is not typed", () => {
    const errors = typeErrors(dir, [
      'import { createClient } from "./api.js";',
      "const api = createClient();",
      "export async function calls(): Promise<string | undefined> {",
      '  const taken = await api.item.create({ body: { id: 1n, name: "a" } });',
      "  if (!taken.ok && taken.status === 409) return taken.problem.field;",
      "  const refused = await api.item.remove({ id: 1n });",
      "  if (!refused.ok && refused.status === 401) return refused.problem.detail;",
      "  const found = await api.item.get({ id: 1n });",
      "  if (!found.ok && found.status === 404) return found.problem.owner;",
      "  if (!found.ok && found.status === 500) return found.problem.detail;",
      "  return found.ok ? found.data.name : found.problem.detail;",
      "}",
      "",
    ]);
    expect(errors).toEqual([
      { line: 7, message: "'refused.problem' is possibly 'undefined'." },
      // A 404's problem has no typed `owner`: only the 409's extensions (Taken) declare one.
      { line: 9, message: "Type 'unknown' is not assignable to type 'string | undefined'." },
    ]);
  });
});

describe("a client of an app whose error format answers 401 without a body", () => {
  let text: string;
  let api: any;
  const dir = path.resolve("test/.out/client-declared-errors-format/client");
  beforeAll(async () => {
    const built = build("client-declared-errors-format", FORMAT_APP, path.join(dir, "api.ts"));
    expect(built.compiled.diagnostics).toEqual([]);
    text = readFileSync(path.join(dir, "api.ts"), "utf8");
    const { app } = await built.compiled.load<{ app: App }>("src/app.ts");
    const { createClient } = await import(path.join(dir, "api.ts"));
    api = createClient({ fetch: app.request });
  });

  it("types the format's body per status, and undefined for its bare 401 on every route, which each call knows", () => {
    expect(text).toContain("export type ApiProblem = undefined | ApiError;");
    expect(text).toContain("const send = connect(options);");
    // The format's 401 may come from any route: each call knows it has no body.
    expect(text).toContain('send({ method: "GET", path: "/admin", bodiless: [401], check: checks?.admin.view }, options)');
    expect(text).toContain("Promise<Answer<{ status: 200; data: Item }, ApiProblem, { status: 404; problem: ApiError }>>;");
    expect(text).toContain("Promise<Answer<{ status: 204; data: undefined }, ApiProblem, { status: 401; problem: undefined }>>;");
  });

  it("bearerAuth's 401 on a route that declares none is a failure without a problem; a 404 in the format", async () => {
    const refused = await api.admin.view();
    expect([refused.ok, refused.status, refused.problem]).toEqual([false, 401, undefined]);
    const missing = await api.item.get({ id: 2n });
    expect([missing.ok, missing.status, missing.problem]).toEqual([false, 404, { message: "no item 2", status: 404 }]);
  });
});
