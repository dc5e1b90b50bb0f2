import { Controller, createApp, Get } from "honest";
import type { AppOptions, Json, Path } from "honest";

// The logs bench's honest app (docs/benchmarks.md, "Logs"): GET /items/{id}, a route with a template, answered 200
// with a small JSON body, as the Fastify server's route.

interface Item {
  id: number;
  name: string;
}

@Controller()
export class BenchController {
  @Get("/health")
  async health(): Promise<Json<{ ok: boolean }>> {
    return { ok: true };
  }

  @Get("/items/{id}")
  async item(id: Path<number>): Promise<Json<Item>> {
    return { id, name: "lamp" };
  }
}

/** The app, with the request id and logger options the run measures. */
export const build = (options: Pick<AppOptions, "logger" | "requestId">) => createApp({ log: false, ...options });
