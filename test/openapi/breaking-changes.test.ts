import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_DEPTH } from "../../transformer/compiler/document-changes.js";
import { breakingChanges, SchemaTooDeep } from "../../transformer/compiler/openapi/breaking-changes.js";
import { pointerOffsets } from "../../transformer/compiler/openapi/json-locations.js";
import { TextLines } from "../../transformer/compiler/text/text-lines.js";
import type { Schema } from "../../transformer/compiler/openapi/schema.js";

// docs/guide/openapi-and-clients.md, "Stopping a breaking change": the changes from a committed
// document to the current one that break a client of the committed one, on
// pairs of documents as honest writes them (OpenAPI 3.1, JSON Schema
// 2020-12): each kind found, with where the committed document has it;
// additive changes and widened inputs found nothing.

/** A document of one operation, `GET /items/{id}` unless `path` and `method` say otherwise. */
function documentOf(operation: Schema, { path = "/items/{id}", method = "get", schemas = {} as Schema } = {}): Schema {
  return { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: { [path]: { [method]: operation } }, components: { schemas } };
}

const json = (schema: Schema) => ({ content: { "application/json": { schema } } });
const ok = (schema: Schema) => ({ responses: { "200": { description: "OK", ...json(schema) } } });
const query = (name: string, schema: Schema, required = false) => ({ name, in: "query", ...(required && { required: true }), schema });
const body = (schema: Schema, extra: Schema = {}) => ({
  ...extra,
  requestBody: { required: true, ...json(schema) },
  responses: { "204": { description: "No Content" } },
});
const ITEM: Schema = { type: "object", properties: { id: { type: "string" }, price: { type: "number" } }, required: ["id", "price"] };

const BODY_POINTER = "/paths/~1items~1{id}/post/requestBody/content/application~1json/schema";
const RESPONSE_POINTER = "/paths/~1items~1{id}/get/responses/200/content/application~1json/schema";

