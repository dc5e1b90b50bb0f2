import { FormatRegistry } from "@sinclair/typebox";
import { Elysia, ElysiaCustomStatusResponse, status, t } from "elysia";
import { BODY_LIMIT, bearerRefusal, isJsonType, parseId, parseNumber } from "../../http/checks.mjs";
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
} from "../../http/data.mjs";
import { PROBLEM_TYPE, postToWire, problemText, quoteToWire, toWire, userToWire } from "../../http/wire.mjs";
import { WITH_CORS } from "../../http/workload.mjs";
import { corsLikeHono } from "../cors-like-hono.mjs";

// The example's 17 routes on Elysia, as its documentation writes them: `t`
// schemas for params, query and bodies (Elysia's compiled checks, AOT on, the
// default; undeclared body fields dropped by its normalize, the default),
// errors turned into problem documents in onError with honest's statuses
// (400 where Elysia says 422), the bearer token of GET /me checked inline and
// /admin/* in a beforeHandle, with hono/bearer-auth's answers. CORS answers as
// hono/cors() does (cors-like-hono.mjs; none under BENCH_WORKLOAD=plain). No response schemas: the hand-written
// Hono server has none either, and both send JSON.stringify's text.

// Paths and queries hold decimal numbers, as honest reads them: t.Numeric and
// t.Integer also take "0x10" and " 1".
FormatRegistry.Set("decimal", (text) => parseNumber(text) !== undefined);
FormatRegistry.Set("i64", (text) => parseId(text) !== undefined);

const i64 = () =>
  t
    .Transform(t.String({ format: "i64" }))
    .Decode(BigInt)
    .Encode(String);
const decimal = () =>
  t
    .Transform(t.String({ format: "decimal" }))
    .Decode(Number)
    .Encode(String);

const createDto = t.Object({
  name: t.String(),
  price: t.Number(),
  tags: t.Optional(t.Array(t.String())),
  inStock: t.Optional(t.Boolean()),
});
const updateDto = t.Object({ name: t.String(), price: t.Number(), tags: t.Array(t.String()), inStock: t.Boolean() });
const patchDto = t.Partial(updateDto);
const idParams = t.Object({ id: i64() });
const itemQuery = t.Object({ limit: t.Optional(decimal()), offset: t.Optional(decimal()), tag: t.Optional(t.String()) });

/** An error answer: a problem document with `code`. */
function problem(set, code, detail) {
  set.headers["content-type"] = PROBLEM_TYPE;
  return status(code, problemText(code, detail));
}

/** The body parser of POST, PUT and PATCH: JSON types only (415), up to BODY_LIMIT (413), JSON text (400); refusals thrown, as a parser's return value is the body. */
async function jsonBody({ request, contentType, set }) {
  if (!isJsonType(contentType)) throw problem(set, 415, `expected content-type application/json; got ${contentType}`);
  if (Number(request.headers.get("content-length")) > BODY_LIMIT) throw problem(set, 413, `the body is larger than ${BODY_LIMIT} bytes`);
  try {
    return JSON.parse(await request.text());
  } catch {
    throw problem(set, 400, "the body is not JSON");
  }
}

/** hono/bearer-auth's answers for /admin/*: 401 or 400 with its challenge, and its text. */
function adminOnly({ headers, set }) {
  const refusal = bearerRefusal(headers.authorization, ADMIN_TOKEN);
  if (refusal === undefined) return undefined;
  set.headers["www-authenticate"] = refusal.challenge;
  return status(refusal.status, refusal.status === 400 ? "Bad Request" : "Unauthorized");
}

export function elysiaApp(store) {
  const itemOr404 = (set, id, item) => (item ? toWire(item) : problem(set, 404, `item ${id} not found`));
  return new Elysia()
    .use(WITH_CORS ? corsLikeHono() : new Elysia())
    .onError(({ code, error, request, path, set }) => {
      if (code === "VALIDATION") return problem(set, 400, "the request does not match its schema");
      // Elysia wraps what a parser throws in a ParseError: jsonBody's refusals are its cause.
      if (code === "PARSE")
        return error.cause instanceof ElysiaCustomStatusResponse ? error.cause : problem(set, 400, "the body is not JSON");
      if (code === "NOT_FOUND") return problem(set, 404, `no route matches ${request.method} ${path}`);
    })
    .get("/", () => welcome())
    .get("/health", () => ({ status: "ok" }))
    .get("/info", () => info())
    .get("/api/todos", () => TODOS)
    .get(
      "/items",
      ({ query: { limit, offset = 0, tag }, set }) => {
        if ((limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) || !(Number.isInteger(offset) && offset >= 0))
          return problem(set, 400, "limit must be an integer from 1 to 100, offset an integer from 0");
        return itemPage(store, { tag, limit, offset }).map(toWire);
      },
      { query: itemQuery },
    )
    .get("/items/:id", ({ params: { id }, set }) => itemOr404(set, id, store.find(id)), { params: idParams })
    .get(
      "/items/tagged/:tag",
      ({ params: { tag } }) =>
        store
          .all()
          .filter((item) => item.tags.includes(tag))
          .map(toWire),
      { params: t.Object({ tag: t.String({ minLength: 1 }) }) },
    )
    .get("/items/sorted/:order", ({ params: { order } }) => sortedItems(store, order).map(toWire), {
      params: t.Object({ order: t.UnionEnum(["asc", "desc"]) }),
    })
    .get(
      "/items/in-stock/:inStock",
      ({ params: { inStock } }) =>
        store
          .all()
          .filter((item) => item.inStock === inStock)
          .map(toWire),
      { params: t.Object({ inStock: t.BooleanString() }) },
    )
    .get(
      "/items/:id/quote/:quantity",
      ({ params: { id, quantity }, set }) => {
        const item = store.find(id);
        return item ? quoteToWire(quote(item, quantity)) : problem(set, 404, `item ${id} not found`);
      },
      { params: t.Object({ id: i64(), quantity: decimal() }) },
    )
    .post(
      "/items",
      ({ body, set }) => {
        const item = store.add(body);
        set.status = 201; // status(201) would send its text, "Created", as the body
        set.headers.location = `/items/${item.id}`;
      },
      { parse: jsonBody, body: createDto },
    )
    .put("/items/:id", ({ params: { id }, body, set }) => itemOr404(set, id, store.replace(id, body)), {
      params: idParams,
      parse: jsonBody,
      body: updateDto,
    })
    .patch("/items/:id", ({ params: { id }, body, set }) => itemOr404(set, id, store.patch(id, body)), {
      params: idParams,
      parse: jsonBody,
      body: patchDto,
    })
    .delete("/items/:id", ({ params: { id }, set }) => (store.remove(id) ? status(204) : problem(set, 404, `item ${id} not found`)), {
      params: idParams,
    })
    .get(
      "/users/:user_id/posts/:post_id",
      ({ params: { user_id, post_id }, set }) => {
        const post = findPost(user_id, post_id);
        return post ? postToWire(post) : problem(set, 404, `user ${user_id} has no post ${post_id}`);
      },
      { params: t.Object({ user_id: i64(), post_id: i64() }) },
    )
    .get("/me", ({ headers, set }) => {
      const user = userOfAuthorization(headers.authorization);
      return user ? userToWire(user) : problem(set, 401, SIGN_IN);
    })
    .get("/admin/stats", () => stats(store), { beforeHandle: adminOnly });
}

export function start(port, store) {
  elysiaApp(store).listen({ hostname: "127.0.0.1", port });
}
