import { createApp, type AppOptions } from "honest";
import { cors } from "hono/cors";

/**
 * The example application: every controller of the compilation, found by the
 * transformer, with CORS for every route and for honest's own 404 and 405.
 */
export function createExampleApp(options: Omit<AppOptions, "controllers"> = {}) {
  return createApp({ ...options, use: [cors(), ...(options.use ?? [])] });
}
