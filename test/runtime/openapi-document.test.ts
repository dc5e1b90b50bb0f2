import { bearerAuth } from "hono/bearer-auth";
import { cors } from "hono/cors";
import { describe, expect, it } from "vitest";
import { EXAMPLE_OPENAPI_DOCUMENT } from "../support/example-openapi-document.js";
import { problemOf } from "../support/example.js";
import { appServingDocument, withoutBuiltinModules } from "../support/openapi-app.js";

// docs/guide/openapi-and-clients.md, "Serving the document and the documentation page": createApp({ openapi })
// answers GET and HEAD on the document's path with the JSON text the build
// compiled into the call, behind the app's middleware.

describe("createApp({ openapi }) serving the OpenAPI document", () => {
  it("answers GET /openapi.json with the document as it was built, as application/json, by default", async () => {
    const response = await appServingDocument({ openapi: {} }).request("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(EXAMPLE_OPENAPI_DOCUMENT)));
    expect(await response.text()).toBe(EXAMPLE_OPENAPI_DOCUMENT);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const response = await appServingDocument({ openapi: {} }).request("/openapi.json", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(EXAMPLE_OPENAPI_DOCUMENT)));
    expect(await response.text()).toBe("");
  });

  it("keeps non-ASCII text intact, its length counted in bytes", async () => {
    const document = JSON.stringify({ openapi: "3.1.0", info: { title: "Café ☕ 𝄞", version: "1" }, paths: {} });
    const response = await appServingDocument({ openapi: {} }, { document }).request("/openapi.json");
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(document)));
    expect(await response.text()).toBe(document);
  });

  it("serves it at `path` when given, and nowhere else", async () => {
    const app = appServingDocument({ openapi: { path: "/api/v1/openapi.json" } });
    expect(await (await app.request("/api/v1/openapi.json")).text()).toBe(EXAMPLE_OPENAPI_DOCUMENT);
    const elsewhere = await app.request("/openapi.json");
    expect(elsewhere.status).toBe(404);
    expect((await problemOf(elsewhere)).detail).toBe("no route matches GET /openapi.json");
  });

  it("answers another method with 405 and Allow: GET, HEAD", async () => {
    const response = await appServingDocument({ openapi: {} }).request("/openapi.json", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect((await problemOf(response)).detail).toBe("POST is not allowed on /openapi.json; allowed: GET, HEAD");
  });

  it("runs the app's middleware first: auth can refuse it, CORS adds its headers", async () => {
    const app = appServingDocument({ use: [cors(), bearerAuth({ token: "secret" })], openapi: {} });
    const refused = await app.request("/openapi.json");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = await app.request("/openapi.json", { headers: { authorization: "Bearer secret" } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("*");
    expect(await allowed.text()).toBe(EXAMPLE_OPENAPI_DOCUMENT);
  });

  it("needs no filesystem: a runtime without process.getBuiltinModule serves it too", async () => {
    const app = withoutBuiltinModules(() => appServingDocument({ openapi: { path: "/openapi.json" } }));
    expect(await (await app.request("/openapi.json")).text()).toBe(EXAMPLE_OPENAPI_DOCUMENT);
  });
});
