import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";

// docs/guide/openapi-and-clients.md, "OpenAPI and clients": what the transformer writes for some of the
// example's routes, against the OpenAPI a careful person writes by hand from
// example/src (items/item.controller.ts, items/item.ts, users/me.controller.ts,
// auth/current-user.ts) and docs/guide/errors.md's "Errors". Compared field by field, so
// that a drift shows as a readable diff. The document is the one tspc wrote
// (npm test's build): doc comments must survive tspc, which parses .ts files
// without JSDoc.

type Doc = Record<string, any>;

let document: Doc;

/** What every answer of a `@RateLimit` route says of its limit (docs/guide/rate-limits.md, "In the document and the client"). */
const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description: 'What is left of the client\'s quota: `r` requests remain in the window, which ends in `t` seconds ("default";r=4;t=60).',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description: 'The route\'s quota: `q` requests per window of `w` seconds ("default";q=5;w=60).',
    schema: { type: "string" },
  },
};

beforeAll(() => {
  document = JSON.parse(readFileSync(path.join(exampleDir, "dist/openapi.json"), "utf8"));
});

const ref = (section: "schemas" | "responses", name: string) => ({ $ref: `#/components/${section}/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
/** A problem response, with an example of what honest answers for it (a documentation page shows it rather than making one up). */
const problem = (description: string, example: Record<string, unknown>) => ({
  description,
  content: { "application/problem+json": { schema: ref("schemas", "Problem"), example: { type: "about:blank", ...example } } },
});
const int64 = { type: "integer", format: "int64" };

describe("the example's routes, as written by hand", () => {
  it("GET /items: a query of three optional keys with their constraints and the defaults honest fills in, a page with its Link headers", () => {
    expect(document.paths["/items"].get).toEqual({
      tags: ["ItemController"],
      // OpenAPI's summary is plain text: the doc comment's code span loses its backticks.
      summary: "A filtered page of the items: ?tag=usb&limit=10&offset=20, 100 a page unless asked.",
      description:
        "The body is the page's items; the Link header names the first, previous, next and last pages, and\nX-Total-Count counts the items with the tag.",
      operationId: "ItemController_list",
      parameters: [
        { name: "tag", in: "query", schema: { type: "string" } },
        // OffsetPaging's (docs/guide/pages.md, "Offset paging"): a request without them gets Max and 0.
        {
          name: "limit",
          in: "query",
          description: "The most items the page holds.",
          schema: { type: "integer", minimum: 1, maximum: 100, default: 100 },
        },
        {
          name: "offset",
          in: "query",
          description: "How many items come before the page.",
          schema: { type: "integer", minimum: 0, default: 0 },
        },
      ],
      responses: {
        "200": {
          description: "OK",
          headers: {
            Link: {
              description:
                "RFC 8288 links to the other pages (`first` and `prev` after the first page, `next` while more items follow, `last` when the total is known): " +
                'each target is this request\'s path and query, `limit` and `offset` changed, as in </items?limit=20&offset=40>; rel="next".',
              schema: { type: "string" },
            },
            "X-Total-Count": {
              description: "How many items every page holds together, when the handler counts them.",
              schema: { type: "integer", minimum: 0 },
            },
          },
          content: json({ type: "array", items: ref("schemas", "Item") }),
        },
        "400": ref("responses", "BadRequest"),
        default: ref("responses", "Problem"),
      },
    });
  });

  it("GET /items/{id}: an int64 path parameter, If-None-Match, the Item with its ETag, its 304, and the problems", () => {
    const headers = {
      ETag: {
        description:
          'The entity tag of what the route answered with, quotes included (`"7"`, `W/"7"`): send it back in If-None-Match or If-Match.',
        schema: { type: "string" },
      },
      "Cache-Control": { description: "Always `private, no-cache`.", schema: { type: "string", const: "private, no-cache" } },
    };
    expect(document.paths["/items/{id}"].get).toEqual({
      tags: ["ItemController"],
      summary: "One item by its id, its version as its ETag; a 404 when there is none.",
      description: "A client that sends the ETag it holds back as If-None-Match gets a 304, without a body, while the item is unchanged.",
      operationId: "ItemController_get",
      parameters: [
        { name: "id", in: "path", description: "the item's id, a 64-bit integer", required: true, schema: int64 },
        {
          name: "If-None-Match",
          in: "header",
          description: "Entity tags of copies the client holds (or `*`): one that is current is answered 304, without a body.",
          schema: { type: "string" },
        },
      ],
      responses: {
        "200": { description: "OK", content: json(ref("schemas", "Item")), headers },
        "304": { description: "Not Modified: the copy the client named in If-None-Match is current; no body.", headers },
        "400": ref("responses", "BadRequest"),
        // Declared in the return type, HttpError<404> (docs/guide/errors.md, "Errors a route declares").
        "404": ref("responses", "NotFoundProblem"),
        default: ref("responses", "Problem"),
      },
    });
  });

  it("PUT /items/{id}: If-Match, and the 412 when it names a version the item no longer has", () => {
    const put = document.paths["/items/{id}"].put;
    expect(put.parameters[1]).toEqual({
      name: "If-Match",
      in: "header",
      description: "Entity tags the client's copy had (or `*`): unless one is current, the route answers 412 without changing anything.",
      schema: { type: "string" },
    });
    expect(put.responses["412"]).toEqual(ref("responses", "PreconditionFailed"));
    expect(Object.keys(put.responses["200"].headers)).toEqual(["ETag"]);
  });

  it("POST /items/bulk: an optional header with its pattern, a bounded array body, a 201 with the items, its rate limit's 429 and headers", () => {
    expect(document.paths["/items/bulk"].post).toEqual({
      tags: ["ItemController"],
      summary: "Several items at once, all or none: a 201 with the items created, in order; a client's x-request-id is echoed back.",
      description: "Each client address may call it 5 times a minute; past that, a 429 says when to try again.",
      operationId: "ItemController_createMany",
      parameters: [{ name: "x-request-id", in: "header", schema: { type: "string", pattern: "^[A-Za-z0-9._-]{1,64}$" } }],
      requestBody: {
        description: "the items to create, in order",
        required: true,
        content: json({ type: "array", items: ref("schemas", "NewItem"), minItems: 1, maxItems: 100 }),
      },
      responses: {
        "201": { description: "Created", content: json({ type: "array", items: ref("schemas", "Item") }), headers: RATE_LIMIT_HEADERS },
        "400": ref("responses", "BadRequest"),
        "413": ref("responses", "ContentTooLarge"),
        "415": ref("responses", "UnsupportedMediaType"),
        "429": ref("responses", "TooManyRequests"),
        default: ref("responses", "Problem"),
      },
    });
  });

  it("GET /me: the resolver's bearer scheme as the security requirement, and its 401", () => {
    expect(document.paths["/me"].get).toEqual({
      tags: ["MeController"],
      summary: "The signed-in user: a resolver (CurrentUser) turns the bearer token into a User, or answers 401.",
      operationId: "GetCurrentUser",
      responses: {
        "200": { description: "OK", content: json(ref("schemas", "User")) },
        "401": ref("responses", "Unauthorized"),
        default: ref("responses", "Problem"),
      },
      security: [{ CurrentUser: [] }],
    });
    expect(document.components.securitySchemes).toEqual({ CurrentUser: { type: "http", scheme: "bearer" } });
  });

  it("the schemas they refer to: Item, NewItem with its constraints and doc comment, User, PATCH's Partial<UpdateDto>", () => {
    const { schemas } = document.components;
    expect(schemas.Item).toEqual({
      type: "object",
      properties: {
        id: int64,
        name: { type: "string" },
        price: { type: "number" },
        tags: { type: "array", items: { type: "string" } },
        inStock: { type: "boolean" },
        sku: { type: "string", description: "Its stock-keeping unit, when it has one: no two items have the same." },
      },
      required: ["id", "name", "price", "tags", "inStock"],
    });
    expect(schemas.NewItem).toEqual({
      type: "object",
      description: "One item of `POST /items/bulk`: stricter than CreateDto, with constraint types the body check enforces.",
      properties: {
        name: { type: "string", minLength: 1, maxLength: 100 },
        price: { type: "number", minimum: 0 },
        tags: { type: "array", items: { type: "string", minLength: 1 }, maxItems: 20 },
        inStock: { type: "boolean" },
        sku: { type: "string", pattern: "^[A-Z0-9][A-Z0-9-]{0,31}$" },
      },
      required: ["name", "price"],
    });
    expect(schemas.User).toEqual({ type: "object", properties: { id: int64, name: { type: "string" } }, required: ["id", "name"] });
    // Partial<T>'s own doc comment (TypeScript's "Make all properties in T optional") describes no data of the example.
    expect(schemas.Partial_UpdateDto).toEqual({
      type: "object",
      properties: {
        name: { type: "string" },
        price: { type: "number" },
        tags: { type: "array", items: { type: "string" } },
        inStock: { type: "boolean" },
        sku: { type: "string", pattern: "^[A-Z0-9][A-Z0-9-]{0,31}$", description: "Without one, the item has none." },
      },
    });
  });

  it("the Problem schema: RFC 9457's members as its Appendix A types them, and honest's errors", () => {
    expect(document.components.schemas.Problem).toEqual({
      type: "object",
      description: "An RFC 9457 problem document: every error answer honest gives.",
      properties: {
        type: {
          type: "string",
          format: "uri-reference",
          description: 'A URI reference that identifies the problem type; "about:blank" by default.',
        },
        title: { type: "string", description: "The status code's reason phrase." },
        status: {
          type: "integer",
          minimum: 400,
          maximum: 599,
          description: "The HTTP status code: every problem honest answers is an error.",
        },
        detail: { type: "string", description: "What was wrong with this request, in words." },
        requestId: {
          type: "string",
          description: "The request's id, as in its X-Request-Id header and the server's log lines for it.",
        },
        errors: {
          type: "array",
          description:
            "One entry per faulty value, when the request's path, query, headers, cookies, form or body do not match their types.",
          items: {
            type: "object",
            properties: {
              path: { type: "string", description: "Where the value was: `$.tags[2]` in a body, `query.limit`, `header.x-request-id`." },
              expected: { type: "string", description: "What the declared type needs there." },
              got: { type: "string", description: "What the request had instead." },
            },
            required: ["path", "expected", "got"],
          },
        },
      },
      required: ["type", "title", "status", "detail"],
    });
  });

  it("the error answers, each a problem document, and only those some operation refers to", () => {
    expect(document.components.responses).toEqual({
      BadRequest: problem(
        "The request does not match what the route declares (a path parameter, the query string, headers, cookies, form or body); `errors` lists each fault.",
        {
          title: "Bad Request",
          status: 400,
          detail: "the request body does not match its declared type (1 error)",
          errors: [{ path: "$.price", expected: "number", got: '"5"' }],
        },
      ),
      Unauthorized: problem(
        "The request lacks valid credentials for the route's security scheme: the resolver that declares it refused them.",
        { title: "Unauthorized", status: 401, detail: "the request has no valid credentials" },
      ),
      ContentTooLarge: problem("The request body is larger than the app's body limit.", {
        title: "Content Too Large",
        status: 413,
        detail: "the request body is larger than the limit of 1048576 bytes",
      }),
      UnsupportedMediaType: problem("The request body's content type is not the one the route reads, or it has a content-encoding.", {
        title: "Unsupported Media Type",
        status: 415,
        detail: 'expected a JSON body with content-type application/json; got "text/plain"',
      }),
      PreconditionFailed: problem(
        "A precondition the request sent (If-Match, If-Unmodified-Since, or If-None-Match on a write) does not hold for the resource as it is: nothing was changed.",
        { title: "Precondition Failed", status: 412, detail: "If-Match lists no current entity tag of the resource" },
      ),
      TooManyRequests: {
        ...problem("The client sent more requests than the route's rate limit allows in its window; Retry-After says when to try again.", {
          title: "Too Many Requests",
          status: 429,
          detail: "more than 5 requests in 1 minute; try again in 42 s",
        }),
        headers: {
          "Retry-After": {
            description: "Seconds until the window ends and the route takes the client's requests again.",
            schema: { type: "integer", minimum: 1 },
          },
          ...RATE_LIMIT_HEADERS,
        },
      },
      RangeNotSatisfiable: {
        ...problem("The one range `Range` asked for starts past the file's end; Content-Range gives the file's length.", {
          title: "Range Not Satisfiable",
          status: 416,
          detail: 'the range "bytes=5000-" asks for no byte of the file\'s 1234',
        }),
        headers: { "Content-Range": { description: "The file's length: `bytes */1234`.", schema: { type: "string" } } },
      },
      Problem: problem(
        "Any other error answer: an HttpError the handler throws, a refusal by middleware or a resolver (401, 403), or a server failure (500, 504).",
        { title: "Internal Server Error", status: 500, detail: "the server failed to complete the request" },
      ),
      // The errors the item routes declare, each one shared response with the answer honest gives.
      NotFoundProblem: problem("Not Found: the handler answers with this error.", { title: "Not Found", status: 404, detail: "Not Found" }),
      ConflictProblem: problem("Conflict: the handler answers with this error.", { title: "Conflict", status: 409, detail: "Conflict" }),
    });
  });

  it("the document's head: OpenAPI 3.1, the tsconfig's title, version and contact, the package's license, the root server, a tag per controller", () => {
    const { name, license } = JSON.parse(readFileSync(path.join(exampleDir, "../package.json"), "utf8"));
    expect(name).toBe("honest"); // the example's nearest package.json
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toEqual({
      title: "honest example: items, todos and posts",
      version: "1.0.0",
      contact: { name: "honest contributors", url: "https://github.com/honest-ts/honest" },
      license: { name: license, identifier: license },
    });
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(document.tags).toContainEqual({
      name: "ItemController",
      description: "The items in the store: listed, read, created, replaced, patched and removed by id. A sku another item has is a 409.",
    });
  });
});
