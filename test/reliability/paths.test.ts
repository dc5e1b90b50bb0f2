import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { exampleApp, problemOf } from "../support/example.js";
import { rawBody, rawExchange, requestBytes } from "../support/raw-socket.js";
import { serveExample } from "../support/served-example.js";
import { problem } from "../support/problem.js";

// Paths as an attacker writes them. Every escape is decoded exactly once,
// broken escapes are a 400 (never a half-decoded string handed to a
// handler), and paths that differ only in case or slashes are other paths.

let app: Hono;
const example = serveExample();
beforeAll(async () => {
  app = await exampleApp();
});

/** The tags the example's GET /items/tagged/{tag} route received, by the items it found. */
async function taggedWith(tag: string): Promise<unknown[]> {
  const response = await app.request(`/items/tagged/${tag}`);
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

describe("percent-encoding", () => {
  it.each(["%E0%A4%A", "%FF", "%zz", "%", "abc%", "%C0%AF", "%ED%A0%80"])("%s is a 400 naming the path, on any route", async (broken) => {
    for (const path of [`/items/tagged/${broken}`, `/items/${broken}`, `/nowhere/${broken}`]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(400);
      expect((await problemOf(response)).detail, path).toBe(`the request path is not valid percent-encoding: ${path}`);
    }
  });

  it("a broken escape in the query does not matter to the path", async () => {
    expect((await app.request("/items/1?q=%FF")).status).toBe(200);
  });

  it("valid escapes are decoded once: %20 is a space, %2520 stays %20", async () => {
    const created = await app.request("/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "odd tags", price: 1, tags: ["a b", "a%20b", "a/b", "é"] }),
    });
    expect(created.status).toBe(201);
    expect(await taggedWith("a%20b")).toHaveLength(1);
    expect(await taggedWith("a%2520b")).toHaveLength(1);
    expect(await taggedWith("%C3%A9")).toHaveLength(1);
    const none = await taggedWith("a%252520b"); // "a%2520b" once decoded: no such tag
    expect(none).toHaveLength(0);
  });

  it("%2F stays inside one parameter", async () => {
    expect(await taggedWith("a%2Fb")).toHaveLength(1);
    expect((await app.request("/items/tagged/a/b")).status).toBe(404);
  });

  it("an escaped digit is still a digit for an i64 parameter", async () => {
    expect((await app.request("/items/%31")).status).toBe(200);
  });
});

describe("dot segments", () => {
  // A gateway that authorises by path prefix sees /items/… where a URL parser
  // would serve /health: such paths are refused, never resolved.
  it.each([
    ["/x/../health", "/x/../health"],
    ["/items/%2e%2e/health", "/items/%2e%2e/health"],
    ["/items/%2E%2E/health", "/items/%2E%2E/health"],
    ["/items/.%2e/health", "/items/.%2e/health"],
    ["/items/./1", "/items/./1"],
    ["/items/%2e/1", "/items/%2e/1"],
    ["/items/1/..", "/items/1/.."],
    ["/items/1/.?x=1", "/items/1/."],
    ["/..", "/.."],
  ])("%s is a 400 on a socket, naming the path as sent", async (target, shown) => {
    const exchange = await rawExchange(example.port, requestBytes("GET", target, { connection: "close" }));
    const answer = await exchange.answer();
    exchange.socket.destroy();
    expect(answer.status, target).toBe(400);
    expect(JSON.parse(rawBody(answer)), target).toEqual(
      problem(400, "Bad Request", `the request path has a "." or ".." segment, which honest does not resolve: ${shown}`),
    );
  });

  it("an absolute-form target is checked the same", async () => {
    const exchange = await rawExchange(example.port, requestBytes("GET", "http://127.0.0.1/items/../health", { connection: "close" }));
    const answer = await exchange.answer();
    exchange.socket.destroy();
    expect(answer.status).toBe(400);
  });

  it("dots inside a segment, in the query or in a leading dot of a name are not dot segments", async () => {
    for (const [target, status] of [
      ["/items/tagged/..a", 200],
      ["/items/tagged/a..", 200],
      ["/items/tagged/...", 200],
      ["/items/tagged/%2e%2e%2e", 200],
      ["/items/1?next=/../health", 200],
      ["/.well-known/x", 404],
    ] as const) {
      const exchange = await rawExchange(example.port, requestBytes("GET", target, { connection: "close" }));
      const answer = await exchange.answer();
      exchange.socket.destroy();
      expect(answer.status, target).toBe(status);
    }
  });

  it("a URL whose dot segments reach the app unresolved is refused in process too", async () => {
    // Request objects resolve dot segments; a runtime that hands the app a URL as written does not.
    class UnresolvedRequest extends Request {
      override get url() {
        return "http://localhost/items/%2e%2e/health";
      }
    }
    const response = await app.fetch(new UnresolvedRequest("http://localhost/health"));
    expect(response.status).toBe(400);
    expect((await problemOf(response)).detail).toBe(
      `the request path has a "." or ".." segment, which honest does not resolve: /items/%2e%2e/health`,
    );
  });
});

describe("case and slashes", () => {
  it.each(["//items/1", "/items/1/", "/ITEMS/1", "/Items/1", "/items//1", "/items/1//"])("%s is a 404 problem", async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(404);
    expect((await problemOf(response)).detail).toBe(`no route matches GET ${path}`);
  });

  it("the same paths on a socket answer the same", async () => {
    for (const path of ["//items/1", "/items/1/", "/ITEMS/1"]) {
      const exchange = await rawExchange(example.port, requestBytes("GET", path, { connection: "close" }));
      const answer = await exchange.answer();
      exchange.socket.destroy();
      expect(answer.status, path).toBe(404);
    }
  });
});

describe("long paths", () => {
  it("a 10 KB parameter is answered, not matched character by character", async () => {
    const long = "9".repeat(10_000);
    const response = await app.request(`/items/${long}`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).detail).toBe(
      `path parameter "id" must be a 64-bit integer: decimal digits with an optional '-', from -9223372036854775808 to 9223372036854775807; got "${"9".repeat(64)}…"`,
    );
    expect(await taggedWith("x".repeat(10_000))).toEqual([]);
  });

  it("a request line over Node's 16 KiB header limit is refused with 431 on a socket", async () => {
    const exchange = await rawExchange(example.port, requestBytes("GET", `/items/tagged/${"x".repeat(20_000)}`, {}));
    const answer = await exchange.answer();
    exchange.socket.destroy();
    expect(answer.status).toBe(431);
    expect((await fetch(`${example.base}/health`)).status).toBe(200);
  });
});