describe("breakingChanges", () => {
  it("finds an operation removed, at the operation; a placeholder renamed is the same operation", () => {
    const committed = documentOf(ok(ITEM));
    expect(breakingChanges(committed, documentOf(ok(ITEM), { path: "/items/{itemId}" }))).toEqual([]);
    expect(breakingChanges(committed, documentOf(ok(ITEM), { method: "put" }))).toEqual([
      {
        method: "GET",
        path: "/items/{id}",
        currentPath: undefined,
        change: { kind: "operationRemoved" },
        pointer: "/paths/~1items~1{id}/get",
      },
    ]);
  });

  it("matches a path parameter by its placeholder's place, whatever its name", () => {
    const idParameter = (name: string, schema: Schema) => ({ parameters: [{ name, in: "path", required: true, schema }], ...ok(ITEM) });
    const committed = documentOf(idParameter("id", { type: "string" }));
    expect(breakingChanges(committed, documentOf(idParameter("itemId", { type: "string" }), { path: "/items/{itemId}" }))).toEqual([]);
    expect(breakingChanges(committed, documentOf(idParameter("itemId", { type: "integer" }), { path: "/items/{itemId}" }))).toEqual([
      {
        method: "GET",
        path: "/items/{id}",
        currentPath: "/items/{itemId}",
        change: { kind: "typesNarrowed", subject: { kind: "parameter", in: "path", name: "itemId" }, at: "$", removed: ["string"] },
        pointer: "/paths/~1items~1{id}/get/parameters/0/schema",
      },
    ]);
  });

  it("finds a success status removed, and not an error status removed or a status added", () => {
    const committed = documentOf({ responses: { "201": { description: "Created" }, "400": { description: "Bad Request" } } });
    expect(
      breakingChanges(committed, documentOf({ responses: { "201": { description: "Created" }, "204": { description: "No Content" } } })),
    ).toEqual([]);
    expect(
      breakingChanges(committed, documentOf({ responses: { "204": { description: "No Content" } } })).map((each) => [
        each.change,
        each.pointer,
      ]),
    ).toEqual([[{ kind: "statusRemoved", status: "201" }, "/paths/~1items~1{id}/get/responses/201"]]);
    // A range stays while a status of its class does.
    const range = documentOf({ responses: { "2XX": { description: "any" } } });
    expect(breakingChanges(range, documentOf({ responses: { "200": { description: "OK" } } }))).toEqual([]);
  });

  it("finds a new required parameter, and an optional one made required; not a new optional one or one removed", () => {
    const committed = documentOf({ parameters: [query("limit", { type: "integer" })], ...ok(ITEM) });
    const changes = (parameters: Schema[]) =>
      breakingChanges(committed, documentOf({ parameters, ...ok(ITEM) })).map((each) => each.change);
    expect(changes([query("limit", { type: "integer" }), query("offset", { type: "integer" })])).toEqual([]);
    expect(changes([])).toEqual([]);
    expect(
      changes([query("limit", { type: "integer" }), { name: "X-Tenant", in: "header", required: true, schema: { type: "string" } }]),
    ).toEqual([{ kind: "parameterRequired", in: "header", name: "X-Tenant", added: true }]);
    expect(changes([query("limit", { type: "integer" }, true)])).toEqual([
      { kind: "parameterRequired", in: "query", name: "limit", added: false },
    ]);
  });

  it("finds a request body property made required or added as required, at the property or the object", () => {
    const committed = documentOf(
      body({ type: "object", properties: { name: { type: "string" }, note: { type: "string" } }, required: ["name"] }),
      { method: "post" },
    );
    const current = documentOf(
      body({
        type: "object",
        properties: { name: { type: "string" }, note: { type: "string" }, sku: { type: "string" } },
        required: ["name", "note", "sku"],
      }),
      { method: "post" },
    );
    expect(breakingChanges(committed, current).map((each) => [each.change, each.pointer])).toEqual([
      [
        { kind: "propertyRequired", subject: { kind: "body", mediaType: "application/json" }, at: "$.note", added: false },
        `${BODY_POINTER}/properties/note`,
      ],
      [{ kind: "propertyRequired", subject: { kind: "body", mediaType: "application/json" }, at: "$.sku", added: true }, BODY_POINTER],
    ]);
  });

  it("finds an input narrowed: a type, an enum value, each constraint added or tightened; not one widened", () => {
    const subject = { kind: "parameter", in: "query", name: "q" };
    const changes = (before: Schema, after: Schema) =>
      breakingChanges(
        documentOf({ parameters: [query("q", before)], ...ok(ITEM) }),
        documentOf({ parameters: [query("q", after)], ...ok(ITEM) }),
      ).map((each) => each.change);
    expect(changes({ type: "number" }, { type: "integer" })).toEqual([{ kind: "typesNarrowed", subject, at: "$", removed: ["number"] }]);
    expect(changes({ type: ["string", "null"] }, { type: "string" })).toEqual([
      { kind: "typesNarrowed", subject, at: "$", removed: ["null"] },
    ]);
    expect(changes({ type: "string", enum: ["a", "b", "c"] }, { type: "string", enum: ["a", "c"] })).toEqual([
      { kind: "valuesRemoved", subject, at: "$", values: ["b"] },
    ]);
    expect(changes({ type: "string" }, { type: "string", enum: ["a"] })).toEqual([
      { kind: "valuesLimited", subject, at: "$", values: ["a"] },
    ]);
    expect(changes({ type: "string", maxLength: 100 }, { type: "string", maxLength: 50, minLength: 1, pattern: "^a" })).toEqual([
      { kind: "constraintTightened", subject, at: "$", keyword: "maxLength", before: 100, after: 50 },
      { kind: "constraintTightened", subject, at: "$", keyword: "minLength", before: undefined, after: 1 },
      { kind: "constraintTightened", subject, at: "$", keyword: "pattern", before: undefined, after: "^a" },
    ]);
    expect(changes({ type: "integer", minimum: 1, maximum: 10 }, { type: "integer", minimum: 2, maximum: 9 })).toEqual([
      { kind: "constraintTightened", subject, at: "$", keyword: "minimum", before: 1, after: 2 },
      { kind: "constraintTightened", subject, at: "$", keyword: "maximum", before: 10, after: 9 },
    ]);
    // Widened: a type, a value and a looser constraint more; a constraint less.
    expect(changes({ type: "integer", maximum: 10 }, { type: "number", maximum: 20 })).toEqual([]);
    expect(changes({ type: "string", enum: ["a"], pattern: "^a" }, { type: ["string", "null"], enum: ["a", "b", null] })).toEqual([]);
    expect(changes({ type: "array", items: { type: "string" }, maxItems: 5 }, { type: "array", items: { type: "string" } })).toEqual([]);
  });

  it("finds a narrowed array item and a union member taken away from a request body", () => {
    const schemas = {
      Card: { type: "object", properties: { kind: { type: "string", const: "card" } }, required: ["kind"] },
      Transfer: { type: "object", properties: { kind: { type: "string", const: "transfer" } }, required: ["kind"] },
    };
    const payment = (refs: string[]) => ({ oneOf: refs.map((name) => ({ $ref: `#/components/schemas/${name}` })) });
    const committed = documentOf(body({ type: "array", items: payment(["Card", "Transfer"]), maxItems: 3 }), { method: "post", schemas });
    const current = documentOf(body({ type: "array", items: payment(["Card"]), maxItems: 3 }), { method: "post", schemas });
    expect(breakingChanges(committed, current).map((each) => [each.change, each.pointer])).toEqual([
      [
        { kind: "alternativeRemoved", subject: { kind: "body", mediaType: "application/json" }, at: "$[]", name: "Transfer" },
        "/components/schemas/Transfer",
      ],
    ]);
    expect(breakingChanges(current, committed)).toEqual([]);
  });

  it("finds a response property removed or made optional, and a response widened; not a property added, or a new enum value", () => {
    const subject = { kind: "response", status: "200", mediaType: "application/json" };
    const changes = (after: Schema) =>
      breakingChanges(documentOf(ok(ITEM)), documentOf(ok(after))).map((each) => [each.change, each.pointer]);
    expect(
      changes({ ...ITEM, properties: { ...(ITEM.properties as Schema), tags: { type: "array", items: { type: "string" } } } }),
    ).toEqual([]);
    expect(changes({ type: "object", properties: { id: { type: "string" } }, required: ["id"] })).toEqual([
      [{ kind: "propertyRemoved", subject, at: "$.price" }, `${RESPONSE_POINTER}/properties/price`],
    ]);
    expect(changes({ ...ITEM, required: ["id"] })).toEqual([
      [{ kind: "propertyOptional", subject, at: "$.price" }, `${RESPONSE_POINTER}/properties/price`],
    ]);
    expect(changes({ ...ITEM, properties: { id: { type: "string" }, price: { anyOf: [{ type: "number" }, { type: "null" }] } } })).toEqual([
      [{ kind: "typesWidened", subject, at: "$.price", added: ["null"] }, `${RESPONSE_POINTER}/properties/price`],
    ]);
    const status = (values: string[]) =>
      ok({ type: "object", properties: { status: { type: "string", enum: values } }, required: ["status"] });
    expect(breakingChanges(documentOf(status(["draft"])), documentOf(status(["draft", "published"])))).toEqual([]);
    expect(breakingChanges(documentOf(ok({ type: "integer" })), documentOf(ok({ type: "number" }))).map((each) => each.change)).toEqual([
      { kind: "typesWidened", subject, at: "$", added: ["number"] },
    ]);
  });

  it("finds a request body or credentials required where there were none, and a media type taken away", () => {
    const plain = documentOf({ responses: { "204": { description: "No Content" } } }, { method: "post" });
    const withBody = documentOf(body({ type: "object" }), { method: "post" });
    expect(breakingChanges(plain, withBody).map((each) => each.change)).toEqual([{ kind: "bodyRequired", added: true }]);
    const guarded = documentOf({ responses: { "204": { description: "No Content" } }, security: [{ BearerUser: [] }] }, { method: "post" });
    expect(breakingChanges(plain, guarded).map((each) => each.change)).toEqual([{ kind: "securityAdded" }]);
    const form = (types: string[]) =>
      documentOf(
        {
          requestBody: { required: true, content: Object.fromEntries(types.map((type) => [type, { schema: { type: "object" } }])) },
          responses: {},
        },
        { method: "post" },
      );
    expect(
      breakingChanges(form(["multipart/form-data", "application/x-www-form-urlencoded"]), form(["multipart/form-data"])).map(
        (each) => each.change,
      ),
    ).toEqual([{ kind: "requestMediaTypeRemoved", mediaType: "application/x-www-form-urlencoded" }]);
  });

  it("follows $refs on both sides, each side in its own components, and ends on a schema that refers to itself", () => {
    const node = (required: string[]) => ({
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } },
      required,
    });
    const committed = documentOf(ok({ $ref: "#/components/schemas/Node" }), { schemas: { Node: node(["name", "children"]) } });
    expect(breakingChanges(committed, committed)).toEqual([]);
    const current = documentOf(ok({ $ref: "#/components/schemas/Node" }), { schemas: { Node: node(["children"]) } });
    expect(breakingChanges(committed, current).map((each) => [each.change, each.pointer])).toEqual([
      [
        { kind: "propertyOptional", subject: { kind: "response", status: "200", mediaType: "application/json" }, at: "$.name" },
        "/components/schemas/Node/properties/name",
      ],
    ]);
    // The same schema inlined on one side and named on the other is the same.
    expect(
      breakingChanges(committed, documentOf(ok(node(["name", "children"])), { schemas: { Node: node(["name", "children"]) } })),
    ).toEqual([]);
  });
});

