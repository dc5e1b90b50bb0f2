import { createApp } from "honest";
import { cors as honestCors } from "honest/internal";
import type { RunningServer } from "honest/node";
import type { MiddlewareHandler } from "hono";
import { cors as honoCors } from "hono/cors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleModule } from "../support/example.js";
import { serveForTest } from "../support/http.js";

// hono/cors's `cors(...)` in createApp's options or @Use becomes honest's own
// (docs/guide/middleware.md, "How honest runs hono/cors"): on a real socket,
// every answer must be the one Hono's middleware gives, headers, status and
// body, for each kind of options and each kind of answer (a route, an error a
// handler or resolver throws, a middleware's refusal, 404, 405, a preflight).

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
const REQUESTS: readonly (readonly [string, string, Record<string, string>?])[] = [
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

/** What the client sees of an answer, but the date. */
async function seen(base: string, [method, path, headers]: (typeof REQUESTS)[number]) {
  const response = await fetch(`${base}${path}`, { method, headers, body: method === "POST" ? '{"name":"pen","price":2}' : undefined });
  const shown = [...response.headers].filter(([name]) => name !== "date");
  return { status: response.status, headers: shown, body: await response.text() };
}

const controllerPaths = ["home.controller.js", "items/item.controller.js", "users/me.controller.js", "admin/admin.controller.js"];

async function served(use: MiddlewareHandler): Promise<RunningServer> {
  const modules = await Promise.all(controllerPaths.map((each) => exampleModule<Record<string, Function>>(each)));
  const controllers = modules.flatMap((module) =>
    Object.values(module).filter((value) => typeof value === "function" && /Controller$/.test(value.name)),
  );
  return serveForTest(createApp({ controllers, use: [use], log: false }));
}

describe.each(Object.entries(OPTIONS))("honest's cors() with %s", (_name, options) => {
  const bases: { hono?: string; honest?: string } = {};
  const running: RunningServer[] = [];
  beforeAll(async () => {
    for (const [key, use] of [
      ["hono", honoCors(options)],
      ["honest", honestCors(options)],
    ] as const) {
      const server = await served(use);
      running.push(server);
      bases[key] = `http://127.0.0.1:${(await server.listening).port}`;
    }
  });
  afterAll(() => Promise.all(running.map((server) => server.close())));

  it("answers every request as hono/cors does", async () => {
    for (const request of REQUESTS) {
      const [hono, honest] = [await seen(bases.hono!, request), await seen(bases.honest!, request)];
      expect(honest, `${request[0]} ${request[1]} ${JSON.stringify(request[2] ?? {})}`).toEqual(hono);
    }
  });
});
