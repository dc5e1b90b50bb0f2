import { serve as serveHonoNode } from "@hono/node-server";
import { httpInstrumentationMiddleware } from "@hono/otel";
import Fastify from "fastify";
import { Hono } from "hono";
import { appReady } from "honest";
import { serve } from "honest/node";
import { registerSdk } from "./sdk.mjs";

// `node bench/tracing/server.mjs <contender>`: one of the bench's servers on PORT (docs/benchmarks.md, "Traces"):
// honest, Fastify 5 and Hono, each without an SDK and with the same one registered (sdk.mjs), Fastify then with
// @fastify/otel, Hono with @hono/otel's middleware, honest with nothing added: it finds the SDK by itself.

const port = Number(process.env.PORT);

async function serveHonest(traced) {
  if (traced) registerSdk();
  const { build } = await import("./dist/app.js");
  const app = build();
  await appReady(app);
  await serve(app, { port, log: false, handleSignals: false }).listening;
}

async function serveFastify(traced) {
  const app = Fastify({ logger: false });
  if (traced) {
    registerSdk();
    const { FastifyOtelInstrumentation } = await import("@fastify/otel");
    await app.register(new FastifyOtelInstrumentation().plugin());
  }
  const answer = (properties) => ({ response: { 200: { type: "object", properties } } });
  app.get("/health", { schema: answer({ ok: { type: "boolean" } }) }, async () => ({ ok: true }));
  app.get(
    "/items/:id",
    {
      schema: {
        params: { type: "object", properties: { id: { type: "number" } } },
        ...answer({ id: { type: "number" }, name: { type: "string" } }),
      },
    },
    async (request) => ({ id: request.params.id, name: "keyboard" }),
  );
  await app.listen({ port, host: "127.0.0.1" });
}

async function serveHono(traced) {
  const app = new Hono();
  if (traced) {
    registerSdk();
    app.use(httpInstrumentationMiddleware());
  }
  app.get("/health", (c) => c.json({ ok: true }));
  app.get("/items/:id", (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isFinite(id)) return c.json({ error: "id" }, 400);
    return c.json({ id, name: "keyboard" });
  });
  await new Promise((resolve) => serveHonoNode({ fetch: app.fetch, port, hostname: "127.0.0.1" }, resolve));
}

const CONTENDERS = {
  honest: () => serveHonest(false),
  "honest-traced": () => serveHonest(true),
  fastify: () => serveFastify(false),
  "fastify-otel": () => serveFastify(true),
  hono: () => serveHono(false),
  "hono-otel": () => serveHono(true),
};

const contender = CONTENDERS[process.argv[2]];
if (contender === undefined) throw new Error(`contender ${process.argv[2]}: expected one of ${Object.keys(CONTENDERS).join(", ")}`);
await contender();
