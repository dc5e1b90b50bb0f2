import { describe } from "vitest";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/request-scope.md, "Mistakes the build reports", and
// docs/reference/diagnostics.md: a per-request component held where the app
// keeps one instance, a Current<T> of an app-wide class, a Current<T> read
// in init() or close(), a per-request controller or resolver, and a cycle
// among per-request components, each an error at the line that says it.

const header = `import { Controller, Get, PerRequest, createApp } from "honest";
import type { Current, From, Inject, Json } from "honest";
import type { Context } from "hono";
@PerRequest()
export class UnitOfWork { readonly id = 1; }
`;

const diagnosticsOf = controllerDiagnostics({ prefix: "request-scope-diagnostics", header, withApp: true });

describe("request scope diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a per-request component in an Inject<T> field of an app-wide component, naming the Current<T> to write",
      name: "held",
      source: `export class ItemService {
  declare readonly work: Inject<UnitOfWork>;
}
@Controller()
export class ItemController {
  declare readonly items: Inject<ItemService>;
  @Get("/items") async list(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(
          7,
          HonestCode.PerRequestHeld,
          "ItemService.work holds UnitOfWork, which lives for one request, in an Inject<T> field of a class the app builds once; " +
            "write `declare readonly work: Current<UnitOfWork>`, which reads this request's instance each time it is used, or mark the class @PerRequest().",
        ),
      ],
    },
    {
      title: "reports it in a controller's field too",
      name: "held-by-controller",
      source: `@Controller()
export class ItemController {
  declare readonly work: Inject<UnitOfWork>;
  @Get("/items") async list(): Promise<Json<number>> { return this.work.id; }
}`,
      errors: [
        error(
          8,
          HonestCode.PerRequestHeld,
          "ItemController.work holds UnitOfWork, which lives for one request, in an Inject<T> field of a class the app builds once; " +
            "write `declare readonly work: Current<UnitOfWork>`, which reads this request's instance each time it is used, or mark the class @PerRequest().",
        ),
      ],
    },
    {
      title: "accepts Inject<T> of a per-request component in another per-request component",
      name: "held-per-request",
      source: `@PerRequest()
export class Audit { declare readonly work: Inject<UnitOfWork>; }
@Controller()
export class ItemController {
  declare readonly audit: Current<Audit>;
  @Get("/items") async list(): Promise<Json<number>> { return this.audit.work.id; }
}`,
      errors: [],
    },
    {
      title: "reports Current<T> of a class that is not per-request",
      name: "current-app-wide",
      source: `export class Clock { now() { return 1; } }
@Controller()
export class ItemController {
  declare readonly clock: Current<Clock>;
  @Get("/items") async list(): Promise<Json<number>> { return this.clock.now(); }
}`,
      errors: [
        error(
          9,
          HonestCode.RequestScope,
          "ItemController.clock: Current<Clock> reads this request's instance of a @PerRequest() component, and Clock is not one; " +
            "mark Clock @PerRequest(), or write Inject<Clock> for the app's one instance.",
        ),
      ],
    },
    {
      title: "reports a Current<T> field read in init() or close(), where no request exists",
      name: "no-request",
      source: `export class ItemService {
  declare readonly work: Current<UnitOfWork>;
  init() { return this.work.id; }
  async close() { console.log(this.work); }
  list() { return this.work.id; }
}
@Controller()
export class ItemController {
  declare readonly items: Inject<ItemService>;
  @Get("/items") async list(): Promise<Json<number>> { return this.items.list(); }
}`,
      errors: [
        error(
          8,
          HonestCode.RequestScope,
          "ItemService.init() reads this.work, a Current<T> field, but init() runs when the app starts, where no request exists; " +
            "read it in code that handles a request, and take what init() needs through Inject<T>.",
        ),
        error(
          9,
          HonestCode.RequestScope,
          "ItemService.close() reads this.work, a Current<T> field, but close() runs when the app stops, where no request exists; " +
            "read it in code that handles a request, and take what close() needs through Inject<T>.",
        ),
      ],
    },
    {
      title: "reports a per-request controller",
      name: "controller",
      source: `@PerRequest()
@Controller()
export class ItemController {
  @Get("/items") async list(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(
          6,
          HonestCode.RequestScope,
          "ItemController is a @Controller() and @PerRequest(); a controller is built once for the app; remove @PerRequest(), " +
            "and read this request's components in it through Current<T> fields.",
        ),
      ],
    },
    {
      title: "reports a per-request resolver",
      name: "resolver",
      source: `@PerRequest()
export class CurrentUser { resolve(c: Context): string { return "ada"; } }
@Controller()
export class ItemController {
  @Get("/me") async me(user: From<CurrentUser>): Promise<Json<string>> { return user; }
}`,
      errors: [
        error(
          10,
          HonestCode.RequestScope,
          "From<CurrentUser> names a @PerRequest() component, and a resolver is built once for the app; remove @PerRequest() from CurrentUser, " +
            "and read this request's components in it through Current<T> fields.",
        ),
      ],
    },
    {
      title: "reports a cycle among per-request components, naming the Current<T> that breaks it",
      name: "cycle",
      source: `@PerRequest()
export class Audit { declare readonly entries: Inject<Entries>; }
@PerRequest()
export class Entries { declare readonly audit: Inject<Audit>; }
@Controller()
export class ItemController {
  declare readonly audit: Current<Audit>;
  @Get("/items") async list(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(
          9,
          HonestCode.DependencyCycle,
          "dependency cycle among per-request components: Audit.entries → Entries.audit → Audit; each is built for the request with its " +
            "Inject<T> fields filled first, so none can be; make one of these fields a Current<T>, which reads this request's instance when it is used",
        ),
      ],
    },
  ]);
});
