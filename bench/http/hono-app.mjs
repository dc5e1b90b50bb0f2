import { Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { cors } from "hono/cors";
import { BODY_LIMIT, createDto, isJsonType, itemFilter, parseBoolean, parseId, parseNumber, patchDto, updateDto } from "./checks.mjs";
import { ADMIN_TOKEN, findPost, info, itemPage, quote, SIGN_IN, sortedItems, stats, TODOS, userOfAuthorization, welcome } from "./data.mjs";
import { WITH_CORS } from "./workload.mjs";
import { PROBLEM_TYPE, postToWire, problemText, quoteToWire, toWire, userToWire } from "./wire.mjs";

// The example's 17 routes written by hand on Hono 4: hono/cors in front of
// every route (as createApp({ use: [cors()] }) puts it), inline checks, the
// bearer token of GET /me checked inline, hono/bearer-auth on /admin/*, c.json
// with number ids, problem documents for errors, and the item handlers async,
// awaiting the store where honest's ItemController awaits it, as honest's
// handlers must (docs/benchmarks.md, "Like for like"); the others are
// synchronous. Served by impl/hono.mjs on Node, and by
// bench/bun/impl/hono.mjs on Bun.

const problem = (c, status, detail) => c.body(problemText(status, detail), status, { "content-type": PROBLEM_TYPE });

/** The JSON body, or a problem Response. */
async function readBody(c, check) {
  const contentType = c.req.header("content-type");
  if (!isJsonType(contentType)) return problem(c, 415, `expected content-type application/json; got ${contentType}`);
  if (Number(c.req.header("content-length")) > BODY_LIMIT) return problem(c, 413, `the body is larger than ${BODY_LIMIT} bytes`);
  let value;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    return problem(c, 400, "the body is not JSON");
  }
  return check(value) ?? problem(c, 400, "the body does not match its type");
}

export function honoApp(store) {
  const app = new Hono();
  if (WITH_CORS) app.use(cors());
  app.use("/admin/*", bearerAuth({ token: ADMIN_TOKEN }));
  const withId = (handler) => (c) => {
    const id = parseId(c.req.param("id"));
    return id === undefined ? problem(c, 400, 'path parameter "id" must be a 64-bit integer') : handler(c, id);
  };
  const itemOr404 = (c, id, item) => (item ? c.json(toWire(item)) : problem(c, 404, `item ${id} not found`));

  app.get("/", (c) => c.json(welcome()));
  app.get("/health", (c) => c.json({ status: "ok" }));
  app.get("/info", (c) => c.json(info()));
  app.get("/api/todos", (c) => c.json(TODOS));
  app.get("/items", async (c) => {
    const { limit, offset, tag } = c.req.query();
    const filter = itemFilter(limit, offset, tag);
    if (filter === undefined) return problem(c, 400, "limit must be an integer from 1 to 100, offset an integer from 0");
    return c.json(itemPage(store, filter).map(toWire));
  });
  app.get(
    "/items/:id",
    withId(async (c, id) => itemOr404(c, id, await store.find(id))),
  );
  app.get("/items/tagged/:tag", async (c) => {
    const tag = c.req.param("tag");
    if (tag === "") return problem(c, 400, 'path parameter "tag" must be a non-empty string');
    return c.json(
      store
        .all()
        .filter((item) => item.tags.includes(tag))
        .map(toWire),
    );
  });
  app.get("/items/sorted/:order", async (c) => {
    const order = c.req.param("order");
    if (order !== "asc" && order !== "desc") return problem(c, 400, 'path parameter "order" must be "asc" or "desc"');
    return c.json(sortedItems(store, order).map(toWire));
  });
  app.get("/items/in-stock/:inStock", async (c) => {
    const inStock = parseBoolean(c.req.param("inStock"));
    if (inStock === undefined) return problem(c, 400, 'path parameter "inStock" must be true or false');
    return c.json(
      store
        .all()
        .filter((item) => item.inStock === inStock)
        .map(toWire),
    );
  });
  app.get(
    "/items/:id/quote/:quantity",
    withId(async (c, id) => {
      const quantity = parseNumber(c.req.param("quantity"));
      if (quantity === undefined) return problem(c, 400, 'path parameter "quantity" must be a finite decimal number');
      const item = await store.find(id);
      return item ? c.json(quoteToWire(quote(item, quantity))) : problem(c, 404, `item ${id} not found`);
    }),
  );
  app.post("/items", async (c) => {
    const dto = await readBody(c, createDto);
    if (dto instanceof Response) return dto;
    const item = await store.add(dto);
    c.header("location", `/items/${item.id}`);
    return c.body(null, 201);
  });
  app.put(
    "/items/:id",
    withId(async (c, id) => {
      const dto = await readBody(c, updateDto);
      return dto instanceof Response ? dto : itemOr404(c, id, await store.replace(id, dto));
    }),
  );
  app.patch(
    "/items/:id",
    withId(async (c, id) => {
      const dto = await readBody(c, patchDto);
      return dto instanceof Response ? dto : itemOr404(c, id, await store.patch(id, dto));
    }),
  );
  app.delete(
    "/items/:id",
    withId(async (c, id) => ((await store.remove(id)) ? c.body(null, 204) : problem(c, 404, `item ${id} not found`))),
  );
  app.get("/users/:user_id/posts/:post_id", (c) => {
    const userId = parseId(c.req.param("user_id"));
    const postId = parseId(c.req.param("post_id"));
    if (userId === undefined || postId === undefined) return problem(c, 400, "path parameters must be 64-bit integers");
    const post = findPost(userId, postId);
    return post ? c.json(postToWire(post)) : problem(c, 404, `user ${userId} has no post ${postId}`);
  });
  app.get("/me", (c) => {
    const user = userOfAuthorization(c.req.header("authorization"));
    return user ? c.json(userToWire(user)) : problem(c, 401, SIGN_IN);
  });
  app.get("/admin/stats", (c) => c.json(stats(store)));
  app.notFound((c) => problem(c, 404, `no route matches ${c.req.method} ${c.req.path}`));
  return app;
}
