import { describe, expect, it } from "vitest";
import { compiledController, honestError as error, itReports } from "../support/controller-diagnostics.js";
import { HonestCode, isHonestCode } from "../support/honest-codes.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" and "Resolvers": a From<R> whose R is
// not a class with resolve(c: Context), or that generated code cannot reach
// from the controller's file, is an error at the parameter; a resolver is a
// component for the dependency checks, so a cycle through one, or one that
// new R() cannot build, is an error too.

const header = `import { Controller, Get, createApp } from "honest";
import type { From, Inject, Json } from "honest";
import type { Context } from "hono";
`;

/** Compiles one controller file (with a createApp() call, so findings are errors) and returns its diagnostics. */
const diagnosticsOf = (name: string, body: string, extraFiles: Record<string, string> = {}) =>
  compiledController({ prefix: "resolver-diagnostics", header, withApp: true }, name, body, extraFiles).diagnostics;
const honestDiagnosticsOf = (name: string, body: string) => diagnosticsOf(name, body).filter((diagnostic) => isHonestCode(diagnostic.code));

// A controller whose route takes the CurrentUser resolver each cycle test declares.
const accountController = `@Controller()
export class AccountController {
  @Get("/me")
  async me(user: From<CurrentUser>): Promise<Json<string>> { return user; }
}`;
// The CurrentUser resolver of a cycle test, its `field` injecting `component`, then `more` and the AccountController.
const currentUserInjecting = (field: string, component: string, more = "") => `
export class CurrentUser {
  declare readonly ${field}: Inject<${component}>;
  resolve(): string { return "ada"; }
}
${more}${accountController}`;
// A resolver with a constructor argument, which new R() cannot supply.
const keyController = `export class ApiKey {
  constructor(readonly key: string) {}
  resolve(c: Context): boolean { return c.req.header("x-api-key") === this.key; }
}
@Controller()
export class KeyController {
  @Get("/key")
  async check(valid: From<ApiKey>): Promise<Json<boolean>> { return valid; }
}`;

