import { createApp } from "honest";
import { AdminController } from "../../example/dist/admin/admin.controller.js";
import { createExampleApp } from "../../example/dist/app.js";
import { HomeController } from "../../example/dist/home.controller.js";
import { ItemController } from "../../example/dist/items/item.controller.js";
import { PhotoController } from "../../example/dist/items/photo.controller.js";
import { PostController } from "../../example/dist/posts/post.controller.js";
import { TodoController } from "../../example/dist/todos/todo.controller.js";
import { MeController } from "../../example/dist/users/me.controller.js";
import { WITH_CORS } from "./workload.mjs";

// honest's contender, on Node and on Bun: the example app as `npm run
// build:example` compiles it, or without middleware (BENCH_WORKLOAD=plain)
// the same controllers mounted by createApp without the example's cors().
// Here, not in bench/bun, because "honest" names the repository's package
// only from inside it, and bench/bun is a package of its own.

const CONTROLLERS = [AdminController, HomeController, ItemController, PhotoController, PostController, TodoController, MeController];

// The example's chat is a WebSocket route, which an app on Bun needs hono/bun's upgradeWebSocket for (docs/guide/websockets.md, "On each runtime").
const upgradeWebSocket = "Bun" in globalThis ? (await import("hono/bun")).upgradeWebSocket : undefined;

export function exampleApp(options) {
  return WITH_CORS ? createExampleApp({ upgradeWebSocket, ...options }) : createApp({ ...options, controllers: CONTROLLERS });
}
