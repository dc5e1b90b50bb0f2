import type { RunningServer } from "honest/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createSockets } from "../../example/client/api.js";
import { exampleApp } from "../support/example.js";
import { serveForTest } from "../support/http.js";
import { openSocket } from "../support/socket-client.js";

// docs/guide/websockets.md, "WebSocket routes": the example's chat
// (example/src/chat), served by honest/node's serve, over real sockets:
// posts with ids beyond 2^53 to everyone connected, a bad message refused,
// the upgrade refused without the bearer token; and through its client.

let server: RunningServer;
let base: string;
let http: string;

beforeAll(async () => {
  server = serveForTest(await exampleApp({ log: false }));
  const { port } = await server.listening;
  http = `http://127.0.0.1:${port}`;
  base = `ws://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
});

describe("the example's chat", () => {
  it("sends each post to everyone connected, with an id beyond 2^53, and refuses a bad message to its sender only", async () => {
    const ada = await openSocket(`${base}/chat`, { authorization: "Bearer ada-token" });
    const grace = await openSocket(`${base}/chat`, { authorization: "Bearer grace-token" });
    ada.send('{"text":"hello"}');
    const post = await ada.next();
    expect(await grace.next()).toBe(post);
    expect(post).toMatch(/^\{"id":9007199254740993,"from":"ada","text":"hello"\}$/);
    grace.send(`{"text":"${"x".repeat(501)}"}`);
    expect(await grace.nextJson()).toMatchObject({ type: "urn:honest:message-refused", errors: [{ path: "$.text" }] });
    grace.send('{"text":"sorry"}');
    expect(JSON.parse(await ada.next())).toMatchObject({ from: "grace", text: "sorry" });
    ada.ws.close();
    grace.ws.close();
  });

  it("refuses the upgrade without the bearer token with a 401 problem document", async () => {
    await expect(openSocket(`${base}/chat`)).rejects.toMatchObject({ status: 401, contentType: "application/problem+json" });
  });

  it("is a typed socket in the example's client, ids exact", async () => {
    const sockets = createSockets({ baseUrl: http, WebSocket, headers: { authorization: "Bearer ada-token" } });
    const chat = await sockets.chat.chat();
    chat.send({ text: "through the client" });
    for await (const post of chat) {
      expect(post).toMatchObject({ from: "ada", text: "through the client" });
      expect(typeof post.id).toBe("bigint");
      break;
    }
  });
});
