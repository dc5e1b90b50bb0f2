import { serve } from "honest/node";

// One server process for the attack bench: `node server.mjs honest|fastify`,
// port from PORT. A process of its own per attack, so that a check that
// never ends, or runs out of memory, takes nothing else down with it.

const [name] = process.argv.slice(2);
const port = Number(process.env.PORT);
if (name === "honest") {
  const { createApp } = await import("honest");
  const { AttackController } = await import("./dist/bench/hostile/src/attack.controller.js");
  await serve(createApp({ controllers: [AttackController], log: false }), { port, log: false, handleSignals: false }).listening;
} else if (name === "fastify") {
  const { fastifyApp } = await import("./fastify-app.mjs");
  await fastifyApp().listen({ port, host: "127.0.0.1" });
} else {
  throw new Error(`unknown server ${JSON.stringify(name)}; honest or fastify`);
}
