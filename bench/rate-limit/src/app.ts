import { Controller, createApp, Get, RateLimit } from "honest";
import type { Json } from "honest";

// The bench's honest app (docs/benchmarks.md, "A rate-limited route"): GET /open without a limit, and GET /limited
// with one no run reaches, so that every request is counted and answered 200, as the Fastify servers' routes.

interface Answer {
  ok: boolean;
}

@Controller()
export class BenchController {
  @Get("/health")
  async health(): Promise<Json<Answer>> {
    return { ok: true };
  }

  @Get("/open")
  async open(): Promise<Json<Answer>> {
    return { ok: true };
  }

  @Get("/limited")
  @RateLimit({ limit: 1000000000, window: "1m" })
  async limited(): Promise<Json<Answer>> {
    return { ok: true };
  }
}

/** The app, counting in memory, or in the Redis server `redis` names. */
export const build = (redis: string | undefined) => createApp({ log: false, redis });
