import { Controller, Get, PerRequest, createApp } from "honest";
import type { Current, Inject, Json, RequestEnd } from "honest";

// Three routes alike but for their request scope (docs/benchmarks.md,
// "Request scope"): one whose controller reaches no per-request component
// (its code as without the feature), one whose controller reaches a unit of
// work it does not read (the scope opened, nothing built), and one that
// reads it (built, and closed after the answer).

@PerRequest()
export class UnitOfWork {
  committed = false;
  close(end: RequestEnd): void {
    this.committed = end.outcome === "answered";
  }
}

export class Items {
  declare readonly work: Current<UnitOfWork>;
  touch(): boolean {
    return this.work.committed;
  }
}

@Controller()
export class PlainController {
  @Get("/plain")
  async plain(): Promise<Json<{ ok: boolean }>> {
    return { ok: true };
  }
}

@Controller()
export class ReachingController {
  declare readonly items: Inject<Items>;
  @Get("/reaches")
  async reaches(): Promise<Json<{ ok: boolean }>> {
    return { ok: true };
  }
}

@Controller()
export class ReadingController {
  declare readonly items: Inject<Items>;
  @Get("/reads")
  async reads(): Promise<Json<{ ok: boolean }>> {
    return { ok: !this.items.touch() };
  }
}

export const app = createApp({ log: false });
