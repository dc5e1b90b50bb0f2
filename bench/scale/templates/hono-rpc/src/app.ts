import { Hono } from "hono";
import { r0 } from "./r0/r0.api.js";

// The app as one chain of `.route()` calls, so that `typeof app` carries all
// the controllers' routes: what `hc<AppType>` reads.

export const app = new Hono()
  .route("/r0", r0)
  .onError((error, c) => c.json({ type: "about:blank", status: 500, detail: error.message }, 500));

export type AppType = typeof app;
