import { describe, expect, it } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError, itReports } from "../support/controller-diagnostics.js";

// docs/guide/json-bodies-and-responses.md, "JSON bodies and responses": "A type that cannot travel as JSON (functions, symbols, Map, a
// bare type parameter) fails the build with a diagnostic naming the property
// path." The diagnostic is at the Json<T> annotation of the route that uses
// the type, so every route using it is reported, and none is dropped
// silently.

const diagnosticsOf = controllerDiagnostics({
  prefix: "json-diagnostics",
  header: `import { Controller, Get, Post, StatusCode } from "honest";
import type { Json } from "honest";
`,
});

const error = (line: number, message: string) => honestError(line, HonestCode.UnsupportedJsonType, message);

describe("types that cannot travel as JSON", () => {
  itReports(diagnosticsOf, [
    {
      title: "names each offending property path, at the declaration to change, for responses and bodies alike",
      name: "kinds",
      source: `
interface Account {
  name: string;
  onSave: () => void;
  createdAt: Date | string;
  roles: Map<string, boolean>;
  tags: Set<string>;
  key: symbol;
  history: { at: Set<Date> }[];
}
@Controller()
export class AccountController {
  @Get("/account")
  async get(): Promise<Json<Account>> { throw new Error(); }
  @Post("/account")
  async create(body: Json<{ when: Date | "never"; items: (string | undefined)[] }>): Promise<StatusCode> { return 204; }
}`,
      errors: [
        error(
          6,
          "GET /account (AccountController.get): Json<Account> cannot be sent as a response: $.onSave is a function (() => void), which cannot travel as JSON.",
        ),
        error(
          7,
          "GET /account (AccountController.get): Json<Account> cannot be sent as a response: $.createdAt is a union of Date and string, which JSON writes alike (a Date as its RFC 3339 text), so a text read could be either; declare one of them, or put them in objects told apart by a property.",
        ),
        error(
          8,
          "GET /account (AccountController.get): Json<Account> cannot be sent as a response: $.roles is a Map, which JSON cannot carry; use Record<string, T> or an array of entries.",
        ),
        error(
          9,
          "GET /account (AccountController.get): Json<Account> cannot be sent as a response: $.tags is a Set, which JSON cannot carry; use an array.",
        ),
        error(
          10,
          "GET /account (AccountController.get): Json<Account> cannot be sent as a response: $.key is a symbol, which cannot travel as JSON.",
        ),
        error(
          11,
          "GET /account (AccountController.get): Json<Account> cannot be sent as a response: $.history[].at is a Set, which JSON cannot carry; use an array.",
        ),
        error(
          18,
          'POST /account (AccountController.create): Json<{ when: Date | "never"; items: (string | undefined)[] }> cannot be a request body: $.when is a union of Date and string, which JSON writes alike (a Date as its RFC 3339 text), so a text read could be either; declare one of them, or put them in objects told apart by a property.',
        ),
        error(
          18,
          'POST /account (AccountController.create): Json<{ when: Date | "never"; items: (string | undefined)[] }> cannot be a request body: $.items[] can be undefined, which JSON cannot carry; use null, or make the property optional.',
        ),
      ],
    },
    {
      title: "reports a bare type parameter, and accepts the same generic instantiated",
      name: "type-parameter",
      source: `
interface Page<T> { items: T[]; total: number }
@Controller()
export class PageController {
  @Get("/page")
  async page(): Promise<Json<Page<string>>> { return { items: [], total: 0 }; }
  async helper<T>(): Promise<Json<Page<T>>> { return { items: [], total: 0 }; }
}
@Controller()
export abstract class BaseController<T> {
  @Post("/base")
  async create(body: Json<Page<T>>): Promise<StatusCode> { return 204; }
}`,
      errors: [
        error(
          14,
          "POST /base (BaseController.create): Json<Page<T>> cannot be a request body: $.items[] is the type parameter T, which honest cannot check at run time; use a concrete type, such as Page<Item>.",
        ),
      ],
    },
    {
      title: "reports one mistake once, however many routes use the type",
      name: "every-use",
      source: `
interface Event { at: Map<string, Date> }
@Controller()
export class EventController {
  @Get("/first")
  async first(): Promise<Json<Event>> { throw new Error(); }
  @Get("/second")
  async second(): Promise<Json<Event[]>> { throw new Error(); }
}`,
      errors: [
        error(
          4,
          "GET /first (EventController.first): Json<Event> cannot be sent as a response: $.at is a Map, which JSON cannot carry; use Record<string, T> or an array of entries.",
        ),
      ],
    },
    {
      title: "handles a faulty type inside a recursive one",
      name: "recursive",
      source: `
interface Folder { name: string; children: Folder[]; open: () => void }
@Controller()
export class FolderController {
  @Get("/folder")
  async get(): Promise<Json<Folder>> { throw new Error(); }
  @Get("/folders")
  async list(): Promise<Json<{ root: Folder }>> { throw new Error(); }
}`,
      errors: [
        error(
          4,
          "GET /folder (FolderController.get): Json<Folder> cannot be sent as a response: $.open is a function (() => void), which cannot travel as JSON.",
        ),
      ],
    },
  ]);
});

