import { closeComponents } from "./app-components.js";
import { pendingInit } from "./app-readiness.js";

// An app used in process, through app.request, as tests use it
// (docs/guide/testing-with-vitest.md, "Starting and closing an app in a
// test"): createApp has started its components' init() already, and serve's
// close() is what calls their close(). These two give a test the same
// without serve, the way Fastify's ready() and close() do.

/** Settles once the components honest built for `app` have finished init(); rejects with the error of one that failed. */
export async function appReady(app: object): Promise<void> {
  await pendingInit(app);
}

/**
 * Calls close() on the components honest built for `app`, dependents first,
 * as serve's close() does; once only. Rejects, naming them, when some
 * close() failed (each is logged too).
 */
export async function closeApp(app: object): Promise<void> {
  const failed = await closeComponents(app);
  if (failed.length > 0) throw new Error(`honest: close() failed in ${failed.join(", ")}; each error is logged above`);
}
