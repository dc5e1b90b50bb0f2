import Fastify from "fastify";
import { appReady } from "honest";
import { serve } from "honest/node";
import { pino } from "pino";
import { build } from "./dist/bench/logs/src/app.js";

// `node bench/logs/server.mjs <contender>`: one of the logs bench's servers on PORT (docs/benchmarks.md, "Logs").
// Every logging server writes its JSON lines through pino to the same destination, pino.destination("/dev/null")
// (sonic-boom, asynchronous, as pino writes to standard output), at info: honest given that pino instance,
// Fastify 5 with logger: { level: "info", file: "/dev/null" }, which is logger: true written to that file.

const port = Number(process.env.PORT);
const DESTINATION = "/dev/null";

async function serveHonest(options) {
  const app = build(options);
  await appReady(app);
  await serve(app, { port, log: false, handleSignals: false }).listening;
}

async function serveFastify(logger) {
  const app = Fastify({ logger });
  const item = { type: "object", properties: { id: { type: "number" }, name: { type: "string" } } };
  app.get("/health", async () => ({ ok: true }));
  app.get(
    "/items/:id",
    { schema: { params: { type: "object", properties: { id: { type: "number" } } }, response: { 200: item } } },
    async (request) => ({ id: request.params.id, name: "lamp" }),
  );
  await app.listen({ port, host: "127.0.0.1" });
}

const CONTENDERS = {
  // What honest did before request ids and logs: with both off, each route's handler is the one Hono held before.
  "honest-bare": () => serveHonest({ requestId: false }),
  honest: () => serveHonest({}),
  "honest-logs": () => serveHonest({ logger: pino({ level: "info" }, pino.destination(DESTINATION)) }),
  fastify: () => serveFastify(false),
  "fastify-logs": () => serveFastify({ level: "info", file: DESTINATION }),
};

const contender = CONTENDERS[process.argv[2]];
if (contender === undefined) throw new Error(`contender ${process.argv[2]}: expected one of ${Object.keys(CONTENDERS).join(", ")}`);
await contender();
