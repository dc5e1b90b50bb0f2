import { Controller, Get, Post } from "honest";
import type { Inject, Json, Sse } from "honest";
import type { Context } from "hono";
import type { Tick, Ticks } from "./ticks.js";

/** Publishes ticks, and streams them to every subscriber as server-sent events, as the example's live feed does. */
@Controller()
export class FanOutController {
  declare readonly ticks: Inject<Ticks>;

  /** What bench/http's starter polls until the server answers. */
  @Get("/health")
  async health(): Promise<Json<string>> {
    return "ok";
  }

  @Post("/publish")
  async publish(tick: Json<Tick>): Promise<204> {
    await this.ticks.topic.publish(tick);
    return 204;
  }

  @Get("/ticks")
  async *feed(c: Context): Sse<Tick> {
    for await (const { message } of this.ticks.topic.subscribe({ signal: c.req.raw.signal })) yield message;
  }
}
