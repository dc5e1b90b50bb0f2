import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991041): a @RateLimit honest cannot read at
// compile time, or that would limit nothing, fails the build at what to change (docs/guide/rate-limits.md, "Declaring a limit").

const diagnosticsOf = controllerDiagnostics({
  prefix: "rate-limit-diagnostics",
  header: `import { Controller, Get, RateLimit } from "honest";
import type { Json } from "honest";
import type { Context } from "hono";
`,
});

const on = "ItemController.list";

describe("@RateLimit diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a limit that is not a whole number literal from 1, and options that are not one object literal",
      name: "limit",
      source: `
const five = 5;
const options = { limit: 5, window: "1m" } as const;
@Controller()
export class ItemController {
  @Get("/a") @RateLimit({ limit: five, window: "1m" })
  async list(): Promise<Json<number>> { return 1; }
  @Get("/b") @RateLimit({ limit: 0, window: "1m" })
  async b(): Promise<Json<number>> { return 1; }
  @Get("/c") @RateLimit({ limit: 2.5, window: "1m" })
  async c(): Promise<Json<number>> { return 1; }
  @Get("/d") @RateLimit(options)
  async d(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(
          9,
          HonestCode.RateLimit,
          `${on}: @RateLimit's limit must be a whole number from 1, written as a literal, as in limit: 5; got five.`,
        ),
        error(
          11,
          HonestCode.RateLimit,
          "ItemController.b: @RateLimit's limit must be a whole number from 1, written as a literal, as in limit: 5; got 0.",
        ),
        error(
          13,
          HonestCode.RateLimit,
          "ItemController.c: @RateLimit's limit must be a whole number from 1, written as a literal, as in limit: 5; got 2.5.",
        ),
        error(
          15,
          HonestCode.RateLimit,
          'ItemController.d: @RateLimit takes one object literal with a limit and a window, and optionally by, as in @RateLimit({ limit: 5, window: "1m" }) or @RateLimit({ limit: 100, window: "1h", by: CurrentUser }).',
        ),
      ],
    },
    {
      title: "reports a window that does not parse, is zero or longer than 7 days",
      name: "window",
      source: `
@Controller()
export class ItemController {
  @Get("/a") @RateLimit({ limit: 5, window: "1.5m" })
  async list(): Promise<Json<number>> { return 1; }
  @Get("/b") @RateLimit({ limit: 5, window: 0 })
  async b(): Promise<Json<number>> { return 1; }
  @Get("/c") @RateLimit({ limit: 5, window: "8d" })
  async c(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(7, HonestCode.RateLimit, windowMessage(on, '"1.5m"')),
        error(9, HonestCode.RateLimit, windowMessage("ItemController.b", "0")),
        error(11, HonestCode.RateLimit, windowMessage("ItemController.c", '"8d"')),
      ],
    },
    {
      title: "reports a by that is not a resolver class, and one whose value cannot key a count",
      name: "by",
      source: `
export const NotResolver: new () => { resolve(c: Context): string } = class { resolve(c: Context) { return c.req.path; } };
export class Tenant { resolve(c: Context): { name: string } { return { name: c.req.path }; } }
export class Anything { async resolve(c: Context): Promise<unknown> { return c.req.path; } }
@Controller()
export class ItemController {
  @Get("/a") @RateLimit({ limit: 5, window: "1m", by: NotResolver })
  async list(): Promise<Json<number>> { return 1; }
  @Get("/b") @RateLimit({ limit: 5, window: "1m", by: Tenant })
  async b(): Promise<Json<number>> { return 1; }
  @Get("/c") @RateLimit({ limit: 5, window: "1m", by: Anything })
  async c(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(
          10,
          HonestCode.RateLimit,
          `${on}: @RateLimit's by must name a resolver, a class with a method resolve(c: Context) whose value keys the count (docs/guide/resolvers.md); 'NotResolver' is not one.`,
        ),
        error(12, HonestCode.RateLimit, notKeyMessage("ItemController.b", "Tenant", "{ name: string; }")),
        error(14, HonestCode.RateLimit, notKeyMessage("ItemController.c", "Anything", "unknown")),
      ],
    },
    {
      title: "reports @RateLimit on a member that is not a route, on a class that is not a controller, and twice",
      name: "placement",
      source: `
@Controller()
export class ItemController {
  @RateLimit({ limit: 5, window: "1m" })
  helper(): number { return 1; }
  @Get("/a") @RateLimit({ limit: 5, window: "1m" }) @RateLimit({ limit: 9, window: "1h" })
  async list(): Promise<Json<number>> { return 1; }
}
@RateLimit({ limit: 5, window: "1m" })
export class Plain {}`,
      errors: [
        error(
          7,
          HonestCode.RateLimit,
          "ItemController.helper has @RateLimit but no route decorator, so nothing would be limited; add @Get, @Post, @Put, @Delete or @Patch, or move @RateLimit to a handler or to the controller.",
        ),
        error(9, HonestCode.RateLimit, `${on} has @RateLimit more than once; keep one.`),
        error(
          12,
          HonestCode.RateLimit,
          "Plain has @RateLimit but is not a controller, so nothing would be limited; add @Controller() to the class, or remove @RateLimit.",
        ),
      ],
    },
    {
      title: "accepts a limit by a resolver of a string, a number, a bigint, or an object with such an id, undefined allowed",
      name: "accepted",
      source: `
export class ById { resolve(c: Context): { id: bigint; name: string } | undefined { return c.req.path ? { id: 1n, name: "" } : undefined; } }
export class ByToken { async resolve(c: Context): Promise<string> { return c.req.path; } }
@RateLimit({ limit: 100, window: "1h" })
@Controller()
export class ItemController {
  @Get("/a") @RateLimit({ limit: 5, window: "1m", by: ById })
  async list(): Promise<Json<number>> { return 1; }
  @Get("/b") @RateLimit({ limit: 5, window: 1500, by: ByToken })
  async b(): Promise<Json<number>> { return 1; }
  @Get("/c")
  async c(): Promise<Json<number>> { return 1; }
}`,
      errors: [],
    },
  ]);
});

function windowMessage(on: string, written: string): string {
  return (
    `${on}: @RateLimit's window must be a duration such as "30s", "1m" or "1h" (units ms, s, m, h, d), or a whole number of ms, ` +
    `written as a literal, from 1 ms to 7 days; got ${written}.`
  );
}

function notKeyMessage(on: string, className: string, type: string): string {
  return (
    `${on}: @RateLimit counts by ${className}'s value, of type '${type}', which cannot key a count: resolve must give a string, ` +
    "a number, a bigint, or an object with an id of one of those (undefined counts by client address)."
  );
}
