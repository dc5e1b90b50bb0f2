import { describe, expect, it } from "vitest";
import { looksSecret } from "../../transformer/compiler/analyse/secret-fields.js";
import { compiledController, controllerDiagnostics, itReports } from "../support/controller-diagnostics.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics", TS991044: a request's field named like a secret and not
// marked Secret<T> is a warning at the property, in the build, the editor and `honest check` (compileFixture holds
// the three equal), once however many routes read its type.

const fixtures = {
  prefix: "secret-diagnostics",
  header: `import { Controller, Get, Post } from "honest";
import type { Cookie, Form, Header, Json, MinLength, Query, Secret, StatusCode } from "honest";
`,
};
const diagnosticsOf = controllerDiagnostics(fixtures);

const ADVICE = "so that no problem, log line or span shows its value, and the OpenAPI document marks it writeOnly.";

function warning(line: number, message: string) {
  return { file: "src/controller.ts", line, code: HonestCode.UnmarkedSecret, category: "warning" as const, message };
}

describe("TS991044, a request field named like a secret and not marked one", () => {
  itReports(diagnosticsOf, [
    {
      title: "is reported at each property of a body's types, nested ones too, once however many routes read them",
      name: "body",
      source: `
interface Credentials { user: string; privateKey: string }
interface SignUp { name: string; password: string & MinLength<8>; passwordConfirmation?: string; credentials: Credentials[] }
@Controller()
export class AccountController {
  @Post("/accounts")
  async create(body: Json<SignUp>): Promise<StatusCode> { return 204; }
  @Post("/accounts/check")
  async check(body: Json<SignUp>): Promise<StatusCode> { return 204; }
}`,
      errors: [
        warning(
          5,
          `Json<SignUp> at $.password: 'password' is named like a secret and not marked one; declare it password: Secret<string & MinLength<8>>, ${ADVICE}`,
        ),
        warning(
          5,
          `Json<SignUp> at $.passwordConfirmation: 'passwordConfirmation' is named like a secret and not marked one; declare it passwordConfirmation?: Secret<string>, ${ADVICE}`,
        ),
        warning(
          5,
          `Json<SignUp> at $.credentials: 'credentials' is named like a secret and not marked one; declare it credentials: Secret<Credentials[]>, ${ADVICE}`,
        ),
        warning(
          4,
          `Json<SignUp> at $.credentials[].privateKey: 'privateKey' is named like a secret and not marked one; declare it privateKey: Secret<string>, ${ADVICE}`,
        ),
      ],
    },
    {
      title: "is reported at query, header, cookie and form fields, a quoted name as written",
      name: "inputs",
      source: `
@Controller()
export class KeyController {
  @Get("/keys")
  async list(q: Query<{ token?: string; tokenCount?: number }>, h: Header<{ "x-api-key": string; authorization?: string }>, c: Cookie<{ session_secret?: string }>): Promise<StatusCode> { return 204; }
  @Post("/keys")
  async add(form: Form<{ name: string; passphrase: string }>): Promise<StatusCode> { return 204; }
}`,
      errors: [
        warning(
          7,
          `Query<{ token?: string; tokenCount?: number }>: 'token' is named like a secret and not marked one; declare it token?: Secret<string>, ${ADVICE}`,
        ),
        warning(
          7,
          `Header<{ "x-api-key": string; authorization?: string }>: 'x-api-key' is named like a secret and not marked one; declare it "x-api-key": Secret<string>, ${ADVICE}`,
        ),
        warning(
          7,
          `Header<{ "x-api-key": string; authorization?: string }>: 'authorization' is named like a secret and not marked one; declare it authorization?: Secret<string>, ${ADVICE}`,
        ),
        warning(
          7,
          `Cookie<{ session_secret?: string }>: 'session_secret' is named like a secret and not marked one; declare it session_secret?: Secret<string>, ${ADVICE}`,
        ),
        warning(
          9,
          `Form<{ name: string; passphrase: string }>: 'passphrase' is named like a secret and not marked one; declare it passphrase: Secret<string>, ${ADVICE}`,
        ),
      ],
    },
    {
      title:
        "is not reported for a field marked Secret<T> (also through an alias or beside null), nor for what an answer or an Env<T> holds",
      name: "marked",
      source: `
type Password = Secret<string & MinLength<8>>;
interface SignIn { name: string; password: Password; token: Secret<string> | null; apiKey?: (Secret<string>) }
interface Session { token: string }
@Controller()
export class SessionController {
  @Post("/session")
  async signIn(body: Json<SignIn>, h: Header<{ authorization?: Secret<string> }>): Promise<Json<Session>> { return { token: "t" }; }
}`,
      errors: [],
    },
  ]);

  it("says where, file, line and column at the property, as tspc prints it", () => {
    const compiled = compiledController(
      fixtures,
      "printed",
      `
interface SignIn {
  name: string;
    password: string;
}
@Controller()
export class SessionController {
  @Post("/session")
  async signIn(body: Json<SignIn>): Promise<StatusCode> { return 204; }
}`,
    );
    expect(compiled.printed).toEqual([
      `src/controller.ts(6,5): warning TS991044: Json<SignIn> at $.password: 'password' is named like a secret and not marked one; declare it password: Secret<string>, ${ADVICE}`,
    ]);
  });
});

describe("which names look like a secret's", () => {
  it.each([
    "password",
    "newPassword",
    "password_confirmation",
    "passwd",
    "pwd",
    "passcode",
    "passphrase",
    "clientSecret",
    "SECRET",
    "token",
    "accessToken",
    "refresh_token",
    "apiKey",
    "api_key",
    "x-api-key",
    "APIKey",
    "apikey",
    "privateKey",
    "PRIVATE_KEY",
    "signingKey",
    "credentials",
    "authorization",
  ])("%s does", (name) => {
    expect(looksSecret(name)).toBe(true);
  });

  it.each([
    "tokenCount",
    "maxTokens",
    "tokenType",
    "passwordHint",
    "passwordResetAt",
    "secretary",
    "key",
    "keyId",
    "publicKey",
    "name",
    "author",
  ])("%s does not", (name) => {
    expect(looksSecret(name)).toBe(false);
  });
});
