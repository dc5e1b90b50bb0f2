// A small but real OpenAPI 3.1 document of four of the example's routes
// (GET /health, GET /items, GET /items/{id}, POST /items), written by hand
// for the tests of createApp({ openapi }) until the transformer writes the
// example's own document.

const problem = {
  description: "A problem document (README, Errors)",
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
};

export const EXAMPLE_OPENAPI_DOCUMENT = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "honest example", version: "1.0.0" },
  paths: {
    "/health": {
      get: {
        tags: ["HomeController"],
        summary: "Whether the server is up",
        operationId: "HomeController_health",
        responses: {
          "200": {
            description: "OK",
            content: {
              "application/json": {
                schema: { type: "object", properties: { status: { const: "ok" } }, required: ["status"] },
              },
            },
          },
        },
      },
    },
    "/items": {
      get: {
        tags: ["ItemController"],
        summary: "A filtered page of items",
        operationId: "ItemController_list",
        parameters: [
          { name: "tag", in: "query", schema: { type: "string" } },
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
          { name: "offset", in: "query", schema: { type: "integer", minimum: 0 } },
        ],
        responses: {
          "200": {
            description: "OK",
            content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Item" } } } },
          },
          "400": problem,
        },
      },
      post: {
        tags: ["ItemController"],
        summary: "Adds an item",
        operationId: "ItemController_create",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/CreateDto" } } },
        },
        responses: { "201": { description: "Created" }, "400": problem, "413": problem, "415": problem },
      },
    },
    "/items/{id}": {
      get: {
        tags: ["ItemController"],
        summary: "One item",
        operationId: "ItemController_get",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", format: "int64" } }],
        responses: {
          "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } } },
          "400": problem,
          "404": problem,
        },
      },
    },
  },
  components: {
    schemas: {
      Item: {
        type: "object",
        properties: {
          id: { type: "integer", format: "int64" },
          name: { type: "string" },
          price: { type: "number" },
          tags: { type: "array", items: { type: "string" } },
          inStock: { type: "boolean" },
        },
        required: ["id", "name", "price", "tags", "inStock"],
      },
      CreateDto: {
        type: "object",
        properties: {
          name: { type: "string" },
          price: { type: "number" },
          tags: { type: "array", items: { type: "string" } },
          inStock: { type: "boolean" },
        },
        required: ["name", "price"],
      },
      Problem: {
        type: "object",
        properties: {
          type: { type: "string" },
          title: { type: "string" },
          status: { type: "integer" },
          detail: { type: "string" },
        },
        required: ["title", "status", "detail"],
      },
    },
  },
});

/** `GET /items/{id}`-style operations of a document: every method and path it lists. */
export function operationsOf(documentText: string): string[] {
  const { paths } = JSON.parse(documentText) as { paths: Record<string, Record<string, unknown>> };
  const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => methods.has(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}
