import cors from "@fastify/cors";
import Fastify from "fastify";
import { bearerRefusal, itemFilter } from "../checks.mjs";
import {
  ADMIN_TOKEN,
  findPost,
  info,
  itemPage,
  quote,
  SIGN_IN,
  sortedItems,
  stats,
  TODOS,
  userOfAuthorization,
  welcome,
} from "../data.mjs";
import { PROBLEM_TYPE, problemText } from "../wire.mjs";
import { WITH_CORS } from "../workload.mjs";

// The example's 17 routes on Fastify 5 with JSON Schemas for params, bodies and
// responses (its fast path: ajv checks, fast-json-stringify writes, bigint ids
// as integers). Type coercion is off, so "5" is not a number, as in honest,
// and text/plain bodies are refused (415) as they are there. @fastify/cors
// answers as hono/cors() does (origin *, hono's methods, preflights without
// an origin too), and onRequest hooks check the bearer tokens of GET /me and
// /admin/*, only on those routes. The item handlers are async and await the
// store where honest's ItemController awaits it (docs/benchmarks.md, "Like for
// like").

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = { type: "string", pattern: "^-?[0-9]+$" };

/** An item's fields, as the example answers them; bench/unit-of-work's Fastify servers take and answer them too. */
export const itemProperties = {
  id: { type: "integer" },
  name: { type: "string" },
  price: { type: "number" },
  tags: { type: "array", items: { type: "string" } },
  inStock: { type: "boolean" },
};
const item = { type: "object", properties: itemProperties, required: ["id", "name", "price", "tags", "inStock"] };
const { id: _id, ...itemFields } = itemProperties;
const createDto = { type: "object", properties: itemFields, required: ["name", "price"], additionalProperties: false };
const updateDto = { ...createDto, required: ["name", "price", "tags", "inStock"] };
const patchDto = { ...createDto, required: [] };
export const idParams = { type: "object", properties: { id: INTEGER_TEXT }, required: ["id"] };
const postParams = { type: "object", properties: { user_id: INTEGER_TEXT, post_id: INTEGER_TEXT }, required: ["user_id", "post_id"] };
const post = {
  type: "object",
  properties: {
    id: { type: "integer" },
    userId: { type: "integer" },
    author: { type: "string" },
    title: { type: "string" },
    site: { type: "string" },
  },
};
const quoteSchema = { type: "object", properties: { item: { type: "integer" }, quantity: { type: "number" }, total: { type: "number" } } };
const welcomeSchema = { type: "object", properties: { name: { type: "string" }, version: { type: "string" }, routes: { type: "string" } } };
const infoSchema = {
  type: "object",
  properties: { name: { type: "string" }, version: { type: "string" }, node: { type: "string" }, uptimeSeconds: { type: "number" } },
};
const items = { type: "array", items: item };
/** GET /items's query: with coercion off a query value is a string, so the schema checks its syntax and the handler its range. */
const NUMBER_TEXT = { type: "string", pattern: "^-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$" };
const itemQuery = { type: "object", properties: { limit: NUMBER_TEXT, offset: NUMBER_TEXT, tag: { type: "string" } } };
const oneParam = (name, schema) => ({ type: "object", properties: { [name]: schema }, required: [name] });
const quoteParams = {
  type: "object",
  properties: { id: INTEGER_TEXT, quantity: { type: "string", pattern: "^-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$" } },
  required: ["id", "quantity"],
};
const user = { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } };
const statsSchema = { type: "object", properties: { items: { type: "integer" } } };
const todo = {
  type: "object",
  properties: {
    id: { type: "integer" },
    title: { type: "string" },
    done: { type: "boolean" },
    created: { type: "string", format: "date-time" },
    due: { type: ["string", "null"], format: "date-time" },
  },
};

class Problem extends Error {
  constructor(statusCode, detail) {
    super(detail);
    this.statusCode = statusCode;
  }
}

/** A path id the schema let through, as a bigint in the i64 range (else 400). */
function i64(text, name) {
  const value = BigInt(text);
  if (value < I64_MIN || value > I64_MAX) throw new Problem(400, `path parameter "${name}" must be a 64-bit integer`);
  return value;
}

