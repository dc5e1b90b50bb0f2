import { createApp } from "honest";
import { serve } from "honest/node";
import { AdminController } from "../../../example/dist/admin/admin.controller.js";
import { createExampleApp } from "../../../example/dist/app.js";
import { HomeController } from "../../../example/dist/home.controller.js";
import { ItemStore } from "../../../example/dist/items/item-store.js";
import { ItemController } from "../../../example/dist/items/item.controller.js";
import { PhotoController } from "../../../example/dist/items/photo.controller.js";
import { PostController } from "../../../example/dist/posts/post.controller.js";
import { TodoController } from "../../../example/dist/todos/todo.controller.js";
import { MeController } from "../../../example/dist/users/me.controller.js";
import { WITH_CORS } from "../workload.mjs";

// honest: the example app as `npm run build:example` compiles it, served by
// honest's own serve (@hono/node-server underneath), with the bench's store.
// Without middleware (BENCH_WORKLOAD=plain) the same controllers, mounted
// by createApp without the example's cors().

const CONTROLLERS = [AdminController, HomeController, ItemController, PhotoController, PostController, TodoController, MeController];

/** The app, its components' init() done (a first request waits for them; honest's serve does as well). */
export async function honestApp(store) {
  const options = { log: false, providers: [[ItemStore, store]] };
  const app = WITH_CORS ? createExampleApp(options) : createApp({ ...options, controllers: CONTROLLERS });
  await app.request("/health");
  return app;
}

export async function start(port, store) {
  await serve(await honestApp(store), { port, log: false, handleSignals: false }).listening;
}
