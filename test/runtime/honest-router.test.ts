import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { HonestRouter } from "../../runtime/routing/honest-router.js";
import { exampleApp } from "../support/example.js";

// HonestRouter must answer exactly as Hono's TrieRouter does for the routes
// createApp registers, and hand everything else to a TrieRouter.

type Route = readonly [method: string, path: string];

/** Each route's handler is its index; a match is the list of [handler, params]. */
function routers(routes: readonly Route[]) {
  const honest = new HonestRouter<number>();
  const trie = new TrieRouter<number>();
  routes.forEach(([method, path], index) => {
    honest.add(method, path, index);
    trie.add(method, path, index);
  });
  return { honest, trie };
}

/** The winner (first handler) and its params, as Hono's dispatch would use them. */
function winner(router: HonestRouter<number> | TrieRouter<number>, method: string, path: string) {
  const [handlers] = router.match(method, path) as [[number, Record<string, string>][]];
  const first = handlers[0];
  return first ? { handler: first[0], params: { ...first[1] } } : undefined;
}

const EXAMPLE: Route[] = [
  ["GET", "/"],
  ["GET", "/health"],
  ["GET", "/items"],
  ["POST", "/items"],
  ["GET", "/api/todos"],
  ["GET", "/items/:id"],
  ["PUT", "/items/:id"],
  ["DELETE", "/items/:id"],
  ["GET", "/items/tagged/:tag"],
  ["GET", "/items/:id/quote/:quantity"],
  ["GET", "/users/:user_id/posts/:post_id"],
  ["GET", "/items/:id/:id"],
  ["GET", "/a/:x/c"],
  ["GET", "/a/b/:y"],
  ["GET", "/a/b/c"],
];

const PATHS = [
  "/",
  "//",
  "/health",
  "/health/",
  "/Health",
  "/items",
  "/items/",
  "/items/42",
  "/items/42/",
  "//items/42",
  "/items/",
  "/items/tagged",
  "/items/tagged/usb",
  "/items/tagged/",
  "/items/7/quote/2.5",
  "/items/7/quote/",
  "/items/%2F/quote/1",
  "/users/1/posts/2",
  "/users//posts/2",
  "/items/1/2",
  "/a/b/c",
  "/a/z/c",
  "/a/b/z",
  "/api/todos",
  "/nowhere",
  "",
];

describe("HonestRouter", () => {
  it.each(["GET", "POST", "PUT", "DELETE", "PATCH", "FOO"])("answers %s requests as TrieRouter does", (method) => {
    const { honest, trie } = routers(EXAMPLE);
    for (const path of PATHS) expect([path, winner(honest, method, path)]).toEqual([path, winner(trie, method, path)]);
  });

  it("lets the route registered first win where several match", () => {
    const { honest } = routers([
      ["GET", "/a/:x/c"],
      ["GET", "/a/b/:y"],
      ["GET", "/a/b/c"],
    ]);
    expect(winner(honest, "GET", "/a/b/c")).toEqual({ handler: 0, params: { x: "b" } });
    expect(winner(honest, "GET", "/a/b/d")).toEqual({ handler: 1, params: { y: "d" } });
  });

  it("keeps a static path for the route with placeholders registered before it", () => {
    const { honest, trie } = routers([
      ["GET", "/items/:id"],
      ["GET", "/items/special"],
    ]);
    expect(winner(honest, "GET", "/items/special")).toEqual({ handler: 0, params: { id: "special" } });
    expect(winner(honest, "GET", "/items/special")).toEqual(winner(trie, "GET", "/items/special"));
  });

  it("returns the same result for a static path every time, built once", () => {
    const { honest } = routers(EXAMPLE);
    expect(honest.match("GET", "/health")).toBe(honest.match("GET", "/health"));
  });

  it.each([
    ["middleware", "ALL", "*"],
    ["a wildcard", "GET", "/files/*"],
    ["a pattern", "GET", "/posts/:id{[0-9]+}"],
    ["an optional placeholder", "GET", "/pages/:page?"],
  ])("hands every route to a TrieRouter once %s is added", (_kind, method, path) => {
    const { honest, trie } = routers([...EXAMPLE, [method, path]]);
    for (const candidate of [...PATHS, "/files/a/b", "/posts/12", "/posts/x", "/pages", "/pages/2"]) {
      expect(honest.match("GET", candidate)).toEqual(trie.match("GET", candidate));
    }
    honest.add("GET", "/later/:id", 99);
    trie.add("GET", "/later/:id", 99);
    expect(honest.match("GET", "/later/1")).toEqual(trie.match("GET", "/later/1"));
    expect(JSON.stringify(honest.match("GET", "/later/1"))).toContain('[99,{"id":"1"}]');
  });
});

describe("an app createApp built", () => {
  it("answers through Hono with decoded parameters and HEAD for GET", async () => {
    const app = await exampleApp();
    app.get("/hello/:name", (c) => c.text(`hello ${c.req.param("name")}`));
    expect(await (await app.request("/hello/ada%20lovelace")).text()).toBe("hello ada lovelace");
    expect((await app.request("/items/1", { method: "HEAD" })).status).toBe(200);
    expect((await app.request("/items/1/")).status).toBe(404);
    expect((await app.request("//items/1")).status).toBe(404);
  });

  it("still runs routes a user adds to it, and middleware in front of it when mounted", async () => {
    const app = await exampleApp();
    app.get("/extra/:name", (c) => c.text(`hello ${c.req.param("name")}`));
    expect(await (await app.request("/extra/ada")).text()).toBe("hello ada");
    expect((await app.request("/items/1")).status).toBe(200);
    const seen: string[] = [];
    const outer = new Hono();
    outer.use("*", async (c, next) => {
      seen.push(`outer ${c.req.path}`);
      await next();
    });
    outer.route("/v1", app);
    expect((await outer.request("/v1/items/2")).status).toBe(200);
    expect(seen).toContain("outer /v1/items/2");
  });
});
