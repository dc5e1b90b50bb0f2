import { describe, expect, it } from "vitest";
import path from "node:path";
import { compileFixture, FIXTURES_ROOT } from "../support/compile.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";
import { HonestCode } from "../support/honest-codes.js";
import type { Hono } from "hono";

// docs/reference/diagnostics.md, "Compile-time diagnostics": misuse is a compile-time diagnostic at the offending line, saying
// what to change; a build never silently drops a route.

const header = `import { Controller, Delete, Get, Post, StatusCode } from "honest";
import type { i64, Inject, Json, Path } from "honest";
`;

/** Compiles one controller file and returns honest's diagnostics (TS's own must be absent). */
const diagnosticsOf = controllerDiagnostics({ prefix: "diagnostics", header });

describe("path placeholders and Path parameters", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a placeholder without a Path parameter",
      name: "no-path-parameter",
      source: `
@Controller()
export class ItemController {
  @Get("/items/{id}")
  async get(): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          7,
          HonestCode.PlaceholderMismatch,
          "GET /items/{id} (ItemController.get): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.",
        ),
      ],
    },
    {
      title: "reports a parameter named after the placeholder but not typed Path<T> once",
      name: "untyped-path-parameter",
      source: `
@Controller()
export class ItemController {
  @Get("/items/{id}")
  async get(id: i64): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          7,
          HonestCode.PlaceholderMismatch,
          "GET /items/{id} (ItemController.get): parameter 'id' is not typed Path<T>, so it cannot receive {id}; write 'id: Path<i64>'.",
        ),
      ],
    },
    {
      title: "reports a Path parameter without a placeholder",
      name: "no-placeholder",
      source: `
@Controller()
export class ItemController {
  @Get("/items")
  async get(id: Path<i64>): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          7,
          HonestCode.PlaceholderMismatch,
          "GET /items (ItemController.get): the handler has a Path parameter but the path has no {placeholder}; add one to the path or remove the parameter.",
        ),
      ],
    },
    {
      title: "reports a tuple whose length differs from the placeholders",
      name: "tuple-length",
      source: `
@Controller()
export class PostController {
  @Get("/users/{user_id}/posts/{post_id}")
  async get([user]: Path<[i64]>): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          7,
          HonestCode.PlaceholderMismatch,
          "GET /users/{user_id}/posts/{post_id} (PostController.get): Path<[i64]> has 1 element(s) but the path has 2 placeholder(s) ({user_id}, {post_id}); give one tuple element per placeholder, in order.",
        ),
      ],
    },
    {
      title: "reports a single Path<T> on a route with several placeholders",
      name: "single-for-several",
      source: `
@Controller()
export class PostController {
  @Get("/users/{user_id}/posts/{post_id}")
  async get(id: Path<i64>): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          7,
          HonestCode.PlaceholderMismatch,
          "GET /users/{user_id}/posts/{post_id} (PostController.get): the path has 2 placeholders ({user_id}, {post_id}); type the parameter as a tuple in that order, Path<[T, T]>.",
        ),
      ],
    },
    {
      title: "reports a path parameter type honest cannot parse",
      name: "path-type",
      source: `
@Controller()
export class EventController {
  @Get("/events/{day}")
  async get(day: Path<{ year: number }>): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          7,
          HonestCode.UnsupportedPathType,
          "GET /events/{day} (EventController.get): path parameter {day} cannot be of type '{ year: number; }'; use i64, bigint, number, string, boolean, Date, or a union of string or number literals.",
        ),
      ],
    },
  ]);
});

