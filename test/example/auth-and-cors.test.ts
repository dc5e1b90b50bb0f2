import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Hono } from "hono";
import { exampleApp, exampleModule, problemOf } from "../support/example.js";
import { serveExample } from "../support/served-example.js";

// What the example adds over the reference routes: CORS for every route and
// for honest's 404/405, POST /session's Secret<T> password, GET /me through
// the CurrentUser resolver (its tokens loaded by TokenService.init()), and
// GET /admin/stats behind bearerAuth.

let app: Hono;
beforeAll(async () => {
  app = await exampleApp();
});

describe("POST /session: a Secret<T> password for the bearer token", () => {
  const signIn = (body: unknown) =>
    app.request("/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("answers a demo user's token for their name and password, which GET /me then takes", async () => {
    const response = await signIn({ name: "ada", password: "analytical-engine" });
    expect(response.status).toBe(201);
    const { token } = (await response.json()) as { token: string };
    expect(token).toBe("ada-token");
    expect(await (await app.request("/me", { headers: { authorization: `Bearer ${token}` } })).json()).toEqual({ id: 1, name: "ada" });
  });

  it("answers 401 when the name and password do not match", async () => {
    const response = await signIn({ name: "ada", password: "difference-engine" });
    expect(response.status).toBe(401);
    expect((await problemOf(response)).detail).toBe("no user has this name and password");
  });

  it("refuses a password that fails its type with a 400 that never shows it", async () => {
    const response = await signIn({ name: "grace", password: "cobol" });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text).errors).toEqual([
      { path: "$.password", expected: "string of at least 8 characters", got: "a secret string (not shown)" },
    ]);
    expect(text).not.toContain("cobol");
  });
});

describe("GET /me: the CurrentUser resolver", () => {
  it("answers the user a bearer token belongs to", async () => {
    const response = await app.request("/me", { headers: { authorization: "Bearer grace-token" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 2, name: "grace" });
  });

  it("answers 401 without a token, or with one nobody holds", async () => {
    for (const headers of [{}, { authorization: "Bearer nope" }, { authorization: "Basic YWRhOg==" }] as Record<string, string>[]) {
      const response = await app.request("/me", { headers });
      expect(response.status).toBe(401);
      expect((await problemOf(response)).detail).toBe("sign in: send Authorization: Bearer <token>");
    }
  });

  it("can be replaced by a provider in tests: signed in without a token", async () => {
    const { CurrentUser } = await exampleModule<{ CurrentUser: new () => object }>("auth/current-user.js");
    const signedIn = await exampleApp({ providers: [[CurrentUser, { resolve: () => ({ id: 9n, name: "test" }) }]] });
    expect(await (await signedIn.request("/me")).json()).toEqual({ id: 9, name: "test" });
  });

  it("is called without await, so a replacement must be synchronous too: an async one is refused at startup, naming the fix", async () => {
    const { CurrentUser } = await exampleModule<{ CurrentUser: new () => object }>("auth/current-user.js");
    const asyncDouble = { resolve: async () => ({ id: 9n, name: "test" }) };
    await expect(exampleApp({ log: false, providers: [[CurrentUser, asyncDouble]] })).rejects.toThrow(
      "honest: the provider of CurrentUser has an async resolve(); CurrentUser.resolve returns no promise, so routes call it without await: " +
        "give the replacement a synchronous resolve (`resolve: () => user`), or declare CurrentUser.resolve async.",
    );
    const promising = { resolve: () => Promise.resolve({ id: 9n, name: "test" }) };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const app = await exampleApp({ log: false, providers: [[CurrentUser, promising]] });
      const response = await app.request("/me");
      expect(response.status).toBe(500);
      expect(String(errors.mock.calls.flat().join(" "))).toContain("the provider of CurrentUser answered resolve() with a promise");
    } finally {
      errors.mockRestore();
    }
  });
});

describe("GET /admin/stats: @Use(bearerAuth) on the controller", () => {
  it("refuses without the admin token: 401 with WWW-Authenticate", async () => {
    const response = await app.request("/admin/stats");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await app.request("/admin/stats", { headers: { authorization: "Bearer ada-token" } })).status).toBe(401);
  });

  it("answers with it", async () => {
    const response = await app.request("/admin/stats", { headers: { authorization: "Bearer admin-secret" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: 3 });
  });
});

describe("CORS for every route, over a real socket", () => {
  const example = serveExample();

  it("on answers, errors included", async () => {
    for (const [path, status] of [
      ["/items/1", 200],
      ["/items/abc", 400],
      ["/nowhere", 404],
      ["/me", 401],
    ] as const) {
      const response = await fetch(`${example.base}${path}`, { headers: { origin: "https://ui.example" } });
      expect(response.status, path).toBe(status);
      expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
    }
  });

  it("a preflight for a route is a 204 with the allowed methods, not a 405", async () => {
    const response = await fetch(`${example.base}/items/1`, {
      method: "OPTIONS",
      headers: { origin: "https://ui.example", "access-control-request-method": "DELETE" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toContain("DELETE");
  });

  it("the signed-in user over the socket: TokenService.init() ran before the server listened", async () => {
    const response = await fetch(`${example.base}/me`, { headers: { authorization: "Bearer ada-token" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 1, name: "ada" });
  });
});