describe("request bodies", () => {
  itReports(diagnosticsOf, [
    {
      title: "refuses classes with methods and keys that are always dropped",
      name: "body-only",
      source: `
class Signup { name = ""; greet(): string { return this.name; } }
interface Raw { constructor: string; data: string }
@Controller()
export class SignupController {
  @Post("/signup")
  async signup(body: Json<Signup>): Promise<StatusCode> { return 204; }
  @Get("/signup")
  async current(): Promise<Json<Signup>> { throw new Error(); }
  @Post("/raw")
  async raw(body: Json<Raw>): Promise<StatusCode> { return 204; }
}`,
      errors: [
        error(
          9,
          "POST /signup (SignupController.signup): Json<Signup> cannot be a request body: $.greet is a method; a request body is plain JSON data, so the handler would receive an object without it. Use an interface or a type alias for the body.",
        ),
        error(
          13,
          "POST /raw (SignupController.raw): Json<Raw> cannot be a request body: $.constructor is a key honest always drops from request bodies, so it could never arrive; rename the property.",
        ),
      ],
    },
  ]);
});

describe("other types honest cannot check", () => {
  it("says what to use instead", () => {
    expect(
      diagnosticsOf(
        "others",
        `
@Controller()
export class OtherController {
  @Post("/a") async a(body: Json<{ id: \`user-\${string}\` }>): Promise<StatusCode> { return 204; }
  @Post("/b") async b(body: Json<object>): Promise<StatusCode> { return 204; }
  @Post("/c") async c(body: Json<{ [index: number]: string }>): Promise<StatusCode> { return 204; }
  @Post("/d") async d(body: Json<{ n: 5n }>): Promise<StatusCode> { return 204; }
}`,
      ),
    ).toEqual([
      error(
        6,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the message quotes a template literal type
        "POST /a (OtherController.a): Json<{ id: `user-${string}` }> cannot be a request body: $.id is the template type `user-${string}`, which honest cannot check; declare it as string.",
      ),
      error(
        7,
        "POST /b (OtherController.b): Json<object> cannot be a request body: $ is object, which says nothing about its properties; declare an interface, or use Record<string, unknown>.",
      ),
      error(
        8,
        "POST /c (OtherController.c): Json<{ [index: number]: string }> cannot be a request body: $ has a number index signature; JSON keys are strings, so use Record<string, T> or an array.",
      ),
      error(9, "POST /d (OtherController.d): Json<{ n: 5n }> cannot be a request body: $.n is the bigint literal 5n; declare it as i64."),
    ]);
  });
});
