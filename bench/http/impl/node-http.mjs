import { createServer } from "node:http";
import {
  BODY_LIMIT,
  bearerRefusal,
  createDto,
  isJsonType,
  itemFilter,
  parseBoolean,
  parseId,
  parseNumber,
  patchDto,
  updateDto,
} from "../checks.mjs";
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
import { JSON_TYPE, PROBLEM_TYPE, postToWire, problemText, quoteToWire, toWire, userToWire } from "../wire.mjs";
import { preflightHeaders } from "../preflight.mjs";
import { WITH_CORS } from "../workload.mjs";

// The example's 17 routes on raw node:http: a router that splits the path on
// "/" and switches on method and segments, the same checks and output as the
// hand-written Hono routes. CORS as hono/cors() with its defaults answers:
// `access-control-allow-origin: *` on every response, and every OPTIONS
// request a 204 preflight; neither under BENCH_WORKLOAD=plain (workload.mjs).
// The item routes are async and await the store where honest's ItemController
// awaits it (docs/benchmarks.md, "Like for like").

const ALLOW_ORIGIN = "access-control-allow-origin";
/** An answer's headers: written as one literal each way, since spreading a constant object first makes V8 build a slower one. */
const answerHeaders = WITH_CORS
  ? (type, length, headers) => ({ [ALLOW_ORIGIN]: "*", "content-type": type, "content-length": length, ...headers })
  : (type, length, headers) => ({ "content-type": type, "content-length": length, ...headers });

function send(res, status, type, text, headers) {
  res.writeHead(status, answerHeaders(type, Buffer.byteLength(text), headers));
  res.end(text);
}

/** hono/cors()'s answer to an OPTIONS request (preflight.mjs). */
function preflight(req, res) {
  res.writeHead(204, preflightHeaders(req.headers["access-control-request-headers"])).end();
}
const sendJson = (res, value) => send(res, 200, JSON_TYPE, JSON.stringify(value));
const problem = (res, status, detail) => send(res, status, PROBLEM_TYPE, problemText(status, detail));
const notFound = (req, res) => problem(res, 404, `no route matches ${req.method} ${req.url}`);

/** Calls `use(dto)` with the checked JSON body, or answers the problem. */
function readBody(req, res, check, use) {
  const contentType = req.headers["content-type"];
  if (!isJsonType(contentType)) return problem(res, 415, `expected content-type application/json; got ${contentType}`);
  const chunks = [];
  let size = 0;
  req.on("data", (chunk) => {
    size += chunk.length;
    if (size <= BODY_LIMIT) chunks.push(chunk);
  });
  req.on("end", () => {
    if (size > BODY_LIMIT) return problem(res, 413, `the body is larger than ${BODY_LIMIT} bytes`);
    let value;
    try {
      value = JSON.parse(chunks.length === 1 ? chunks[0].toString() : Buffer.concat(chunks).toString());
    } catch {
      return problem(res, 400, "the body is not JSON");
    }
    const dto = check(value);
    return dto === undefined ? problem(res, 400, "the body does not match its type") : use(dto);
  });
}

function itemOr404(res, id, item) {
  return item ? sendJson(res, toWire(item)) : problem(res, 404, `item ${id} not found`);
}

async function itemRoutes(req, res, store, idText) {
  const id = parseId(idText);
  if (id === undefined) return problem(res, 400, 'path parameter "id" must be a 64-bit integer');
  switch (req.method) {
    case "GET":
      return itemOr404(res, id, await store.find(id));
    case "PUT":
      return readBody(req, res, updateDto, async (dto) => itemOr404(res, id, await store.replace(id, dto)));
    case "PATCH":
      return readBody(req, res, patchDto, async (dto) => itemOr404(res, id, await store.patch(id, dto)));
    case "DELETE":
      if (!(await store.remove(id))) return problem(res, 404, `item ${id} not found`);
      res.writeHead(204, WITH_CORS ? { [ALLOW_ORIGIN]: "*" } : {}).end();
      return;
  }
  return notFound(req, res);
}

function createItem(req, res, store) {
  readBody(req, res, createDto, async (dto) => {
    const item = await store.add(dto);
    res.writeHead(
      201,
      WITH_CORS
        ? { [ALLOW_ORIGIN]: "*", location: `/items/${item.id}`, "content-length": 0 }
        : { location: `/items/${item.id}`, "content-length": 0 },
    );
    res.end();
  });
}

function post(res, userIdText, postIdText) {
  const userId = parseId(userIdText);
  const postId = parseId(postIdText);
  if (userId === undefined || postId === undefined) return problem(res, 400, "path parameters must be 64-bit integers");
  const found = findPost(userId, postId);
  return found ? sendJson(res, postToWire(found)) : problem(res, 404, `user ${userId} has no post ${postId}`);
}

const ITEM_QUERIES = new Set(["tagged", "sorted", "in-stock"]);