describe("route declarations", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a path that is not a string literal",
      name: "non-literal-path",
      source: `
const path = "/items";
@Controller()
export class ItemController {
  @Get(path)
  async list(): Promise<Json<string[]>> { return []; }
}`,
      errors: [
        error(
          7,
          HonestCode.PathNotStringLiteral,
          `ItemController.list: the route path must be one string literal, as in @Get("/items/{id}").`,
        ),
      ],
    },
    {
      title: "reports controller options that are not a literal prefix",
      name: "controller-options",
      source: `
const base = "/api";
@Controller({ prefix: base })
export class ItemController {
  @Get("/items")
  async list(): Promise<StatusCode> { return 204; }
}`,
      errors: [
        error(
          5,
          HonestCode.ControllerOptions,
          'ItemController: write @Controller(), or @Controller({ prefix: "/path", version: "2" }) with either or both, each a string literal.',
        ),
      ],
    },
    {
      title: "reports a route decorator outside a controller",
      name: "outside-controller",
      source: `
export class NotAController {
  @Get("/items")
  async list(): Promise<Json<string[]>> { return []; }
}`,
      errors: [
        error(
          5,
          HonestCode.RouteOutsideController,
          "NotAController.list has a route decorator, but NotAController is not a controller; add @Controller() to the class.",
        ),
      ],
    },
    {
      title: "reports two route decorators on one method",
      name: "two-decorators",
      source: `
@Controller()
export class ItemController {
  @Get("/items")
  @Post("/items")
  async list(): Promise<Json<string[]>> { return []; }
}`,
      errors: [
        error(
          7,
          HonestCode.SeveralRouteDecorators,
          "ItemController.list has 2 route decorators; a handler serves exactly one route, so keep one and move the others to methods of their own.",
        ),
      ],
    },
  ]);

  it.each([
    ["items", "must start with '/'"],
    ["/items/{}", "has a malformed segment '{}'"],
    ["/items/{a b}", "has a malformed segment '{a b}'"],
    ["/items/{id", "has a malformed segment '{id'"],
    ["/items//x", "has an empty segment ('//' or a trailing '/'); remove it"],
  ])("reports the malformed path %s", (path, problem) => {
    const [diagnostic] = diagnosticsOf(
      `malformed-${path.replace(/[^a-z]/g, "")}`,
      `
@Controller()
export class ItemController {
  @Get(${JSON.stringify(path)})
  async list(): Promise<Json<string[]>> { return []; }
}`,
    );
    expect(diagnostic).toMatchObject({ line: 6, code: HonestCode.MalformedPath });
    expect(diagnostic!.message).toContain(`GET ${path} (ItemController.list): the path '${path}' ${problem}`);
  });

  it("reports two handlers for one method and path shape, across files", () => {
    const other = `${header}
@Controller({ prefix: "/a" })
export class OtherController {
  @Get("/{y}")
  async get(y: Path<string>): Promise<StatusCode> { return 200; }
}`;
    expect(
      diagnosticsOf(
        "duplicate",
        `
@Controller()
export class FirstController {
  @Get("/a/{x}")
  async get(x: Path<string>): Promise<StatusCode> { return 200; }
}`,
        { "src/other.ts": other },
      ),
    ).toEqual([
      error(
        6,
        HonestCode.DuplicateRoute,
        "GET /a/{y} (OtherController.get) has the same method and path shape as GET /a/{x} (FirstController.get); only one handler can serve it, so change or remove one.",
        "src/other.ts",
      ),
    ]);
  });
});

describe("handlers", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a handler that is not async",
      name: "promise-not-async",
      source: `
@Controller()
export class ItemController {
  @Get("/items")
  list(): Promise<Json<string[]>> { return Promise.resolve([]); }
}`,
      errors: [
        error(
          7,
          HonestCode.HandlerNotAsyncMethod,
          "GET /items (ItemController.list): a handler must be an async method; add 'async' before 'list'.",
        ),
      ],
    },
    {
      title: "reports a handler that does not return a Promise",
      name: "not-async",
      source: `
@Controller()
export class ItemController {
  @Get("/items")
  list(): Json<string[]> { return []; }
}`,
      errors: [
        error(
          7,
          HonestCode.ReturnType,
          "GET /items (ItemController.list): the handler must be async and return a Promise; declare the return type as Promise<Json<T>>, Promise<Json<T, S>> with a status S, Promise<StatusCode> or an exact status such as Promise<204>, Promise<Response>, or a union of them.",
        ),
      ],
    },
    {
      title: "reports a return type honest cannot send",
      name: "return-type",
      source: `
@Controller()
export class ItemController {
  @Get("/items")
  async list(): Promise<string[]> { return []; }
}`,
      errors: [
        error(
          7,
          HonestCode.ReturnType,
          "GET /items (ItemController.list): the handler returns 'string[]', which honest cannot send; declare the return type as Promise<Json<T>>, Promise<Json<T, S>> with a status S, Promise<StatusCode> or an exact status such as Promise<204>, Promise<Response>, or a union of them.",
        ),
      ],
    },
    {
      title: "reports a parameter honest cannot supply",
      name: "parameter",
      source: `
@Controller()
export class ItemController {
  @Get("/items")
  async list(limit: number): Promise<Json<string[]>> { return []; }
}`,
      errors: [
        error(
          7,
          HonestCode.UnsupportedParameter,
          "GET /items (ItemController.list): honest cannot supply parameter 'limit' of type 'number'; type it Path<T> for path placeholders, Query<T>, Header<T> or Cookie<T> for query keys, headers or cookies (such as Query<{ limit: number }>), Json<T> for the request body, or Context (from hono) for anything else.",
        ),
      ],
    },
  ]);
});

