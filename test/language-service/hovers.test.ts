import { beforeAll, describe, expect, it } from "vitest";
import { type Editor, openEditor, shown } from "../support/language-service.js";

// docs/setup/editor.md, "In your editor": hovering a handler's parameter, or the marker in
// its type, says where honest takes the value from and what a request with a
// wrong one is answered (the statuses of docs/guide/errors.md, "Errors"); `From<R>` shows
// what R's resolve gives, not the conditional type behind it; and the
// markers' own doc comments say what honest does with them.

let editor: Editor;
const source = "src/items.ts";

beforeAll(() => {
  editor = openEditor("ls-hovers", {
    "src/items.ts": `
      import { Controller, Get, Post, HttpError } from "honest";
      import type { Cookie, Form, From, Header, Inject, Json, Path, Query, i64 } from "honest";
      import type { Context } from "hono";

      export interface User { id: number; name: string }
      export interface Item { id: string; title: string }
      export class ItemStore {}

      export class CurrentUser {
        async resolve(c: Context): Promise<User> {
          if (!c.req.header("authorization")) throw new HttpError(401);
          return { id: 1, name: "ada" };
        }
      }

      @Controller({ prefix: "/api" })
      export class ItemController {
        declare readonly store: Inject<ItemStore>;

        @Get("/items/{id}")
        async get(id: Path<i64>, user: From<CurrentUser>): Promise<Json<string>> { return \`\${id} \${user.name}\`; }

        @Get("/items/{id}/quote/{size}")
        async quote([itemId, size]: Path<[i64, "small" | "large"]>): Promise<Json<string>> { return \`\${itemId} \${size}\`; }

        @Get("/items")
        async list({ tag }: Query<{ tag?: string; limit?: number }>, headers: Header<{ "x-request-id": string }>, jar: Cookie<{ session: string }>): Promise<Json<string>> {
          return \`\${tag} \${headers["x-request-id"]} \${jar.session}\`;
        }

        @Post("/items")
        async create(item: Json<Item>): Promise<Json<Item>> { return item; }

        @Get("/days/{day}")
        async day(day: Path<Date>): Promise<Json<Date>> { return day; }

        @Post("/uploads")
        async upload(upload: Form<{ title: string; file: File }>): Promise<Json<string>> { return upload.title; }
      }
    `,
  });
  expect(editor.service.getSemanticDiagnostics(editor.file(source)).map((diagnostic) => diagnostic.code)).toEqual([]);
});

/** A hover's display and its documentation, as the editor shows them. */
function hover(needle: string, offset = 0): { display: string; documentation: string } {
  const info = editor.hover(source, needle, offset);
  return { display: shown(info?.displayParts), documentation: shown(info?.documentation) };
}

describe("hovers on handler parameters", () => {
  it("say which placeholder of which route a Path parameter is parsed from, and the 400 for a bad one", () => {
    const { display, documentation } = hover("id: Path<i64>");
    expect(display).toBe("(parameter) id: bigint");
    expect(documentation).toBe("honest: parsed from `{id}` of GET /api/items/{id}; 400 when it is not a 64-bit integer.");
    expect(hover("Path<i64>").documentation).toContain("honest: parsed from `{id}` of GET /api/items/{id}");
  });

  it("say a Date placeholder is read from an RFC 3339 date-time", () => {
    expect(hover("day: Path<Date>").documentation).toBe(
      "honest: parsed from `{day}` of GET /api/days/{day}; 400 when it is not an RFC 3339 date-time.",
    );
  });

  it("name each placeholder of a tuple and what it must be", () => {
    expect(hover("size]: Path").documentation).toBe(
      "honest: parsed from `{id}`, `{size}` of GET /api/items/{id}/quote/{size}, in that order; " +
        "400 when `{id}` is not a 64-bit integer, 400 when `{size}` is not one of `large`, `small`.",
    );
  });

  it("show what a From<R> parameter receives, and that resolve's HttpError answers the request", () => {
    const { display, documentation } = hover("user: From");
    expect(display).toBe("(parameter) user: User");
    expect(documentation).toContain("honest: what `CurrentUser.resolve(c)` returns, awaited, on the app's one instance of CurrentUser");
    expect(documentation).toContain("An `HttpError` it throws (`new HttpError(401)`) answers the request with that status");
  });

  it("show From<R> itself as the type it resolves to, not the conditional type", () => {
    const { display } = hover("From<CurrentUser>");
    expect(display).toBe("(alias) type From<CurrentUser> = User\nimport From");
  });

  it("say a Json body is checked before the handler runs, with the 415, 413 and 400 a bad one gets", () => {
    expect(hover("item: Json").documentation).toBe(
      "honest: the request body of POST /api/items, parsed as JSON and checked against `Item` before the handler runs, " +
        "undeclared properties dropped; 415 when its content type is not JSON, 413 when it is larger than `bodyLimit`, " +
        "400 when it is not JSON or does not match the type, listing every fault.",
    );
  });

  it("list the keys, headers, cookies and fields read, and the 400 (or 415) for faults", () => {
    expect(hover("tag }").display).toBe("(parameter) tag: string | undefined");
    expect(hover("tag }").documentation).toBe(
      "honest: the query string's keys (`tag`, `limit`) of GET /api/items, each parsed as its declared type; " +
        "400 listing every fault when a required key is missing, a single value is given twice, or a value does not parse.",
    );
    expect(hover("headers: Header").documentation).toContain("honest: the request headers (`x-request-id`) of GET /api/items");
    expect(hover("jar: Cookie").documentation).toContain(
      "honest: the cookies (`session`) of GET /api/items, read from the `cookie` header",
    );
    const form = hover("upload: Form").documentation;
    expect(form).toContain("honest: the request body of POST /api/uploads read as a form");
    expect(form).toContain("the fields (`title`, `file`)");
    expect(form).toContain("415 when its content type is not a form");
  });

  it("say what fills an Inject field", () => {
    expect(hover("store: Inject").documentation).toBe(
      "honest: filled when the app is built, with the app's one instance of ItemStore " +
        "(built with `new ItemStore()`, or the one given in `createApp({ providers: [[ItemStore, instance]] })`).",
    );
  });
});

describe("hovers on the markers", () => {
  it("say what honest does with each, from their doc comments", () => {
    const marker = (name: string) =>
      shown(editor.hover(source, `${name},`)?.documentation ?? editor.hover(source, `${name} }`)?.documentation);
    expect(marker("Path")).toContain("A segment that does not parse is answered 400");
    expect(marker("Json")).toContain("a content type other than JSON is a 415");
    expect(marker("From")).toContain("An `HttpError` that `resolve` throws");
    expect(marker("Header")).toContain("Declare names\nin lower case");
    expect(marker("i64")).toContain("anything else is a 400");
  });

  it("leave hovers elsewhere as TypeScript gives them", () => {
    expect(hover("user.name").documentation).toBe("");
    expect(editor.logged).toEqual([]);
  });
});