export function fastifyApp(store) {
  const app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: false } } });
  app.removeContentTypeParser("text/plain"); // JSON bodies only: anything else is a 415
  if (WITH_CORS) app.register(cors, { methods: "GET,HEAD,PUT,POST,DELETE,PATCH,QUERY", strictPreflight: false });
  app.decorateRequest("user", null);
  const existing = (found, id) => found ?? Promise.reject(new Problem(404, `item ${id} not found`));

  app.get("/", { schema: { response: { 200: welcomeSchema } } }, async () => welcome());
  app.get("/info", { schema: { response: { 200: infoSchema } } }, async () => info());
  app.get("/health", { schema: { response: { 200: { type: "object", properties: { status: { type: "string" } } } } } }, async () => ({
    status: "ok",
  }));
  app.get("/api/todos", { schema: { response: { 200: { type: "array", items: todo } } } }, async () => TODOS);
  app.get("/items", { schema: { querystring: itemQuery, response: { 200: items } } }, async (req) => {
    const filter = itemFilter(req.query.limit, req.query.offset, req.query.tag);
    if (filter === undefined) throw new Problem(400, "limit must be an integer from 1 to 100, offset an integer from 0");
    return itemPage(store, filter);
  });
  const tagParams = oneParam("tag", { type: "string", minLength: 1 });
  app.get("/items/tagged/:tag", { schema: { params: tagParams, response: { 200: items } } }, async (req) =>
    store.all().filter((found) => found.tags.includes(req.params.tag)),
  );
  const orderParams = oneParam("order", { type: "string", enum: ["asc", "desc"] });
  app.get("/items/sorted/:order", { schema: { params: orderParams, response: { 200: items } } }, async (req) =>
    sortedItems(store, req.params.order),
  );
  const inStockParams = oneParam("inStock", { type: "string", enum: ["true", "false"] });
  app.get("/items/in-stock/:inStock", { schema: { params: inStockParams, response: { 200: items } } }, async (req) => {
    const inStock = req.params.inStock === "true";
    return store.all().filter((found) => found.inStock === inStock);
  });
  app.get("/items/:id/quote/:quantity", { schema: { params: quoteParams, response: { 200: quoteSchema } } }, async (req) => {
    const id = i64(req.params.id, "id");
    const quantity = Number(req.params.quantity);
    if (!Number.isFinite(quantity)) throw new Problem(400, 'path parameter "quantity" must be a finite decimal number');
    return quote(await existing(await store.find(id), id), quantity);
  });
  app.get("/items/:id", { schema: { params: idParams, response: { 200: item } } }, async (req) => {
    const id = i64(req.params.id, "id");
    return existing(await store.find(id), id);
  });
  app.post("/items", { schema: { body: createDto } }, async (req, reply) => {
    const created = await store.add(req.body);
    reply.code(201).header("location", `/items/${created.id}`).send();
    return reply;
  });
  app.put("/items/:id", { schema: { params: idParams, body: updateDto, response: { 200: item } } }, async (req) => {
    const id = i64(req.params.id, "id");
    return existing(await store.replace(id, req.body), id);
  });
  app.patch("/items/:id", { schema: { params: idParams, body: patchDto, response: { 200: item } } }, async (req) => {
    const id = i64(req.params.id, "id");
    return existing(await store.patch(id, req.body), id);
  });
  app.delete("/items/:id", { schema: { params: idParams } }, async (req, reply) => {
    const id = i64(req.params.id, "id");
    if (!(await store.remove(id))) throw new Problem(404, `item ${id} not found`);
    reply.code(204).send();
    return reply;
  });
  app.get("/users/:user_id/posts/:post_id", { schema: { params: postParams, response: { 200: post } } }, async (req) => {
    const userId = i64(req.params.user_id, "user_id");
    const postId = i64(req.params.post_id, "post_id");
    return findPost(userId, postId) ?? Promise.reject(new Problem(404, `user ${userId} has no post ${postId}`));
  });
  // GET /me: the token checked in an onRequest hook of the route, the user handed on in the request.
  const signedIn = (req, _reply, done) => {
    req.user = userOfAuthorization(req.headers.authorization) ?? null;
    done(req.user ? undefined : new Problem(401, SIGN_IN));
  };
  app.get("/me", { onRequest: signedIn, schema: { response: { 200: user } } }, async (req) => req.user);
  // /admin/*: hono/bearer-auth's decision in an onRequest hook of the /admin plugin.
  app.register(
    async (admin) => {
      admin.addHook("onRequest", (req, reply, done) => {
        const refusal = bearerRefusal(req.headers.authorization, ADMIN_TOKEN);
        if (refusal) reply.header("www-authenticate", refusal.challenge);
        done(refusal && new Problem(refusal.status, refusal.status === 401 ? "Unauthorized" : "Bad Request"));
      });
      admin.get("/stats", { schema: { response: { 200: statsSchema } } }, async () => stats(store));
    },
    { prefix: "/admin" },
  );

  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .type(PROBLEM_TYPE)
      .send(problemText(404, `no route matches ${req.method} ${req.url}`));
  });
  app.setErrorHandler((error, _request, reply) => {
    const status = error.validation ? 400 : (error.statusCode ?? 500);
    reply.code(status).type(PROBLEM_TYPE).send(problemText(status, error.message));
  });
  return app;
}

export async function start(port, store) {
  await fastifyApp(store).listen({ port, host: "::" });
}
