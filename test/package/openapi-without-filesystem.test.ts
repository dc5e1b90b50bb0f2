import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { build } from "esbuild";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "../support/commands.js";
import { EXAMPLE_OPENAPI_DOCUMENT } from "../support/example-openapi-document.js";

// docs/guide/openapi-and-clients.md, "Serving the document and the documentation page": on a runtime
// with no filesystem (Cloudflare's workerd without nodejs_compat), the
// document is served, and asking for the page fails when the app is built,
// saying why. An app built with honest is bundled for the browser platform
// (no Node built-ins) and run in a V8 context that has the Web globals a
// Hono runtime gives (fetch's classes, TextEncoder, timers, Web Crypto, which
// makes request ids: docs/guide/logs-and-traces.md, "Request ids") and none of
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
    crypto,
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

// The same page asked for by an app that bundled honest into itself, run by
// Node: Swagger UI's files, from the swagger-ui-dist package, are not in the
// bundle. As an ES module the bundle cannot say where honest is, so asking
// for the page fails when the app is built, saying to keep honest out of the
// bundle; as CommonJS it looks for swagger-ui-dist from the bundle's folder,
// and says to install it there.
describe("createApp({ openapi: { docs } }) from an app that bundled honest, run by Node", () => {
  const ATTEMPT = `${ENTRY}
try {
  appServing({ docs: "/docs" }, "{}");
  console.log("built");
} catch (error) {
  console.log(error.message);
}
`;

  async function bundledMessage(format: "esm" | "cjs"): Promise<string> {
    const folder = mkdtempSync(path.join(os.tmpdir(), "honest-bundled-"));
    try {
      const outfile = path.join(folder, format === "esm" ? "app.mjs" : "app.cjs");
      await build({
        stdin: { contents: ATTEMPT, resolveDir: root, loader: "js" },
        bundle: true,
        platform: "node",
        format,
        outfile,
        logLevel: "silent",
      });
      const result = run("node", [outfile], folder);
      expect(result.status, result.output).toBe(0);
      return result.stdout.trim();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it("as an ES module, it cannot tell where honest is: keep honest out of the bundle", async () => {
    expect(await bundledMessage("esm")).toBe(
      "honest: createApp({ openapi: { docs } }) cannot tell where honest is installed, so it cannot find the swagger-ui-dist " +
        "package beside it (honest was bundled into an ES module). Keep honest out of the bundle " +
        "(esbuild --packages=external, or --external:honest) and install it with the app.",
    );
  });

  it("as CommonJS, no swagger-ui-dist is installed beside the bundle: install it", async () => {
    expect(await bundledMessage("cjs")).toBe(
      "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from the swagger-ui-dist package, an optional peer " +
        "dependency of honest's, which is not installed; install it with: npm install swagger-ui-dist@5",
    );
  });
});
