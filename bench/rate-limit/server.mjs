import rateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { appReady } from "honest";
import { serve } from "honest/node";
import { Redis } from "ioredis";
import { build } from "./dist/bench/rate-limit/src/app.js";

// `node bench/rate-limit/server.mjs <contender>`: one of the bench's servers on PORT, counting in memory or in the
// Redis server REDIS_URL names (docs/benchmarks.md, "A rate-limited route"). honest's app is one build; Fastify 5
// with @fastify/rate-limit on the limited route only (global: false), its store ioredis on the same server.

const port = Number(process.env.PORT);
const LIMIT = 1_000_000_000;

async function serveHonest(redis) {
  const app = build(redis);
  await appReady(app);
  await serve(app, { port, log: false, handleSignals: false }).listening;
}

async function serveFastify(redis) {
  const app = Fastify({ logger: false });
  await app.register(rateLimit, { global: false, ...(redis && { redis: new Redis(redis) }) });
  const answer = { response: { 200: { type: "object", properties: { ok: { type: "boolean" } } } } };
  app.get("/health", { schema: answer }, async () => ({ ok: true }));
  app.get("/open", { schema: answer }, async () => ({ ok: true }));
  app.get("/limited", { schema: answer, config: { rateLimit: { max: LIMIT, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.listen({ port, host: "127.0.0.1" });
}

const CONTENDERS = {
  honest: () => serveHonest(undefined),
  "honest-redis": () => serveHonest(process.env.REDIS_URL),
  fastify: () => serveFastify(undefined),
  "fastify-redis": () => serveFastify(process.env.REDIS_URL),
};

const contender = CONTENDERS[process.argv[2]];
if (contender === undefined) throw new Error(`contender ${process.argv[2]}: expected one of ${Object.keys(CONTENDERS).join(", ")}`);
await contender();
