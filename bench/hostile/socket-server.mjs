import { serve } from "honest/node";

// One server process for the socket attack bench: `node socket-server.mjs
// honest|fastify`, port from PORT. honest: the routes of
// src/socket-attack.controller.ts (the example has the others) and
// AttackController's GET /health, under serve with its defaults, signal
// handling included (how a server ends after an attack is part of the
// figure). fastify: fastify-sockets.mjs, every route.

const [name] = process.argv.slice(2);
const port = Number(process.env.PORT);
if (name === "honest") {
  const { createApp } = await import("honest");
  const { AttackController } = await import("./dist/bench/hostile/src/attack.controller.js");
  const { SocketAttackController } = await import("./dist/bench/hostile/src/socket-attack.controller.js");
  const app = createApp({ controllers: [AttackController, SocketAttackController], log: false });
  await serve(app, { port, log: false }).listening;
} else if (name === "fastify") {
  const { fastifySocketsApp } = await import("./fastify-sockets.mjs");
  await fastifySocketsApp().listen({ port, host: "127.0.0.1" });
} else {
  throw new Error(`unknown server ${JSON.stringify(name)}; honest or fastify`);
}
