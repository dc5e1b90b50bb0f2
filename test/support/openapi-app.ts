import type { Hono } from "hono";
import type { AppOptions } from "honest";
import { createDiscoveredApp } from "honest/internal";
import { exampleModule } from "./example.js";
import { EXAMPLE_OPENAPI_DOCUMENT } from "./example-openapi-document.js";

// An app built as a compiled createApp({ openapi }) call builds it: the
// transformer's createDiscoveredApp, with the document handed over as the
// build's `openapi` text (the example's, by default: example-openapi-document.ts).

export function appServingDocument(
  options: Omit<AppOptions, "controllers">,
  { document = EXAMPLE_OPENAPI_DOCUMENT, controllers = [] }: { document?: string; controllers?: readonly Function[] } = {},
): Hono {
  return createDiscoveredApp(controllers, { log: false, ...options }, { openapi: document });
}

/** Controllers of the example, compiled by `npm test`'s build, by class name. */
export async function exampleControllers(): Promise<{
  HomeController: Function;
  ItemController: Function;
  PhotoController: Function;
  SessionController: Function;
}> {
  const [home, items, photo, session] = await Promise.all([
    exampleModule<{ HomeController: Function }>("home.controller.js"),
    exampleModule<{ ItemController: Function }>("items/item.controller.js"),
    exampleModule<{ PhotoController: Function }>("items/photo.controller.js"),
    exampleModule<{ SessionController: Function }>("auth/session.controller.js"),
  ]);
  return {
    HomeController: home.HomeController,
    ItemController: items.ItemController,
    PhotoController: photo.PhotoController,
    SessionController: session.SessionController,
  };
}

/** Runs `body` as on a runtime without a filesystem: no process.getBuiltinModule (workerd without nodejs_compat). */
export function withoutBuiltinModules<T>(body: () => T): T {
  const original = process.getBuiltinModule;
  (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
  try {
    return body();
  } finally {
    process.getBuiltinModule = original;
  }
}