describe("From<R> diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a resolver type that is not a class",
      name: "interface",
      source: `
interface UserLookup { resolve(c: Context): string }
@Controller()
export class UserController {
  @Get("/user")
  async me(user: From<UserLookup>): Promise<Json<string>> { return user; }
}`,
      errors: [
        error(
          9,
          HonestCode.ResolverNotClass,
          "GET /user (UserController.me): From<UserLookup> needs a class: 'UserLookup' is not one. Make it a class with a method resolve(c: Context) that returns what the parameter receives.",
        ),
      ],
    },
    {
      title: "reports a resolver type that is not a name",
      name: "object-type",
      source: `
@Controller()
export class UserController {
  @Get("/user")
  async me(user: From<{ resolve(c: Context): string }>): Promise<Json<string>> { return user; }
}`,
      errors: [
        error(
          8,
          HonestCode.ResolverNotClass,
          "GET /user (UserController.me): From<{ resolve(c: Context): string }> needs a class name, as in From<CurrentUser>: a class with a method resolve(c: Context) that returns what the parameter receives.",
        ),
      ],
    },
  ]);

  it("reports a class without resolve, beside TypeScript's own constraint error", () => {
    const diagnostics = diagnosticsOf(
      "no-resolve",
      `
export class Session { find(c: Context): string { return ""; } }
@Controller()
export class UserController {
  @Get("/user")
  async me(user: From<Session>): Promise<Json<string>> { return ""; }
}`,
    );
    expect(diagnostics.filter((diagnostic) => isHonestCode(diagnostic.code))).toEqual([
      error(
        9,
        HonestCode.ResolverWithoutResolve,
        "GET /user (UserController.me): From<Session> needs a method resolve(c: Context) on Session, which returns what the parameter receives (or throws HttpError(401) to refuse the request); add one.",
      ),
    ]);
    expect(diagnostics.filter((diagnostic) => !isHonestCode(diagnostic.code)).map((diagnostic) => diagnostic.code)).toEqual([2344]);
  });

  // TypeScript may report the call it cannot type beside honest's diagnostic.
  itReports(honestDiagnosticsOf, [
    {
      title: "reports a resolve method that takes more than the Context",
      name: "two-parameters",
      source: `
export class Role { resolve(c: Context, role: string): string { return role; } }
@Controller()
export class UserController {
  @Get("/user")
  async me(role: From<Role>): Promise<Json<string>> { return role; }
}`,
      errors: [
        error(
          9,
          HonestCode.ResolverWithoutResolve,
          "GET /user (UserController.me): Role.resolve declares 2 parameters (c, role), but honest calls it with the request's Context alone; declare resolve(c: Context), and reach anything else through Inject<T> fields.",
        ),
      ],
    },
    {
      title: "reports a resolve method whose parameter is not the Context",
      name: "not-context",
      source: `
export class Token { resolve(header: string): string { return header; } }
@Controller()
export class UserController {
  @Get("/user")
  async me(token: From<Token>): Promise<Json<string>> { return token; }
}`,
      errors: [
        error(
          9,
          HonestCode.ResolverWithoutResolve,
          "GET /user (UserController.me): Token.resolve takes 'header' of type 'string', but honest calls it with the request's Context; declare it 'header: Context' (from hono).",
        ),
      ],
    },
  ]);

  itReports(diagnosticsOf, [
    {
      title: "accepts resolve() without parameters, an optional Context, or a Context of its own environment",
      name: "accepted",
      source: `
type AppContext = Context<{ Variables: { user: string } }>;
export class Clock { resolve(): number { return 1; } }
export class Optional { resolve(c?: Context): string { return c ? "c" : ""; } }
export class Typed { resolve(c: AppContext): string { return c.get("user"); } }
@Controller()
export class UserController {
  @Get("/user")
  async me(now: From<Clock>, a: From<Optional>, b: From<Typed>): Promise<Json<string>> { return a + b + now; }
}`,
      errors: [],
    },
    {
      title: "reports a resolver class the controller's file cannot reach",
      name: "unreachable",
      source: `
@Controller()
export class UserController {
  @Get("/user")
  async me(user: From<GlobalUser>): Promise<Json<string>> { return user; }
}`,
      extraFiles: { "src/globals.d.ts": `declare class GlobalUser { resolve(): string }\n` },
      errors: [
        error(
          8,
          HonestCode.ResolverUnreachable,
          "GET /user (UserController.me): the generated route takes the resolver GlobalUser from this file, and cannot: 'GlobalUser' is neither declared in this file nor imported into it. Declare the class here, or import it by name from the module that exports it.",
        ),
      ],
    },
    {
      title: "reports a resolver that injects the controller using it as a dependency cycle",
      name: "controller-cycle",
      source: currentUserInjecting("accounts", "AccountController"),
      errors: [
        error(
          6,
          HonestCode.DependencyCycle,
          "dependency cycle: AccountController.me(user) → CurrentUser.accounts → AccountController; break it, or provide one of these components with createApp({ providers })",
        ),
      ],
    },
    {
      title: "reports a cycle among a resolver's own components",
      name: "resolver-cycle",
      source: currentUserInjecting("sessions", "Sessions", "export class Sessions { declare readonly users: Inject<CurrentUser>; }\n"),
      errors: [
        error(
          9,
          HonestCode.DependencyCycle,
          "dependency cycle: CurrentUser.sessions → Sessions.users → CurrentUser; break it, or provide one of these components with createApp({ providers })",
        ),
      ],
    },
    {
      title: "reports a resolver that new R() cannot build, at the parameter",
      name: "unbuildable",
      source: `
${keyController}`,
      errors: [
        error(
          12,
          HonestCode.UnbuildableComponent,
          "ApiKey cannot be built with new ApiKey() (its constructor declares 1 parameter: key), needed by KeyController.check(valid); declare its dependencies as Inject<T> fields, or provide an instance with createApp({ providers: [[ApiKey, instance]] })",
        ),
      ],
    },
    {
      title: "reports neither when createApp({ providers }) gives the resolver",
      name: "provided",
      source: `
${keyController}
export const provided = createApp({ log: false, providers: [[ApiKey, new ApiKey("secret")]] });`,
      errors: [],
    },
  ]);
});