describe("injection", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports Inject<T> where T is not a class",
      name: "inject-interface",
      source: `
interface Clock { now(): number }
@Controller()
export class ClockController {
  declare readonly clock: Inject<Clock>;
  @Get("/now")
  async now(): Promise<Json<number>> { return this.clock.now(); }
}`,
      errors: [
        error(
          7,
          HonestCode.InjectNotClass,
          "ClockController.clock: Inject<T> needs a class for T: 'Clock' is not a class. Make it a class with a constructor that takes no arguments.",
        ),
      ],
    },
  ]);
});

describe("Inject<T> of a union", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports it, asking for one class",
      name: "inject-union",
      source: `
class Memory {}
class Disk {}
@Controller()
export class StoreController {
  declare readonly store: Inject<Memory | Disk>;
  @Get("/store")
  async get(): Promise<StatusCode> { return 204; }
}`,
      errors: [error(8, HonestCode.InjectNotClass, "StoreController.store: Inject<T> needs a class name for T, as in Inject<ItemStore>.")],
    },
  ]);
});

describe("the dependency graph, at compile time", () => {
  const components = `
import type { Inject as In } from "honest";
export class Chicken { declare readonly egg: In<Egg>; }
export class Egg { declare readonly chicken: In<Chicken>; }
export class Database { constructor(readonly url: string, readonly pool = 4) {} }
export class Repository { declare readonly db: In<Database>; }
export class Cache extends Database { declare readonly self: In<Cache>; }
`;
  const plainApp = `import { createApp } from "honest";
export const app = createApp();
`;
  const controllers = `
@Controller()
export class FarmController {
  declare readonly chicken: Inject<Chicken>;
  declare readonly repository: Inject<Repository>;
  @Get("/farm")
  async get(): Promise<StatusCode> { return 204; }
}
`;

  itReports(diagnosticsOf, [
    {
      title:
        "reports a cycle and a component new T() cannot build, with the chain of fields, as errors when every createApp() call can be read",
      name: "dependencies",
      source: `import { Chicken, Repository } from "./components.js";
${controllers}`,
      extraFiles: {
        "src/components.ts": components,
        "src/main.ts": plainApp,
      },
      errors: [
        error(
          4,
          HonestCode.DependencyCycle,
          "dependency cycle: Chicken.egg → Egg.chicken → Chicken; break it, or provide one of these components with createApp({ providers })",
          "src/components.ts",
        ),
        error(
          6,
          HonestCode.UnbuildableComponent,
          "Database cannot be built with new Database() (its constructor declares 1 parameter: url), needed by FarmController.repository → Repository.db; declare its dependencies as Inject<T> fields, or provide an instance with createApp({ providers: [[Database, instance]] })",
          "src/components.ts",
        ),
      ],
    },
    {
      title: "reports nothing for components every createApp() call provides",
      name: "dependencies-provided",
      source: `import { Chicken, Repository } from "./components.js";
${controllers}`,
      extraFiles: {
        "src/components.ts": components,
        "src/main.ts": `import { createApp } from "honest";
import { Database, Egg } from "./components.js";
export const app = createApp({ providers: [[Database, new Database("x")], [Egg, {} as Egg]] });
`,
      },
      errors: [],
    },
    {
      title: "counts inherited constructors and Inject fields",
      name: "dependencies-inherited",
      source: `import { Cache } from "./components.js";
@Controller()
export class CacheController {
  declare readonly cache: Inject<Cache>;
  @Get("/cache")
  async get(): Promise<StatusCode> { return 204; }
}`,
      extraFiles: {
        "src/components.ts": components,
        "src/main.ts": plainApp,
      },
      errors: [
        error(
          6,
          HonestCode.UnbuildableComponent,
          "Cache cannot be built with new Cache() (its constructor declares 1 parameter: url), needed by CacheController.cache; declare its dependencies as Inject<T> fields, or provide an instance with createApp({ providers: [[Cache, instance]] })",
        ),
      ],
    },
  ]);
});

