import { serve } from "@hono/node-server";
import { Hono } from "hono";
import * as r0 from "./r0/r0.routes.js";

const app = new Hono();
r0.mount(app);

serve({ fetch: app.fetch, port: Number(process.env.PORT) }, (info) => {
  console.log(`hono: listening on http://localhost:${info.port}`);
});
