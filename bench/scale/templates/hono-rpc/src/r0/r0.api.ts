import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { Store0 } from "./r0.items.js";
import { Create0 } from "./r0.schemas.js";

// The controller as a Hono sub-app chained route by route, so that its type
// carries every route's input and output for `hc`: zod validators for the
// path parameters and bodies, `c.json(value, status)` for the answers.

const store = new Store0();
const IdParam = z.object({ id: z.coerce.number().int() });
const QuoteParam = z.object({ id: z.coerce.number().int(), quantity: z.coerce.number() });
const missing = (id: number) => ({ type: "about:blank", status: 404, detail: `item ${id} not found` }) as const;

export const r0 = new Hono()
  .get("/", (c) => c.json(store.all(), 200))
  .get("/:id", zValidator("param", IdParam), (c) => {
    const { id } = c.req.valid("param");
    const item = store.find(id);
    return item ? c.json(item, 200) : c.json(missing(id), 404);
  })
  .post("/", zValidator("json", Create0), (c) => {
    const item = store.add(c.req.valid("json"));
    c.header("location", `/r0/${item.id}`);
    return c.body(null, 201);
  })
  .put("/:id", zValidator("param", IdParam), zValidator("json", Create0), (c) => {
    const { id } = c.req.valid("param");
    const item = store.replace(id, c.req.valid("json"));
    return item ? c.json(item, 200) : c.json(missing(id), 404);
  })
  .patch("/:id", zValidator("param", IdParam), zValidator("json", Create0.partial()), (c) => {
    const { id } = c.req.valid("param");
    const item = store.patch(id, c.req.valid("json"));
    return item ? c.json(item, 200) : c.json(missing(id), 404);
  })
  .delete("/:id", zValidator("param", IdParam), (c) => {
    const { id } = c.req.valid("param");
    return store.remove(id) ? c.body(null, 204) : c.json(missing(id), 404);
  })
  .get("/by-name/:name", (c) => {
    const name = c.req.param("name");
    return c.json(
      store.all().filter((item) => item.name === name),
      200,
    );
  })
  .get("/:id/quote/:quantity", zValidator("param", QuoteParam), (c) => {
    const { id, quantity } = c.req.valid("param");
    const item = store.find(id);
    return item ? c.json({ item: item.id, quantity, total: item.price * quantity }, 200) : c.json(missing(id), 404);
  });