describe("breakingChanges on a shared component", () => {
  it("lists a change inside a component once, at the first operation that has it", () => {
    const item = (required: string[]) => ({ Item: { ...ITEM, required } });
    const paths = (schemas: Schema) => ({
      ...documentOf(ok({ $ref: "#/components/schemas/Item" }), { schemas }),
      paths: {
        "/items": { get: ok({ type: "array", items: { $ref: "#/components/schemas/Item" } }) },
        "/items/{id}": { get: ok({ $ref: "#/components/schemas/Item" }) },
      },
    });
    expect(breakingChanges(paths(item(["id", "price"])), paths(item(["id"])))).toEqual([
      {
        method: "GET",
        path: "/items",
        currentPath: "/items",
        change: { kind: "propertyOptional", subject: { kind: "response", status: "200", mediaType: "application/json" }, at: "$[].price" },
        pointer: "/components/schemas/Item/properties/price",
      },
    ]);
  });
});

describe("breakingChanges on deep schemas", () => {
  /** `leaf` as the member of an anyOf of an anyOf…, `levels` deep. */
  const anyOfNest = (levels: number, leaf: Schema): Schema => {
    let schema = leaf;
    for (let level = 0; level < levels; level++) schema = { anyOf: [schema] };
    return schema;
  };
  const thrown = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error("nothing thrown");
  };
  const RESPONSE = { kind: "response", status: "200", mediaType: "application/json" };

  it("follows 256 levels, and stops past them at the schema it started from, in the committed document or the program's", () => {
    expect(MAX_SCHEMA_DEPTH).toBe(256);
    const string = { type: "string" };
    expect(breakingChanges(documentOf(ok(anyOfNest(256, string))), documentOf(ok(string)))).toEqual([]);
    expect(breakingChanges(documentOf(ok(string)), documentOf(ok(anyOfNest(256, string))))).toEqual([]);
    const committed = thrown(() => breakingChanges(documentOf(ok(anyOfNest(257, string))), documentOf(ok(string))));
    expect(committed).toBeInstanceOf(SchemaTooDeep);
    expect(committed).toMatchObject({
      document: "committed",
      operation: { method: "GET", path: "/items/{id}", currentPath: "/items/{id}" },
      subject: RESPONSE,
      pointer: RESPONSE_POINTER,
    });
    expect(thrown(() => breakingChanges(documentOf(ok(string)), documentOf(ok(anyOfNest(257, string)))))).toMatchObject({
      document: "current",
      pointer: RESPONSE_POINTER,
    });
  });

  it("counts a property and its items a level each, and stops at the first one past 256 where it is", () => {
    // An array of objects whose `next` is an array of objects…: items are levels 1, 3…, each `next` 2, 4…; level 257 is the 128th next's items.
    let schema: Schema = { type: "object" };
    for (let level = 0; level < 200; level++) schema = { type: "array", items: { type: "object", properties: { next: schema } } };
    const error = thrown(() => breakingChanges(documentOf(ok(schema)), documentOf(ok(schema))));
    expect(error).toMatchObject({ document: "committed", pointer: `${RESPONSE_POINTER}${"/items/properties/next".repeat(128)}/items` });
  });
});

