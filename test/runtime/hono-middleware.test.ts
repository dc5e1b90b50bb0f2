import { createApp } from "honest";
import { bearerAuth as honestBearerAuth, cors as honestCors } from "honest/internal";
import type { RunningServer } from "honest/node";
import type { MiddlewareHandler } from "hono";
import { bearerAuth as honoBearerAuth } from "hono/bearer-auth";
import { cors as honoCors } from "hono/cors";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleModule } from "../support/example.js";
import { serveForTest } from "../support/http.js";

// hono/cors's `cors(...)` and hono/bearer-auth's `bearerAuth(...)` in
// createApp's options or @Use become honest's own (docs/guide/middleware.md,
// "How honest runs hono/cors and bearerAuth"): on a real socket, every answer
// must be the one Hono's middleware gives, headers, status and body, for each
// kind of options and each kind of answer (a route, an error a handler or
// resolver throws, a middleware's refusal, 404, 405, a preflight, every way a
// bearer token can be wrong).

type CorsOptions = Parameters<typeof honoCors>[0];

const OPTIONS: Record<string, CorsOptions> = {
  defaults: undefined,
  "credentials and exposed headers": { credentials: true, exposeHeaders: ["x-total", "x-page"] },
  "allowed headers, methods and max age": { allowHeaders: ["x-key"], allowMethods: ["GET", "POST"], maxAge: 600 },
  "one origin": { origin: "https://app.example" },
  "a list of origins": { origin: ["https://app.example", "https://admin.example"], credentials: true },
  "an origin function": { origin: (origin) => (origin.endsWith(".example") ? origin : null) },
};

const ORIGIN = { origin: "https://app.example" };
const REQUESTS: readonly Sent[] = [
  ["GET", "/health"],
  ["GET", "/health", ORIGIN],
  ["GET", "/health", { origin: "https://elsewhere.test" }],
  ["HEAD", "/health", ORIGIN],
  ["GET", "/items/abc", ORIGIN],
  ["GET", "/me", ORIGIN],
  ["GET", "/me", { ...ORIGIN, authorization: "Bearer ada-token" }],
  ["GET", "/admin/stats", ORIGIN],
  ["GET", "/nowhere", ORIGIN],
  ["DELETE", "/health", ORIGIN],
  ["POST", "/items", { ...ORIGIN, "content-type": "application/json" }],
  ["OPTIONS", "/items", { ...ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type, x-key" }],
  ["OPTIONS", "/items/1"],
];

type Sent = readonly [method: string, path: string, headers?: Record<string, string | string[]>];

/** What the client sees of an answer, but the date; node:http, which can send a header twice. */
function seen(base: string, [method, path, headers]: Sent): Promise<{ status: number; headers: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        const shown = response.rawHeaders.flatMap((name, index) =>
          index % 2 === 0 && !["date", "connection", "keep-alive"].includes(name.toLowerCase())
            ? [`${name.toLowerCase()}: ${response.rawHeaders[index + 1]}`]
            : [],
        );
        resolve({ status: response.statusCode!, headers: shown.sort(), body });
      });
    });
    request.on("error", reject);
    request.end(method === "POST" ? '{"name":"pen","price":2}' : undefined);
  });
}

const controllerPaths = ["home.controller.js", "items/item.controller.js", "users/me.controller.js", "admin/admin.controller.js"];

async function served(use: MiddlewareHandler): Promise<RunningServer> {
  const modules = await Promise.all(controllerPaths.map((each) => exampleModule<Record<string, Function>>(each)));
  const controllers = modules.flatMap((module) =>
    Object.values(module).filter((value) => typeof value === "function" && /Controller$/.test(value.name)),
  );
  // The items in memory, each app its own seeded copy: the middleware is what differs, and PGlite took 2 s to open per app.
  const [{ ItemStore }, { MemoryItemStore }] = await Promise.all([
    exampleModule<{ ItemStore: abstract new () => object }>("items/item-store.js"),
    exampleModule<{ MemoryItemStore: new () => object }>("items/memory-item-store.js"),
  ]);
  const providers = [[ItemStore, new MemoryItemStore()] as const];
  // One request id for every answer of both, so that the two answers compare whole.
  return serveForTest(createApp({ controllers, providers, use: [use], log: false, requestId: { generate: () => "same-id" } }));
}

/** Serves Hono's middleware and honest's, each alone in front of the example's routes, for the tests of one describe block. */
function servedSideBySide(hono: () => MiddlewareHandler, honest: () => MiddlewareHandler) {
  const bases: { hono?: string; honest?: string } = {};
  const running: RunningServer[] = [];
  beforeAll(async () => {
    for (const [key, use] of [
      ["hono", hono()],
      ["honest", honest()],
    ] as const) {
      const server = await served(use);
      running.push(server);
      bases[key] = `http://127.0.0.1:${(await server.listening).port}`;
    }
  });
  afterAll(() => Promise.all(running.map((server) => server.close())));
  return async (requests: readonly Sent[]) => {
    for (const request of requests) {
      const [hono, honest] = [await seen(bases.hono!, request), await seen(bases.honest!, request)];
      expect(honest, `${request[0]} ${request[1]} ${JSON.stringify(request[2] ?? {})}`).toEqual(hono);
    }
  };
}

describe.each(Object.entries(OPTIONS))("honest's cors() with %s", (_name, options) => {
  const compare = servedSideBySide(
    () => honoCors(options),
    () => honestCors(options),
  );
  it("answers every request as hono/cors does", () => compare(REQUESTS));
});

type BearerOptions = Parameters<typeof honoBearerAuth>[0];

const BEARER_OPTIONS: Record<string, () => BearerOptions> = {
  "one token": () => ({ token: "s3cret-token" }),
  "a list of tokens": () => ({ token: ["first-token", "s3cret-token"] }),
  "its own prefix and realm": () => ({ token: "s3cret-token", prefix: "Token", realm: 'api "v1"' }),
  "its own header, no prefix": () => ({ token: "s3cret-token", headerName: "X-Api-Key", prefix: "" }),
  "verifyToken (Hono's own, then)": () => ({ verifyToken: async (token: string) => token === "s3cret-token" }),
};

/** Every way the token can be right or wrong, for each header the options may read. */
function bearerRequests(): Sent[] {
  const requests: Sent[] = [["GET", "/health"]];
  for (const header of ["authorization", "x-api-key"]) {
    for (const value of [
      "Bearer s3cret-token",
      "bearer s3cret-token",
      "Bearer    s3cret-token",
      "Token s3cret-token",
      "s3cret-token",
      "Bearer first-token",
      "Bearer s3cret-tokeN",
      "Bearer s3cret-token ",
      "Bearer s3cret token",
      "Bearer",
      "Bearer ",
      "Bearers3cret-token",
      "Bearer s3cret-token==",
    ]) {
      requests.push(["GET", "/health", { [header]: value }], ["GET", "/nowhere", { [header]: value }]);
    }
    requests.push(["GET", "/health", { [header]: ["Bearer s3cret-token", "Bearer s3cret-token"] }]);
    requests.push(["GET", "/health", { [header]: ["s3cret-token", "s3cret-token"] }]);
  }
  return requests;
}

describe.each(Object.entries(BEARER_OPTIONS))("honest's bearerAuth() with %s", (_name, options) => {
  const compare = servedSideBySide(
    () => honoBearerAuth(options()),
    () => honestBearerAuth(options()),
  );
  it("lets through and refuses exactly what hono/bearer-auth does", () => compare(bearerRequests()));
});
