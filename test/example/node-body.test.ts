import http from "node:http";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningServer } from "honest/node";
import { exampleApp } from "../support/example.js";
import { startSlowRequest, serveForTest } from "../support/http.js";
import { itemCount } from "../support/served-example.js";

// On @hono/node-server, JSON bodies are read straight from Node's request
// (runtime/body/node-incoming.ts) rather than through the Web Request: the same
// checks must hold there, on a real socket, as through app.request.

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(app?: Hono): Promise<string> {
  running = serveForTest(app ?? (await exampleApp()));
  return `http://127.0.0.1:${(await running.listening).port}`;
}

/** A raw POST, so the test chooses the exact bytes and headers. */
function post(
  base: string,
  path: string,
  body: Uint8Array | string,
  headers: http.OutgoingHttpHeaders,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: "POST", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("JSON bodies read from Node's request", () => {
  it("arrive whole when sent in pieces", async () => {
    const base = await start();
    const slow = await startSlowRequest(Number(new URL(base).port), "POST", "/items", '{"name":"ca');
    expect((await slow.finish('ble","price":5,"tags":["usb"]}')).status).toBe(201);
    expect(await (await fetch(`${base}/items/4`)).json()).toMatchObject({ name: "cable", price: 5, tags: ["usb"] });
  });

  it("are refused with 400 when they are not UTF-8, and change nothing", async () => {
    const base = await start();
    const bytes = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('","price":1}')]);
    const answer = await post(base, "/items", bytes, { "content-type": "application/json", "content-length": bytes.length });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toBe("the request body is not valid UTF-8");
    expect(await itemCount(base)).toBe(3);
  });

  it("are refused with 413 by their declared length before they are read", async () => {
    const base = await start();
    const running = serveForTest(await exampleApp({ bodyLimit: 16 }));
    try {
      const small = `http://127.0.0.1:${(await running.listening).port}`;
      const answer = await post(small, "/items", '{"name":"pen","price":2}', { "content-type": "application/json" });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).detail).toBe("the request body is larger than the limit of 16 bytes");
      expect(await itemCount(small)).toBe(3);
    } finally {
      await running.close();
    }
    expect((await post(base, "/items", '{"name":"pen","price":2}', { "content-type": "application/json" })).status).toBe(201);
  });

  it.each(["Application/JSON; charset=utf-8", "application/merge-patch+json"])("take the content type %s", async (contentType) => {
    const base = await start();
    expect((await post(base, "/items", '{"name":"pen","price":2}', { "content-type": contentType })).status).toBe(201);
  });

  it("answer 415 for another content type, or none", async () => {
    const base = await start();
    expect((await post(base, "/items", '{"name":"pen","price":2}', { "content-type": "text/plain" })).status).toBe(415);
    expect((await post(base, "/items", '{"name":"pen","price":2}', {})).status).toBe(415);
    expect(await itemCount(base)).toBe(3);
  });

  it("are still checked after a middleware in front of the app has read them", async () => {
    const seen: unknown[] = [];
    const front = new Hono();
    front.use(async (c, next) => {
      if (c.req.method === "POST") seen.push(await c.req.json());
      await next();
    });
    front.route("/", await exampleApp());
    const base = await start(front);
    expect((await post(base, "/items", '{"name":"pen","price":2}', { "content-type": "application/json" })).status).toBe(201);
    expect((await post(base, "/items", '{"name":"pen","price":"2"}', { "content-type": "application/json" })).status).toBe(400);
    expect(seen).toEqual([
      { name: "pen", price: 2 },
      { name: "pen", price: "2" },
    ]);
    expect(await itemCount(base)).toBe(4);
  });
});
