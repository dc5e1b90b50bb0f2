import path from "node:path";
import vm from "node:vm";
import { build } from "esbuild";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_OPENAPI_DOCUMENT } from "../support/example-openapi-document.js";

// README, "Serving the document and the documentation page": on a runtime
// with no filesystem (Cloudflare's workerd without nodejs_compat), the
// document is served, and asking for the page fails when the app is built,
// saying why. An app built with honest is bundled for the browser platform
// (no Node built-ins) and run in a V8 context that has the Web globals a
// Hono runtime gives (fetch's classes, TextEncoder, timers) and none of
// Node's: no process, no require, no __filename.

const root = path.resolve(import.meta.dirname, "../..");
const ENTRY = `
import { createDiscoveredApp } from "honest/internal";
export function appServing(openapi, document) {
  return createDiscoveredApp([], { log: false, openapi }, { openapi: document });
}
`;

type AppServing = (openapi: { path?: string; docs?: string }, document: string) => Hono;
let appServing: AppServing;

beforeAll(async () => {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: "js" },
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "bundled",
    write: false,
    logLevel: "silent",
  });
  const webGlobals = {
    Request,
    Response,
    Headers,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    ReadableStream,
    console,
    setTimeout,
    clearTimeout,
  };
  const context = vm.createContext({ ...webGlobals });
  vm.runInContext(result.outputFiles[0]!.text, context);
  expect(vm.runInContext("typeof process + ' ' + typeof require + ' ' + typeof __filename", context)).toBe("undefined undefined undefined");
  appServing = (context.bundled as { appServing: AppServing }).appServing;
});

describe("createApp({ openapi }) on a runtime without a filesystem", () => {
  it("serves the document", async () => {
    const response = await appServing({ path: "/openapi.json" }, EXAMPLE_OPENAPI_DOCUMENT).request("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe(EXAMPLE_OPENAPI_DOCUMENT);
  });

  it("refuses docs when the app is built, saying that openapi.path alone works there", () => {
    expect(() => appServing({ docs: "/docs" }, EXAMPLE_OPENAPI_DOCUMENT)).toThrow(
      "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from the swagger-ui-dist package on disk, and this runtime " +
        "gives no filesystem (no process.getBuiltinModule, which Node, Bun and Deno have). Leave docs out here: " +
        "openapi.path alone serves the document on every runtime, and any Swagger UI can be pointed at it.",
    );
  });
});