/** GET /items/tagged/{tag}, /items/sorted/{order}, /items/in-stock/{inStock} (`segment`, one of ITEM_QUERIES). */
async function itemQuery(res, store, segment, text) {
  if (segment === "tagged") {
    let tag;
    try {
      tag = decodeURIComponent(text);
    } catch {
      tag = text;
    }
    if (tag === "") problem(res, 400, 'path parameter "tag" must be a non-empty string');
    else
      sendJson(
        res,
        store
          .all()
          .filter((item) => item.tags.includes(tag))
          .map(toWire),
      );
  } else if (segment === "sorted") {
    if (text !== "asc" && text !== "desc") problem(res, 400, 'path parameter "order" must be "asc" or "desc"');
    else sendJson(res, sortedItems(store, text).map(toWire));
  } else if (segment === "in-stock") {
    const inStock = parseBoolean(text);
    if (inStock === undefined) problem(res, 400, 'path parameter "inStock" must be true or false');
    else
      sendJson(
        res,
        store
          .all()
          .filter((item) => item.inStock === inStock)
          .map(toWire),
      );
  }
}

async function quoteRoute(res, store, idText, quantityText) {
  const id = parseId(idText);
  if (id === undefined) return problem(res, 400, 'path parameter "id" must be a 64-bit integer');
  const quantity = parseNumber(quantityText);
  if (quantity === undefined) return problem(res, 400, 'path parameter "quantity" must be a finite decimal number');
  const item = await store.find(id);
  return item ? sendJson(res, quoteToWire(quote(item, quantity))) : problem(res, 404, `item ${id} not found`);
}

/** GET /items, its query read with URLSearchParams (a repeated key is refused, as honest does). */
async function listItems(req, res, store) {
  const start = req.url.indexOf("?");
  let filter = { tag: undefined, limit: undefined, offset: 0 };
  if (start !== -1) {
    const query = new URLSearchParams(req.url.slice(start + 1));
    const one = (name) => {
      const values = query.getAll(name);
      return values.length === 0 ? undefined : values.length === 1 ? values[0] : null;
    };
    const [limit, offset, tag] = [one("limit"), one("offset"), one("tag")];
    filter = limit === null || offset === null || tag === null ? undefined : itemFilter(limit, offset, tag);
  }
  if (filter === undefined) return problem(res, 400, "limit must be an integer from 1 to 100, offset an integer from 0");
  return sendJson(res, itemPage(store, filter).map(toWire));
}

function items(req, res, store, second, third, fourth, extra) {
  const get = req.method === "GET";
  if (second === undefined) {
    if (get) return listItems(req, res, store);
    if (req.method === "POST") return createItem(req, res, store);
  } else if (third === undefined) {
    return itemRoutes(req, res, store, second);
  } else if (get && fourth === undefined) {
    if (ITEM_QUERIES.has(second)) return itemQuery(res, store, second, third);
  } else if (get && third === "quote" && extra === undefined) {
    return quoteRoute(res, store, second, fourth);
  }
  return notFound(req, res);
}

/** GET /me: the bearer token checked inline. */
function me(req, res) {
  const user = userOfAuthorization(req.headers.authorization);
  return user ? sendJson(res, userToWire(user)) : problem(res, 401, SIGN_IN);
}

/** /admin/*: hono/bearer-auth's decision, then the route. */
function admin(req, res, store, second, third) {
  const refusal = bearerRefusal(req.headers.authorization, ADMIN_TOKEN);
  if (refusal) {
    const text = refusal.status === 401 ? "Unauthorized" : "Bad Request";
    return send(res, refusal.status, "text/plain; charset=UTF-8", text, { "www-authenticate": refusal.challenge });
  }
  if (req.method === "GET" && second === "stats" && third === undefined) return sendJson(res, stats(store));
  return notFound(req, res);
}

export function route(req, res, store) {
  if (WITH_CORS && req.method === "OPTIONS") return preflight(req, res);
  const query = req.url.indexOf("?");
  const path = query === -1 ? req.url : req.url.slice(0, query);
  const [, first, second, third, fourth, extra] = path.split("/");
  const get = req.method === "GET";
  switch (first) {
    case "":
      if (get && second === undefined) return sendJson(res, welcome());
      break;
    case "health":
      if (get && second === undefined) return sendJson(res, { status: "ok" });
      break;
    case "info":
      if (get && second === undefined) return sendJson(res, info());
      break;
    case "api":
      if (get && second === "todos" && third === undefined) return sendJson(res, TODOS);
      break;
    case "items":
      return items(req, res, store, second, third, fourth, extra);
    case "me":
      if (get && second === undefined) return me(req, res);
      break;
    case "admin":
      return admin(req, res, store, second, third);
    case "users":
      if (get && third === "posts" && fourth !== undefined && extra === undefined) return post(res, second, fourth);
      break;
  }
  return notFound(req, res);
}

export function start(port, store) {
  const server = createServer((req, res) => route(req, res, store));
  return new Promise((resolve) => server.listen(port, resolve));
}
