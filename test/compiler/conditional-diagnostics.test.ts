import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991046): validators, @BodyETag and @CacheControl
// where they cannot work fail the build at what to change (docs/guide/conditional-requests.md, "Mistakes the build refuses").

const diagnosticsOf = controllerDiagnostics({
  prefix: "conditional-diagnostics",
  header: `import { BodyETag, CacheControl, Controller, Get, Post, Put, Socket, etag, lastModified } from "honest";
import type { Connection, ETag, From, Json, LastModified, Path } from "honest";
import type { Context } from "hono";
export class Version { async resolve(c: Context): Promise<ETag | undefined> { return c.req.param("id") ? etag(1) : undefined; } }
export class Changed { resolve(_c: Context): LastModified { return lastModified(new Date(0)); } }
`,
});

const code = HonestCode.ConditionalRequest;

describe("conditional request diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports two validator resolvers on one route, and one on a WebSocket route",
      name: "validators",
      source: `
@Controller()
export class ItemController {
  @Get("/items/{id}")
  async get(id: Path<number>, version: From<Version>, changed: From<Changed>): Promise<Json<number>> { return id; }
  @Socket("/live/{id}")
  async live(id: Path<number>, version: From<Version>, connection: Connection<string, string>): Promise<void> {}
}`,
      errors: [
        error(
          10,
          code,
          "GET /items/{id} (ItemController.get): the route takes two resolvers that give validators, Version and Changed; a resource has one set of validators: keep one, whose resolve gives { etag, lastModified } when both are wanted.",
        ),
        error(
          12,
          code,
          "WS /live/{id} (ItemController.live): Version gives validators (an ETag or a LastModified), which a WebSocket route cannot use: a conditional request is a GET, HEAD or a write; take it in an HTTP route.",
        ),
      ],
    },
    {
      title: "reports @BodyETag on a write, on an answer that is not only JSON, beside a validator resolver, and twice",
      name: "body-etag",
      source: `
@Controller()
export class ItemController {
  @Put("/items/{id}") @BodyETag()
  async put(id: Path<number>, body: Json<number>): Promise<Json<number>> { return id + body; }
  @Get("/a") @BodyETag()
  async a(): Promise<Json<{ n: number }> | 204> { return 204; }
  @Get("/b/{id}") @BodyETag()
  async b(id: Path<number>, version: From<Version>): Promise<Json<number>> { return id; }
  @Get("/c") @BodyETag() @BodyETag()
  async c(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(
          9,
          code,
          "PUT /items/{id} (ItemController.put): @BodyETag() hashes the JSON a GET answers with, after its handler ran; on a PUT, the write would be done before the tag could be compared: give the route a resolver whose resolve returns an ETag (etag(...)), so that honest answers 412 to a stale If-Match before the handler runs.",
        ),
        error(
          11,
          code,
          "GET /a (ItemController.a): @BodyETag() hashes the JSON the route answers with, and this route's return type is not only Json<T> (a status, a Response or a stream): declare Promise<Json<T>>, or give the route a resolver whose resolve returns an ETag.",
        ),
        error(
          13,
          code,
          "GET /b/{id} (ItemController.b): the route's validators come from Version already, checked before the handler runs; remove @BodyETag(), or the resolver's ETag.",
        ),
        error(15, code, "GET /c (ItemController.c): the route has @BodyETag more than once; keep one."),
      ],
    },
    {
      title: "reports a @CacheControl that is not one string literal of visible characters, and one on a WebSocket route",
      name: "cache-control",
      source: `
const directives = "no-store";
@Controller()
export class ItemController {
  @Get("/a") @CacheControl(directives)
  async a(): Promise<Json<number>> { return 1; }
  @Get("/b") @CacheControl("max-age=60\\r\\nx-evil: 1")
  async b(): Promise<Json<number>> { return 1; }
  @Socket("/live") @CacheControl("no-store")
  async live(connection: Connection<string, string>): Promise<void> {}
}`,
      errors: [
        error(
          10,
          code,
          'GET /a (ItemController.a): @CacheControl takes one string literal of directives, as in @CacheControl("private, max-age=60"); got directives.',
        ),
        error(
          12,
          code,
          'GET /b (ItemController.b): @CacheControl takes one string literal of directives, as in @CacheControl("private, max-age=60"); got "max-age=60\\r\\nx-evil: 1".',
        ),
        error(
          14,
          code,
          "WS /live (ItemController.live): @CacheControl sets a header of an HTTP answer, and a WebSocket route answers with its upgrade alone: remove @CacheControl.",
        ),
      ],
    },
    {
      title: "reports @BodyETag and @CacheControl on a member that is not a route, and on a class that is not a controller",
      name: "placement",
      source: `
@Controller()
export class ItemController {
  @CacheControl("no-store")
  helper(): number { return 1; }
}
export class Plain {
  @BodyETag()
  helper(): number { return 1; }
}`,
      errors: [
        error(
          9,
          code,
          "ItemController.helper has @CacheControl but no route decorator, so no answer would carry it; add @Get (or another route decorator), or remove @CacheControl.",
        ),
        error(
          13,
          code,
          "Plain has @BodyETag but is not a controller, so no answer would carry it; add @Controller() to the class, or remove @BodyETag.",
        ),
      ],
    },
    {
      title: "accepts validators on a GET and a write, @BodyETag on a JSON GET, and @CacheControl anywhere on HTTP routes",
      name: "accepted",
      source: `
export class Both { async resolve(_c: Context): Promise<{ etag: ETag; lastModified?: LastModified } | undefined> { return { etag: etag("x", { weak: true }) }; } }
@Controller()
export class ItemController {
  @Get("/items/{id}") @CacheControl("private, max-age=60")
  async get(id: Path<number>, version: From<Version>): Promise<Json<number>> { return id; }
  @Put("/items/{id}")
  async put(id: Path<number>, version: From<Both>, body: Json<number>): Promise<Json<number>> { return id + body; }
  @Post("/items") @CacheControl("no-store")
  async post(body: Json<number>): Promise<Json<number, 201>> { return body; }
  @Get("/hashed") @BodyETag()
  async hashed(): Promise<Json<number[]>> { return [1]; }
}`,
      errors: [],
    },
  ]);
});