describe("bodies on GET and DELETE", () => {
  itReports(diagnosticsOf, [
    {
      title: "warns about a Json<T> parameter on a GET or DELETE route",
      name: "body-on-get",
      source: `
@Controller()
export class SearchController {
  @Get("/search")
  async search(query: Json<{ text: string }>): Promise<Json<string[]>> { return [query.text]; }
  @Delete("/things")
  async remove(body: Json<{ ids: i64[] }>): Promise<StatusCode> { return 204; }
}`,
      errors: [
        {
          file: "src/controller.ts",
          line: 7,
          code: HonestCode.BodyOnBodilessMethod,
          category: "warning",
          message:
            "GET /search (SearchController.search): a GET request has no body by convention, and many clients and proxies drop one; take the input from the path (Path<T>) or the query string (Query<T>), or make the route a POST.",
        },
        {
          file: "src/controller.ts",
          line: 9,
          code: HonestCode.BodyOnBodilessMethod,
          category: "warning",
          message:
            "DELETE /things (SearchController.remove): a DELETE request has no body by convention, and many clients and proxies drop one; take the input from the path (Path<T>) or the query string (Query<T>), or make the route a POST.",
        },
      ],
    },
  ]);
});

describe("discovery", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a controller that createApp() cannot import, once however many calls need it",
      name: "not-exported",
      source: `
@Controller()
class HiddenController {
  @Get("/hidden")
  async get(): Promise<StatusCode> { return 200; }
}`,
      extraFiles: {
        "src/main.ts": `import { createApp } from "honest";\nexport const app = createApp();\n`,
        "src/test-app.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
      },
      errors: [
        error(
          5,
          HonestCode.ControllerNotExported,
          "HiddenController must be exported: createApp() in main.ts mounts every controller, and imports it to do so.",
        ),
      ],
    },
  ]);
});

describe("an app built despite honest errors", () => {
  /** Compiles the controller class `controller` of `members` beside a main.ts that creates the app when asked, and loads it. */
  async function builtApp(name: string, controller: string, members: string) {
    const compiled = compileFixture(name, {
      "src/controller.ts": `${header}\n@Controller()\nexport class ${controller} {${members}}`,
      "src/main.ts": `import { createApp } from "honest";\nexport const start = () => createApp({ log: false });\n`,
    });
    const { start } = await compiled.load<{ start: () => Hono }>("src/main.ts");
    return { compiled, start };
  }

  it("refuses to start, listing the errors, since ts-patch emits the output anyway", async () => {
    const { compiled, start } = await builtApp(
      "refuse-to-start",
      "ItemController",
      `
  @Get("/items/{id}")
  async get(): Promise<StatusCode> { return 200; }
  @Get("/items")
  async list(): Promise<StatusCode> { return 200; }
`,
    );
    expect(compiled.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([HonestCode.PlaceholderMismatch]);
    expect(() => start()).toThrow(
      "honest: this app was built from a program with 1 honest error; fix it and build again:\n" +
        `  ${path.relative(process.cwd(), FIXTURES_ROOT).split(path.sep).join("/")}/refuse-to-start/src/controller.ts(7,9): error TS991009: GET /items/{id} (ItemController.get): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.`,
    );
  });

  it("starts when the program had only warnings", async () => {
    const { compiled, start } = await builtApp(
      "start-with-warnings",
      "SearchController",
      `
  @Get("/search")
  async search(query: Json<{ text: string }>): Promise<StatusCode> { return 204; }
`,
    );
    expect(compiled.diagnostics.map((diagnostic) => diagnostic.category)).toEqual(["warning"]);
    expect((await start().request("/search", { method: "GET" })).status).toBe(415);
  });
});
