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
} from "../../http/checks.mjs";
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
import { JSON_TYPE, PROBLEM_TYPE, postToWire, problemText, quoteToWire, toWire, userToWire } from "../../http/wire.mjs";
import { preflightHeaders } from "../../http/preflight.mjs";
import { WITH_CORS } from "../../http/workload.mjs";

// The floor: the example's 17 routes on bare Bun.serve, the Node bench's
// node:http router (bench/http/impl/node-http.mjs) turned into a fetch
// handler: the path split on "/" and a switch on method and segments, the
// same checks and output as the hand-written Hono routes, a Response built
// directly. CORS as hono/cors() with its defaults answers (none under
// BENCH_WORKLOAD=plain).

const ALLOW_ORIGIN = "access-control-allow-origin";
/** Spread into every answer's headers. */
const CORS = WITH_CORS ? { [ALLOW_ORIGIN]: "*" } : {};

const send = (status, type, text, headers) => new Response(text, { status, headers: { ...CORS, "content-type": type, ...headers } });
const json = (value) => send(200, JSON_TYPE, JSON.stringify(value));
const problem = (status, detail) => send(status, PROBLEM_TYPE, problemText(status, detail));
const empty = (status, headers) => new Response(null, { status, headers: { ...CORS, ...headers } });

/** hono/cors()'s answer to an OPTIONS request (bench/http/preflight.mjs). */
function preflight(request) {
  return new Response(null, { status: 204, headers: preflightHeaders(request.headers.get("access-control-request-headers")) });
}

/** `use(dto)` with the checked JSON body, or the problem. */
async function withBody(request, check, use) {
  const contentType = request.headers.get("content-type");
  if (!isJsonType(contentType)) return problem(415, `expected content-type application/json; got ${contentType}`);
  if (Number(request.headers.get("content-length")) > BODY_LIMIT) return problem(413, `the body is larger than ${BODY_LIMIT} bytes`);
  let value;
  try {
    value = JSON.parse(await request.text());
  } catch {
    return problem(400, "the body is not JSON");
  }
  const dto = check(value);
  return dto === undefined ? problem(400, "the body does not match its type") : use(dto);
}

const itemOr404 = (id, item) => (item ? json(toWire(item)) : problem(404, `item ${id} not found`));

function itemRoutes(request, store, idText, notFound) {
  const id = parseId(idText);
  if (id === undefined) return problem(400, 'path parameter "id" must be a 64-bit integer');
  switch (request.method) {
    case "GET":
      return itemOr404(id, store.find(id));
    case "PUT":
      return withBody(request, updateDto, (dto) => itemOr404(id, store.replace(id, dto)));
    case "PATCH":
      return withBody(request, patchDto, (dto) => itemOr404(id, store.patch(id, dto)));
    case "DELETE":
      return store.remove(id) ? empty(204) : problem(404, `item ${id} not found`);
  }
  return notFound();
}

/** GET /items/tagged/{tag}, /items/sorted/{order}, /items/in-stock/{inStock}; undefined when `segment` is none of them. */
function itemQuery(store, segment, text) {
  if (segment === "tagged") {
    let tag;
    try {
      tag = decodeURIComponent(text);
    } catch {
      tag = text;
    }
    if (tag === "") return problem(400, 'path parameter "tag" must be a non-empty string');
    return json(
      store
        .all()
        .filter((item) => item.tags.includes(tag))
        .map(toWire),
    );
  }
  if (segment === "sorted") {
    if (text !== "asc" && text !== "desc") return problem(400, 'path parameter "order" must be "asc" or "desc"');
    return json(sortedItems(store, text).map(toWire));
  }
  if (segment === "in-stock") {
    const inStock = parseBoolean(text);
    if (inStock === undefined) return problem(400, 'path parameter "inStock" must be true or false');
    return json(
      store
        .all()
        .filter((item) => item.inStock === inStock)
        .map(toWire),
    );
  }
  return undefined;
}

