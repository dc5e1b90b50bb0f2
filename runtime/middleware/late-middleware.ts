import type { Hono } from "hono";

// Middleware added with app.use() after createApp returns would be registered
// after honest's routes, and Hono runs handlers in registration order: a
// route answers before such middleware ever runs, so `app.use(bearerAuth())`
// would protect nothing, silently. It fails at once instead, naming the fix
// (docs/guide/middleware.md, "Middleware").

export function forbidLateMiddleware(app: Hono): void {
  Object.defineProperty(app, "use", {
    configurable: true,
    value: () => {
      throw new Error(
        "honest: app.use(...) after createApp() would run after honest's routes have answered, so it could not protect them. " +
          "Pass the middleware to createApp({ use: [...] }) for every route, or put @Use(...) on a controller or a handler.",
      );
    },
  });
}
