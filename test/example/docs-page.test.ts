import { existsSync } from "node:fs";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppOptions } from "honest";
import type { RunningServer } from "honest/node";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { operationsOf } from "../support/example-openapi-document.js";
import { serveForTest } from "../support/http.js";
import { exampleApp } from "../support/example.js";

// docs/guide/openapi-and-clients.md, "Serving the document and the documentation page": the page in a
// real browser (headless Chromium from Debian's packages, driven by
// playwright-core) against a real listening server: it shows every operation
// of the document, under a strict Content-Security-Policy, and nothing it
// loads comes from anywhere but the server. HONEST_SKIP_BROWSER=1 skips it
// (docs/contributing.md, "Working on honest").

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** What a careful app sends: scripts and styles from itself only; Swagger UI's icons are data: images. */
const strictCsp = secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'self'"], imgSrc: ["'self'", "data:"] } });

/** The example's app with the documentation page, as `npm start` serves it. */
async function documentedExample(options: Omit<AppOptions, "controllers">) {
  return exampleApp({ log: false, ...options });
}

describe.skipIf(process.env.HONEST_SKIP_BROWSER === "1")("the documentation page in a browser", () => {
  let browser: Browser;
  let running: RunningServer[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (Debian's package), ` +
          "or set HONEST_SKIP_BROWSER=1 to skip the browser tests",
      );
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(running.map((server) => server.close()));
    running = [];
  });

  async function serve(app: { fetch(request: Request): Response | Promise<Response> }): Promise<string> {
    const server = serveForTest(app);
    running.push(server);
    return `http://127.0.0.1:${(await server.listening).port}`;
  }

  /** Opens `url` in a fresh browser context, recording every request and every console error, and waits for `count` operations. */
  async function open(url: string, count: number): Promise<{ page: Page; requests: string[]; errors: string[] }> {
    const context = await browser.newContext();
    const requests: string[] = [];
    const errors: string[] = [];
    context.on("request", (request) => requests.push(request.url()));
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction((n) => document.querySelectorAll(".opblock").length >= n, count, { timeout: 30_000 });
    return { page, requests, errors };
  }

  /** The example's page at /docs, served at `prefix` (an outer Hono app mounting the app there), open once it shows every operation of the document. */
  async function openDocs(prefix = "") {
    const app = await documentedExample({ openapi: { docs: "/docs" } });
    const base = await serve(prefix === "" ? app : new Hono().route(prefix, app));
    const expected = operationsOf(await (await fetch(`${base}${prefix}/openapi.json`)).text());
    return { base, expected, ...(await open(`${base}${prefix}/docs`, expected.length)) };
  }

  /** The operations the page shows, as `GET /items/{id}`. */
  function operationsShown(page: Page): Promise<string[]> {
    return page.$$eval(".opblock", (blocks) =>
      blocks.map((block) => {
        const method = block.querySelector(".opblock-summary-method")?.textContent ?? "";
        const path = block.querySelector(".opblock-summary-path")?.getAttribute("data-path") ?? "";
        return `${method.trim().toUpperCase()} ${path}`;
      }),
    );
  }

  for (const pagePath of ["/docs", "/docs/"]) {
    it(`shows every operation of the document at ${pagePath}, loading everything from the server, under a strict CSP`, async () => {
      const base = await serve(await documentedExample({ use: [strictCsp], openapi: { docs: "/docs" } }));
      const document = await (await fetch(`${base}/openapi.json`)).text();
      const expected = operationsOf(document);
      expect(expected.length).toBeGreaterThan(0);

      const { page, requests, errors } = await open(base + pagePath, expected.length);
      expect((await operationsShown(page)).sort()).toEqual([...expected].sort());
      expect(errors).toEqual([]); // a script or style the CSP refused would be one
      expect(requests.filter((url) => !url.startsWith(`${base}/`))).toEqual([]);
      expect(requests).toContain(`${base}/openapi.json`);
      await page.context().close();
    });
  }

  it("works under a prefix: an outer Hono app mounting the app at /api", async () => {
    const { base, expected, page, requests, errors } = await openDocs("/api");
    expect((await operationsShown(page)).sort()).toEqual([...expected].sort());
    expect(errors).toEqual([]);
    expect(requests).toContain(`${base}/api/openapi.json`);
    expect(requests.filter((url) => !url.startsWith(`${base}/api/`))).toEqual([]);
    await page.context().close();
  });

  it("talks to the app: Try it out on GET /health shows the app's answer", async () => {
    const { page, errors } = await openDocs();

    const health = page.locator(".opblock", { has: page.locator('.opblock-summary-path[data-path="/health"]') });
    await health.locator(".opblock-summary").click();
    await health.locator(".try-out__btn").click();
    await health.locator(".execute").click();
    const answer = health.locator(".live-responses-table tr.response");
    await answer.waitFor({ timeout: 30_000 });
    expect((await answer.locator(".response-col_status").textContent())?.trim()).toBe("200");
    expect(await answer.locator(".response-col_description").textContent()).toContain('"status": "ok"');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("tells the truth: summaries as plain text, and each error answer's example with its own status and a real type", async () => {
    const { page, errors } = await openDocs();

    const bulk = page.locator(".opblock", { has: page.locator('.opblock-summary-path[data-path="/items/bulk"]') });
    // The doc comment says `x-request-id`; the page shows what OpenAPI's plain-text summary holds.
    expect(await bulk.locator(".opblock-summary-description").textContent()).toBe(
      "Several items at once, all or none: a 201 with the items created, in order; a client's x-request-id is echoed back.",
    );
    await bulk.locator(".opblock-summary").click();
    const example = async (code: string) => {
      const row = bulk.locator("tr.response", { has: page.locator(`td.response-col_status:text-is("${code}")`) });
      return JSON.parse((await row.locator(".example, .microlight").first().textContent()) ?? "null") as Record<string, unknown>;
    };
    for (const [code, status] of [
      ["400", 400],
      ["413", 413],
      ["415", 415],
      ["default", 500],
    ] as const) {
      expect(await example(code)).toMatchObject({ type: "about:blank", status });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