function quoteRoute(store, idText, quantityText) {
  const id = parseId(idText);
  if (id === undefined) return problem(400, 'path parameter "id" must be a 64-bit integer');
  const quantity = parseNumber(quantityText);
  if (quantity === undefined) return problem(400, 'path parameter "quantity" must be a finite decimal number');
  const item = store.find(id);
  return item ? json(quoteToWire(quote(item, quantity))) : problem(404, `item ${id} not found`);
}

/** GET /items, its query read with URLSearchParams (a repeated key is refused, as honest does). */
function listItems(search, store) {
  let filter = { tag: undefined, limit: undefined, offset: 0 };
  if (search !== "") {
    const query = new URLSearchParams(search);
    const one = (name) => {
      const values = query.getAll(name);
      return values.length === 0 ? undefined : values.length === 1 ? values[0] : null;
    };
    const [limit, offset, tag] = [one("limit"), one("offset"), one("tag")];
    filter = limit === null || offset === null || tag === null ? undefined : itemFilter(limit, offset, tag);
  }
  if (filter === undefined) return problem(400, "limit must be an integer from 1 to 100, offset an integer from 0");
  return json(itemPage(store, filter).map(toWire));
}

/** /admin/*: hono/bearer-auth's decision, then the route. */
function admin(request, store, second, third, notFound) {
  const refusal = bearerRefusal(request.headers.get("authorization"), ADMIN_TOKEN);
  if (refusal) {
    const text = refusal.status === 401 ? "Unauthorized" : "Bad Request";
    return send(refusal.status, "text/plain; charset=UTF-8", text, { "www-authenticate": refusal.challenge });
  }
  if (request.method === "GET" && second === "stats" && third === undefined) return json(stats(store));
  return notFound();
}

function findPostRoute(userIdText, postIdText) {
  const userId = parseId(userIdText);
  const postId = parseId(postIdText);
  if (userId === undefined || postId === undefined) return problem(400, "path parameters must be 64-bit integers");
  const found = findPost(userId, postId);
  return found ? json(postToWire(found)) : problem(404, `user ${userId} has no post ${postId}`);
}

export function route(request, store) {
  if (WITH_CORS && request.method === "OPTIONS") return preflight(request);
  // request.url is absolute: the path starts at the first "/" after "http://host".
  const url = request.url;
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const queryStart = url.indexOf("?", pathStart);
  const path = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart);
  const notFound = () => problem(404, `no route matches ${request.method} ${path}`);
  const [, first, second, third, fourth, extra] = path.split("/");
  const get = request.method === "GET";
  switch (first) {
    case "":
      if (get && second === undefined) return json(welcome());
      break;
    case "health":
      if (get && second === undefined) return json({ status: "ok" });
      break;
    case "info":
      if (get && second === undefined) return json(info());
      break;
    case "api":
      if (get && second === "todos" && third === undefined) return json(TODOS);
      break;
    case "items":
      if (second === undefined) {
        if (get) return listItems(queryStart === -1 ? "" : url.slice(queryStart + 1), store);
        if (request.method === "POST")
          return withBody(request, createDto, (dto) => empty(201, { location: `/items/${store.add(dto).id}` }));
      } else if (third === undefined) {
        return itemRoutes(request, store, second, notFound);
      } else if (get && fourth === undefined) {
        return itemQuery(store, second, third) ?? notFound();
      } else if (get && third === "quote" && extra === undefined) {
        return quoteRoute(store, second, fourth);
      }
      break;
    case "me":
      if (get && second === undefined) {
        const user = userOfAuthorization(request.headers.get("authorization") ?? undefined);
        return user ? json(userToWire(user)) : problem(401, SIGN_IN);
      }
      break;
    case "admin":
      return admin(request, store, second, third, notFound);
    case "users":
      if (get && third === "posts" && fourth !== undefined && extra === undefined) return findPostRoute(second, fourth);
      break;
  }
  return notFound();
}

export function start(port, store) {
  Bun.serve({ fetch: (request) => route(request, store), hostname: "127.0.0.1", port });
}
