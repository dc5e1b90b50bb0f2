import { createApp, type AppOptions } from "honest";
import { cors } from "hono/cors";
import { AppConfig } from "./config/app-config.js";

/**
 * The example application: every controller of the compilation, found by the
 * transformer, with CORS for every route and for honest's own 404 and 405,
 * its OpenAPI document at /openapi.json and the documentation page at /docs,
 * given REDIS_URL, a Redis server its instances share (docs/guide/several-instances.md, "Several instances"),
 * and pino's JSON lines at LOG_LEVEL: one per request, its id in each (docs/guide/logs-and-traces.md, "Logs").
 */
export function createExampleApp(options: Omit<AppOptions, "controllers"> = {}) {
  return createApp({
    openapi: { path: "/openapi.json", docs: "/docs" },
    redis: (component) => component(AppConfig).redisUrl,
    logger: (component) => ({ level: component(AppConfig).logLevel }),
    ...options,
    use: [cors(), ...(options.use ?? [])],
  });
}
