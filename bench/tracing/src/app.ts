import { Controller, createApp, Get } from "honest";
import type { Json, Path } from "honest";

// The tracing bench's honest app (docs/benchmarks.md, "Traces"): GET /items/{id}, one path value read and one JSON
// object written, as the Fastify and Hono servers' routes; GET /health for the bench's start.

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
  async get(id: Path<number>): Promise<Json<Item>> {
    return { id, name: "keyboard" };
  }
}

/** The app; it traces when an SDK is registered before this runs. */
export const build = () => createApp({ log: false, health: false });
