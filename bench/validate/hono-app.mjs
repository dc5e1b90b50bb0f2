import { Hono } from "hono";
import { ajvValidators } from "./ajv-schemas.mjs";
import { queryObject, zodQuery, zodSchemas } from "./zod-schemas.mjs";

// Hand-written Hono routes doing what honest's generated routes do: read the
// body as text, JSON.parse it, check it (zod, ajv, or not at all), answer 204,
// or 400 with every fault. GET /query reads and checks the query string the
// same way; the other GET routes send items with c.json.

export let received;

export function honoApp(responseItems) {
  const app = new Hono();
  for (const path of Object.keys(zodSchemas)) {
    const schema = zodSchemas[path];
    const validate = ajvValidators[path];
    app.post(`/zod${path}`, async (c) => {
      const result = schema.safeParse(JSON.parse(await c.req.text()));
      if (!result.success) return c.json({ errors: result.error.issues }, 400);
      received = result.data;
      return c.body(null, 204);
    });
    app.post(`/ajv${path}`, async (c) => {
      const body = JSON.parse(await c.req.text());
      if (!validate(body)) return c.json({ errors: validate.errors }, 400);
      received = body;
      return c.body(null, 204);
    });
    app.post(`/unchecked${path}`, async (c) => {
      received = JSON.parse(await c.req.text());
      return c.body(null, 204);
    });
  }
  // GET /query: URLSearchParams of the request's URL, then zod (or no check).
  app.get("/zod/query", (c) => {
    const result = zodQuery.safeParse(queryObject(new URL(c.req.url).searchParams));
    if (!result.success) return c.json({ errors: result.error.issues }, 400);
    received = result.data;
    return c.body(null, 204);
  });
  app.get("/unchecked/query", (c) => {
    received = queryObject(new URL(c.req.url).searchParams);
    return c.body(null, 204);
  });
  app.get("/items/3", (c) => c.json(responseItems.three));
  app.get("/items/100", (c) => c.json(responseItems.hundred));
  return app;
}
