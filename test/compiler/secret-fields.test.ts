import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { badRequestListing } from "../support/problem.js";

// docs/guide/json-bodies-and-responses.md, "Secrets": a field declared Secret<T> keeps T's checks, and a request
// that fails them is a 400 whose problem names the field and what it expected, never the value: `got` says only
// what kind of value came. The document marks a secret that only requests carry writeOnly.

const SOURCES = {
  "src/accounts.ts": `
    import { Controller, Post } from "honest";
    import type { Form, Header, Json, MinLength, Secret, StatusCode } from "honest";

    interface Codes { codes: string[] }
    interface Vault { [name: string]: string | number; master: Secret<string> }
    export interface SignUp {
      name: string;
      password: Secret<string & MinLength<12>>;
      pin?: Secret<number>;
      answer?: Secret<string | boolean>;
      backup?: Secret<Codes>;
      vault?: Vault;
    }
    export interface Session { token: Secret<string>; user: string }

    @Controller()
    export class AccountController {
      @Post("/accounts")
      async create(body: Json<SignUp>, h: Header<{ "x-api-key"?: Secret<string & MinLength<20>> }>): Promise<Json<Session, 201>> {
        return { token: "t-" + body.name, user: body.name };
      }

      @Post("/sessions")
      async signIn(form: Form<{ name: string; passphrase: Secret<string & MinLength<10>> }>): Promise<StatusCode> {
        return 204;
      }
    }
  `,
  "src/app.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
};

let app: Hono;
let document: Record<string, any>;
let client: string;

beforeAll(async () => {
  const file = path.resolve(import.meta.dirname, "../.out/secret-fields-openapi.json");
  const clientFile = path.resolve(import.meta.dirname, "../.out/secret-fields-client/api.ts");
  rmSync(file, { force: true });
  rmSync(clientFile, { force: true });
  const plugin = { openapi: { file, title: "Accounts", version: "1.0.0" }, client: clientFile };
  const compiled = compileFixture("secret-fields", SOURCES, {}, { plugin });
  expect(compiled.diagnostics).toEqual([]);
  app = (await compiled.load<{ app: Hono }>("src/app.ts")).app;
  document = JSON.parse(readFileSync(file, "utf8"));
  client = readFileSync(clientFile, "utf8");
});

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await app.request(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) };
}

