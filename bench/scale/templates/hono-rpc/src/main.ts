import { serve } from "@hono/node-server";
import { app } from "./app.js";

serve({ fetch: app.fetch, port: Number(process.env.PORT) }, (info) => {
  console.log(`hono: listening on http://localhost:${info.port}`);
});
