import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { createClient as createExampleClient, createSockets } from "../../example/client/api.js";
import { createClient, responseChecks } from "../golden/client/api.js";
import { compileFixture } from "../support/compile.js";

// A server that answers a number at an i64 position that is no 64-bit
// integer: 1e400 (which JavaScript reads as Infinity), 1.5, 2^64. The
// generated client cannot make it the bigint its type says, so reading it
// fails, as reading a text that is not JSON does: the call (or the loop
// reading a stream or a socket) rejects with a TypeError naming the path,
// checks or not (before, such a number arrived typed as a bigint:
// docs/guide/openapi-and-clients.md, "A client generated with the app").

let server: http.Server;
let baseUrl: string;
let answer: { readonly type: string; readonly text: string };
beforeAll(async () => {
  server = http.createServer((_request, response) => response.writeHead(200, { "content-type": answer.type }).end(answer.text));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const json = (text: string) => (answer = { type: "application/json", text });
const refusal = (path: string, got: string) =>
  new TypeError(`the answer is not of its declared type: ${path}: expected 64-bit integer, got ${got}`);

describe("a whole answer", () => {
  it.each([
    ["1e400", '{"id":1e400,"name":"n","tags":[],"price":1}', "$.id", "Infinity"],
    [
      "1.5, in a nested item",
      '{"id":1,"name":"n","tags":[],"price":1,"parent":{"id":1.5,"name":"p","tags":[],"price":1}}',
      "$.parent.id",
      "1.5",
    ],
    ["2^64, read exactly", '{"id":18446744073709551616,"name":"n","tags":[],"price":1}', "$.id", "18446744073709551616"],
    ["-1e19", '{"id":-1e19,"name":"n","tags":[],"price":1}', "$.id", "-10000000000000000000"],
  ])("%s at an i64 is refused with a TypeError naming its path, checks on or off", async (_, text, path, got) => {
    json(text);
    for (const checks of [undefined, responseChecks]) {
      await expect(createClient({ baseUrl, checks }).item.get({ id: 1n })).rejects.toThrow(refusal(path, got));
    }
  });

  it("in an array's item: its index in the path; an integer of any form that fits is read", async () => {
    json(
      '[{"id":9007199254740993,"name":"a","tags":[],"price":1},{"id":2e3,"name":"b","tags":[],"price":1},{"id":1e400,"name":"c","tags":[],"price":1}]',
    );
    await expect(createClient({ baseUrl }).item.list()).rejects.toThrow(refusal("$[2].id", "Infinity"));
    json('[{"id":9007199254740993,"name":"a","tags":[],"price":1},{"id":2e3,"name":"b","tags":[],"price":1}]');
    const listed = await createClient({ baseUrl }).item.list();
    expect(listed.ok && listed.data.map((item) => item.id)).toEqual([9007199254740993n, 2000n]);
  });
});

describe("a streamed item", () => {
  it("an event whose data has 1e400 at an i64 rejects the loop, after the events before it", async () => {
    answer = {
      type: "text/event-stream",
      text:
        'event: created\ndata: {"id":1,"name":"a","price":1,"tags":[],"inStock":true}\n\n' +
        'event: removed\ndata: {"id":1e400}\n\n' +
        'event: removed\ndata: {"id":2}\n\n',
    };
    const feed = await createExampleClient({ baseUrl }).item.changes();
    if (!feed.ok) throw new Error(`no feed: ${feed.status}`);
    const seen: unknown[] = [];
    const fault = await (async () => {
      for await (const change of feed.data) seen.push(change.data.id);
    })().catch((error: unknown) => error);
    expect(seen).toEqual([1n]);
    expect(fault).toEqual(refusal("$.id", "Infinity"));
    expect(fault).toBeInstanceOf(TypeError);
  });

  it("a socket message with 1.5 at an i64: the loop reading the socket throws, naming the path", async () => {
    const sockets = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise((resolve) => sockets.once("listening", resolve));
    sockets.on("connection", (socket) => {
      socket.send('{"id":9007199254740993,"from":"a","text":"hi"}');
      socket.send('{"id":1.5,"from":"b","text":"odd"}');
    });
    try {
      const chat = await createSockets({ baseUrl: `http://127.0.0.1:${(sockets.address() as AddressInfo).port}`, WebSocket }).chat.chat();
      const seen: unknown[] = [];
      const fault = await (async () => {
        for await (const post of chat) seen.push(post.id);
      })().catch((error: unknown) => error);
      expect(seen).toEqual([9007199254740993n]);
      expect(fault).toEqual(refusal("$.id", "1.5"));
      expect(fault).toBeInstanceOf(TypeError);
      chat.close();
    } finally {
      for (const client of sockets.clients) client.terminate();
      await new Promise((resolve) => sockets.close(resolve));
    }
  });
});

describe("an i64 in a union", () => {
  let createUnionClient: (options: object) => any;
  beforeAll(async () => {
    const dir = path.resolve("test/.out/client-i64-unions");
    const compiled = compileFixture(
      "client-i64-unions",
      {
        "src/numbers.controller.ts": `
import { Controller, Get } from "honest";
import type { i64, Json } from "honest";
@Controller({ prefix: "/numbers" })
export class NumbersController {
  @Get("/")
  async get(): Promise<Json<{ either: i64 | number; orNull: i64 | null; orText: i64 | string }>> {
    return { either: 1, orNull: null, orText: "none" };
  }
}
`,
        "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp();\n',
      },
      {},
      { plugin: { client: path.join(dir, "client/api.ts") } },
    );
    expect(compiled.diagnostics).toEqual([]);
    ({ createClient: createUnionClient } = await import(path.join(dir, "client/api.ts")));
  });

  it("beside a number member, a number that is no 64-bit integer is that number; a 64-bit integer a bigint, exact", async () => {
    json('{"either":1.5,"orNull":9007199254740993,"orText":"x"}');
    expect((await createUnionClient({ baseUrl }).numbers.get()).data).toEqual({ either: 1.5, orNull: 9007199254740993n, orText: "x" });
    json('{"either":9007199254740995,"orNull":null,"orText":9007199254740997}');
    expect((await createUnionClient({ baseUrl }).numbers.get()).data).toEqual({
      either: 9007199254740995n,
      orNull: null,
      orText: 9007199254740997n,
    });
  });

  it("without one, it is refused", async () => {
    json('{"either":1,"orNull":1e400,"orText":"x"}');
    await expect(createUnionClient({ baseUrl }).numbers.get()).rejects.toThrow(refusal("$.orNull", "Infinity"));
  });
});