describe("pointerOffsets", () => {
  const text = `${JSON.stringify({ openapi: "3.1.0", paths: { "/a/{id}": { get: { parameters: [{ name: "x" }, { name: "y" }] } } } }, null, 2)}\n`;
  const lines = new TextLines(text);
  const positions = (pointers: string[]) => pointerOffsets(text, pointers).map((offset) => lines.positionOf(offset));

  it("finds a member's key, an array's item, and the nearest enclosing value of a pointer the text has not, all in one pass", () => {
    expect(
      positions([
        "/paths/~1a~1{id}/get",
        "/paths/~1a~1{id}/get/parameters/1",
        "/paths/~1a~1{id}/post",
        "",
        "/paths/~1a~1{id}/get/parameters/7/name",
      ]),
    ).toEqual([
      { line: 5, column: 7 },
      { line: 10, column: 11 },
      { line: 4, column: 5 },
      { line: 1, column: 1 },
      { line: 6, column: 9 },
    ]);
  });

  it("skips what is not asked for, strings with brackets and escaped quotes included, and finds the item after them", () => {
    const tricky = '{"a": ["]", {"b": "\\"}"}, [[], {}], 3], "c": {"d": [1, {"e": true}]}}';
    const at = (pointer: string) => pointerOffsets(tricky, [pointer])[0];
    expect(at("/a/3")).toBe(tricky.indexOf("3]"));
    expect(at("/a/2/1")).toBe(tricky.indexOf("{}"));
    expect(at("/c/d/1/e")).toBe(tricky.indexOf('"e"'));
    expect(at("/a/1/b")).toBe(tricky.indexOf('"b"'));
  });
});