describe("a Secret<T> field refused", () => {
  it("is named with what it expected, and said to be of a kind, never shown: in a body, nested, in a union and an index-signed object", async () => {
    const sent = JSON.stringify({
      name: "ada",
      password: "hunter2-pw",
      pin: "4711-pin",
      answer: 31337,
      backup: { codes: ["alpha-code", 98765] },
      vault: { master: 424242, other: "visible" },
    });
    const answer = await post("/accounts", sent);
    expect(answer).toMatchObject(
      badRequestListing("the request body does not match its declared type (5 errors)", [
        { path: "$.password", expected: "string of at least 12 characters", got: "a secret string (not shown)" },
        { path: "$.pin", expected: "number", got: "a secret string (not shown)" },
        { path: "$.answer", expected: "string | boolean", got: "a secret number (not shown)" },
        { path: "$.backup.codes[1]", expected: "string", got: "a secret number (not shown)" },
        { path: "$.vault.master", expected: "string", got: "a secret number (not shown)" },
      ]),
    );
    for (const value of ["hunter2", "4711", "31337", "98765", "424242"]) expect(answer.text).not.toContain(value);
  });

  it("says what holds no secret of its own: missing, null, an object where a string goes", async () => {
    const missing = await post("/accounts", JSON.stringify({ name: "ada", pin: null, backup: ["x"] }));
    expect(missing).toMatchObject(
      badRequestListing("the request body does not match its declared type (3 errors)", [
        { path: "$.password", expected: "string", got: "missing" },
        { path: "$.pin", expected: "number", got: "null" },
        { path: "$.backup", expected: "object", got: "array of 1 item" },
      ]),
    );
  });

  it("leaves a field that is not secret shown as before, beside one that is", async () => {
    const answer = await post("/accounts", JSON.stringify({ name: 7, password: "short", vault: { other: true } }));
    expect(answer.body.errors).toEqual([
      { path: "$.name", expected: "string", got: "7" },
      { path: "$.password", expected: "string of at least 12 characters", got: "a secret string (not shown)" },
      { path: "$.vault.master", expected: "string", got: "missing" },
      { path: "$.vault.other", expected: "string | number", got: "true" },
    ]);
  });

  it("in a header and a form, says a secret value was given", async () => {
    const header = await post("/accounts", JSON.stringify({ name: "ada", password: "long enough password" }), {
      "x-api-key": "key-too-short",
    });
    expect(header).toMatchObject(
      badRequestListing("the request headers do not match their declared type (1 error)", [
        { path: "header.x-api-key", expected: "string of at least 20 characters", got: "a secret value (not shown)" },
      ]),
    );
    expect(header.text).not.toContain("key-too-short");
    const response = await app.request("/sessions", {
      method: "POST",
      body: new URLSearchParams({ name: "ada", passphrase: "open-sesame"[0]! + "pass" }),
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text).errors).toEqual([
      { path: "form.passphrase", expected: "string of at least 10 characters", got: "a secret value (not shown)" },
    ]);
    expect(text).not.toContain("opass");
  });

  it("in a body that is not JSON, is not quoted: the detail says what was expected, and where", async () => {
    const answer = await post("/accounts", '{"name": "ada", "password": hunter2-is-my-password}');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe("the request body is not valid JSON: Object value expected after ':' at position 28");
    expect(answer.text).not.toContain("hunter");
    const cut = await post("/accounts", '{"password": "hunter2-is-my-password" x}');
    expect(cut.body.detail).toBe("the request body is not valid JSON: Comma ',' expected after value at position 38");
    const escaped = await post("/accounts", '{"password": "hunter2\\qsecret"}');
    expect(escaped.body.detail).toBe("the request body is not valid JSON: Invalid escape character at position 21");
    for (const { text } of [cut, escaped]) expect(text).not.toContain("hunter");
  });

  it("passes its checks as T would, and reaches the handler as T", async () => {
    const answer = await post("/accounts", JSON.stringify({ name: "ada", password: "long enough password", pin: 1234 }));
    expect(answer).toMatchObject({ status: 201, body: { token: "t-ada", user: "ada" } });
  });
});

describe("the document", () => {
  it("marks a secret that only requests carry writeOnly, in a body, a header and a form", () => {
    const { SignUp, Vault, Session } = document.components.schemas;
    expect(SignUp.properties.password).toEqual({ type: "string", minLength: 12, writeOnly: true });
    expect(SignUp.properties.pin).toEqual({ type: "number", writeOnly: true });
    expect(SignUp.properties.backup).toEqual({ $ref: "#/components/schemas/Codes", writeOnly: true });
    expect(SignUp.properties.name).toEqual({ type: "string" });
    expect(Vault.properties.master).toEqual({ type: "string", writeOnly: true });
    const create = document.paths["/accounts"].post;
    expect(create.parameters).toEqual([{ name: "x-api-key", in: "header", schema: { type: "string", minLength: 20, writeOnly: true } }]);
    const form = document.paths["/sessions"].post.requestBody.content["application/x-www-form-urlencoded"].schema;
    expect(form.properties.passphrase).toEqual({ type: "string", minLength: 10, writeOnly: true });
    // An answer's secret is sent, for the client to read: writeOnly would tell it to expect none.
    expect(Session.properties.token).toEqual({ type: "string" });
  });
});

describe("the generated client", () => {
  it("types a secret as its T: a client sends and reads the value itself", () => {
    expect(client).toContain(
      "export interface SignUp {\n  name: string;\n  password: string;\n  pin?: number;\n  answer?: boolean | string;\n  backup?: Codes;",
    );
    expect(client).toContain("export interface Session {\n  token: string;\n  user: string;\n}");
    expect(client).not.toContain("Secret");
  });
});
