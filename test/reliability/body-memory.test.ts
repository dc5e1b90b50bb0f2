import type { MiddlewareHandler } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { ServeOptions } from "honest/node";
import { exampleApp } from "../support/example.js";
import { rawConnections } from "../support/raw-connections.js";
import { rawBody, requestBytes } from "../support/raw-socket.js";
import { problem } from "../support/problem.js";
import { expectOptionRefused } from "../support/serve-options.js";

// serve's maxBodyMemory on a real socket (docs/reference/limits.md, "Bodies
// held at once, and connections"): bodies being read take room as their
// bytes come (never what they declare, or bodyLimit when chunked, ahead of
// it); a body that declares more than the room has free is answered 503
// with Retry-After, unread, and one that finds no room as it grows is cut
// off with the same 503; requests without a body, and the bodies that fit,
// are served as usual; and the room comes back however a request ends.
// Uploads stalled before their last byte fill it with what they sent.

const connections = rawConnections();
const connect = connections.connect;

async function start(bodyLimit: number, options: ServeOptions, use: MiddlewareHandler[] = []): Promise<number> {
  return connections.serve(await exampleApp({ bodyLimit, use }), options);
}

const json = { "content-type": "application/json" };

/** A JSON POST's bytes, its length declared. */
function post(body: string): string {
  return requestBytes("POST", "/items", { ...json, "content-length": String(Buffer.byteLength(body)) }, body);
}

/** A valid CreateDto of exactly `size` bytes. */
function item(size: number): string {
  const frame = JSON.stringify({ name: "", price: 1 });
  return JSON.stringify({ name: "x".repeat(size - frame.length), price: 1 });
}

/** A multipart form for POST /items/1/photo of exactly `size` bytes, ending with its closing boundary. */
function photoForm(size: number): { type: string; body: string } {
  const boundary = "memory-test";
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`;
  const tail = `\r\n--${boundary}--`;
  return { type: `multipart/form-data; boundary=${boundary}`, body: head + "p".repeat(size - head.length - tail.length) + tail };
}

/** An upload that sends all of its body but the last byte and waits: `finish()` sends that byte. */
async function stalledUpload(port: number, path: string, type: string, body: string) {
  const exchange = await connect(
    port,
    requestBytes("POST", path, { "content-type": type, "content-length": String(body.length) }, body.slice(0, -1)),
  );
  return { exchange, finish: () => exchange.write(body.slice(-1)) };
}

/** The status of one request sent whole on a connection of its own. */
async function statusOf(port: number, bytes: string): Promise<number | undefined> {
  const exchange = await connect(port, bytes);
  const { status } = await exchange.answer();
  exchange.socket.destroy();
  return status;
}

/**
 * Waits until the room for bodies has less than `free` bytes left, sending a
 * body of `free` bytes that is not JSON until one is refused unread: a 400
 * while it still fits, so the probes change nothing.
 */
async function roomBelow(port: number, free: number): Promise<void> {
  const probe = post("x".repeat(free));
  await vi.waitFor(async () => expect(await statusOf(port, probe)).toBe(503), { timeout: 10_000, interval: 20 });
}

/** A middleware that holds requests sent with x-hold until the function returned with it is called. */
function holdGate(): [MiddlewareHandler, () => void] {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gate: MiddlewareHandler = async (c, next) => {
    if (c.req.header("x-hold") !== undefined) await opened;
    await next();
  };
  return [gate, open];
}

/** Resolves once the server has `count` connections open. */
async function serverSees(count: number): Promise<void> {
  await vi.waitFor(
    async () => expect(await new Promise((resolve) => connections.running().server.getConnections((_, open) => resolve(open)))).toBe(count),
    { timeout: 10_000, interval: 20 },
  );
}

async function itemCount(port: number): Promise<number> {
  const exchange = await connect(port, requestBytes("GET", "/items", { connection: "close" }));
  return (JSON.parse(rawBody(await exchange.answer())) as unknown[]).length;
}

describe("bodies past maxBodyMemory", () => {
  it("stalled uploads fill the room: a new POST is refused 503 with Retry-After, unread; a GET is served; the uploads still complete", async () => {
    const port = await start(1024, { maxBodyMemory: 2048 });
    const form = photoForm(1000);
    const uploads = [
      await stalledUpload(port, "/items", "application/json", item(1000)),
      await stalledUpload(port, "/items/1/photo", form.type, form.body),
    ];
    await roomBelow(port, 51); // 1 998 of 2 048 bytes held: what the two uploads sent

    // A third upload, stalled the same way: answered at once, its body unread.
    const refused = await stalledUpload(port, "/items", "application/json", item(100));
    const answer = await refused.exchange.answer();
    expect(answer.status).toBe(503);
    expect(answer.text).toMatch(/\r\nretry-after: 5\r\n/);
    expect(answer.text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/);
    expect(JSON.parse(rawBody(answer))).toEqual(
      problem(503, "Service Unavailable", "the server is holding as many request bodies as it has room for; retry later"),
    );
    // What it still sends is drained for a moment (500 ms), then the connection is closed.
    expect(await refused.exchange.serverClosed(10_000)).toBe(true);
    // Sent whole, a refused body is drained and the connection kept for the next request.
    const whole = await connect(port, post(item(100)));
    expect((await whole.answer()).status).toBe(503);
    await whole.write(requestBytes("GET", "/health", {}));
    await vi.waitFor(async () => expect((await whole.answer()).text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 503", "HTTP/1.1 200"]));

    // Requests without a body need no room.
    expect(await statusOf(port, requestBytes("GET", "/items/1", {}))).toBe(200);
    expect(await itemCount(port)).toBe(3);

    // The admitted uploads were not harmed: their last bytes come, and they are answered.
    for (const upload of uploads) await upload.finish();
    expect((await uploads[0]!.exchange.answer()).status).toBe(201);
    expect((await uploads[1]!.exchange.answer()).status).toBe(201);
    expect(await itemCount(port)).toBe(4); // the JSON upload's item; the refused POST changed nothing
  });

  it("once the stalled uploads are dropped, the room is back: a POST needing all of it succeeds", async () => {
    const port = await start(1024, { maxBodyMemory: 1024 });
    const stalled = await stalledUpload(port, "/items", "application/json", item(1000));
    await roomBelow(port, 26);
    expect(await statusOf(port, post(item(1024)))).toBe(503);
    stalled.exchange.socket.destroy();
    // The server learns of the close a moment after the client: until then, a 503 changes nothing.
    await vi.waitFor(async () => expect(await statusOf(port, post(item(1024)))).toBe(201), {
      timeout: 10_000,
      interval: 20,
    });
    expect(await itemCount(port)).toBe(4);
  });

  it("a chunked body takes room as its bytes come, not the bodyLimit it may grow to", async () => {
    const port = await start(2048, { maxBodyMemory: 2048 });
    const body = item(200);
    const chunked = await connect(
      port,
      requestBytes("POST", "/items", { ...json, "transfer-encoding": "chunked" }, `10\r\n${body.slice(0, 16)}\r\n`),
    );
    // 16 bytes sent and held: 2 032 are left, so a body of 2 033 no longer fits, and one of 2 032 does.
    await roomBelow(port, 2033);
    expect(await statusOf(port, post(item(2032)))).toBe(201);
    const rest = body.slice(16);
    await chunked.write(`${rest.length.toString(16)}\r\n${rest}\r\n0\r\n\r\n`);
    expect((await chunked.answer()).status).toBe(201);
  });

  it("a body that declares its length takes room as its bytes come too, not its content-length ahead of them", async () => {
    const port = await start(2048, { maxBodyMemory: 2048 });
    const body = item(2000);
    const declared = await connect(port, requestBytes("POST", "/items", { ...json, "content-length": "2000" }, body.slice(0, 1)));
    await roomBelow(port, 2048); // one byte held
    expect(await statusOf(port, post(item(2047)))).toBe(201);
    await declared.write(body.slice(1));
    expect((await declared.answer()).status).toBe(201);
  });

  it("a body that finds no room as it grows is cut off: 503 with Retry-After, its connection closed; the bodies held complete", async () => {
    const port = await start(1024, { maxBodyMemory: 1500 });
    const held = await stalledUpload(port, "/items", "application/json", item(1000));
    const body = item(1000);
    const growing = await connect(
      port,
      requestBytes("POST", "/items", { ...json, "transfer-encoding": "chunked" }, `10\r\n${body.slice(0, 16)}\r\n`),
    );
    await roomBelow(port, 486); // 999 + 16 of 1 500 bytes held
    // Its next piece makes its buffer 1 024 bytes (the most a chunked body may need), for which there is no room.
    await growing.write(`258\r\n${body.slice(16, 616)}\r\n`);
    const answer = await growing.answer();
    expect(answer.status).toBe(503);
    expect(answer.text).toMatch(/\r\nretry-after: 5\r\n/);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/);
    expect(JSON.parse(rawBody(answer)).detail).toBe("the server is holding as many request bodies as it has room for; retry later");
    expect(await growing.serverClosed(10_000)).toBe(true);
    await held.finish();
    expect((await held.exchange.answer()).status).toBe(201);
    expect(await itemCount(port)).toBe(4); // the held upload's item; the one cut off created nothing
  });

  it("a body larger than maxBodyMemory (but within bodyLimit) is read when it is alone", async () => {
    const port = await start(1024, { maxBodyMemory: 512 });
    expect(await statusOf(port, post(item(1000)))).toBe(201);
    const stalled = await stalledUpload(port, "/items", "application/json", item(1000));
    await roomBelow(port, 1);
    await stalled.finish();
    expect((await stalled.exchange.answer()).status).toBe(201);
  });
});

describe("renderError", () => {
  it("sees the refusal as check body-memory, and its own answer still carries Retry-After", async () => {
    const seen: string[] = [];
    const port = await connections.serve(
      await exampleApp({
        bodyLimit: 1024,
        renderError: (problem) => {
          seen.push(problem.check);
          return Response.json({ error: problem.detail }, { status: problem.status });
        },
      }),
      { maxBodyMemory: 1024 },
    );
    await stalledUpload(port, "/items", "application/json", item(1000));
    await roomBelow(port, 26);
    seen.length = 0;
    const answer = await (await connect(port, post(item(100)))).answer();
    expect(answer.status).toBe(503);
    expect(answer.text).toMatch(/\r\nretry-after: 5\r\n/);
    expect(JSON.parse(rawBody(answer))).toEqual({ error: "the server is holding as many request bodies as it has room for; retry later" });
    expect(seen).toEqual(["body-memory"]);
  });
});

describe("the room a body took comes back however its request ends", () => {
  // maxBodyMemory equal to bodyLimit: a POST of bodyLimit bytes succeeds only
  // when nothing is held, so a single byte not given back would show.
  const fullPost = post(item(1024));
  const roomIsBack = async (port: number) =>
    vi.waitFor(async () => expect(await statusOf(port, fullPost)).toBe(201), { timeout: 10_000, interval: 20 });

  it("answered: 201 (the connection kept open), 400 for JSON that does not parse, 400 for the wrong shape, 413 past the limit while chunked", async () => {
    const port = await start(1024, { maxBodyMemory: 1024 });
    const keptOpen = await connect(port, post(item(500)));
    expect((await keptOpen.answer()).status).toBe(201);
    await roomIsBack(port);
    expect(await statusOf(port, post("{".repeat(500)))).toBe(400);
    await roomIsBack(port);
    expect(await statusOf(port, post(JSON.stringify({ name: 1, price: "x".repeat(500) })))).toBe(400);
    await roomIsBack(port);
    const big = "x".repeat(1100);
    const chunked = requestBytes(
      "POST",
      "/items",
      { ...json, "transfer-encoding": "chunked" },
      `${(1100).toString(16)}\r\n${big}\r\n0\r\n\r\n`,
    );
    expect(await statusOf(port, chunked)).toBe(413);
    await roomIsBack(port);
    expect(await itemCount(port)).toBe(8); // 3 seeded, the first POST's, and one per check of the room
  });

  it("the client gone mid-body", async () => {
    const port = await start(1024, { maxBodyMemory: 1024 });
    const gone = await stalledUpload(port, "/items", "application/json", item(1000));
    await roomBelow(port, 26);
    gone.exchange.socket.destroy();
    await roomIsBack(port);
  });

  it("a pipelined request whose response waits behind another's: given back as its body ends, once", async () => {
    const [gate, open] = holdGate();
    const port = await start(1024, { maxBodyMemory: 1024 }, [gate]);
    // Node closes a response queued behind another only once it has been sent, never if the connection goes first.
    const pipelined = await connect(port, requestBytes("GET", "/health", { "x-hold": "1" }) + post(item(1000)));
    await roomIsBack(port);
    open();
    await vi.waitFor(async () =>
      expect((await pipelined.answer()).text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 200", "HTTP/1.1 201"]),
    );
    // Its response closing now gives nothing back a second time: a stalled body still fills the room.
    await stalledUpload(port, "/items", "application/json", item(1000));
    await roomBelow(port, 26);
  });

  it("a pipelined request whose connection closes while its response waits behind another's", async () => {
    const [gate, open] = holdGate();
    const port = await start(1024, { maxBodyMemory: 1024 }, [gate]);
    const pipelined = await connect(port, requestBytes("GET", "/health", { "x-hold": "1" }) + post(item(1000)));
    await roomIsBack(port);
    pipelined.socket.destroy();
    await serverSees(0);
    open();
    await roomIsBack(port);
  });

  it("a client gone before its body began to be read", async () => {
    const [gate, open] = holdGate();
    const port = await start(1024, { maxBodyMemory: 1024 }, [gate]);
    const body = item(1000);
    const gone = await connect(
      port,
      requestBytes("POST", "/items", { ...json, "x-hold": "1", "content-length": String(body.length) }, body),
    );
    await serverSees(1);
    gone.socket.destroy();
    await serverSees(0);
    open(); // the handler now reads the body of a request whose connection has closed
    await roomIsBack(port);
    expect(await itemCount(port)).toBe(4); // the room's check; the gone client's POST created nothing
  });

  it("Node's requestTimeout (408)", async () => {
    const port = await start(1024, { maxBodyMemory: 1024, requestTimeout: 1_000 });
    const timedOut = await stalledUpload(port, "/items", "application/json", item(1000));
    expect((await timedOut.exchange.answer(10_000)).status).toBe(408);
    await roomIsBack(port);
  });
});

describe("the maxBodyMemory option", () => {
  it("is a whole number of bytes from 1 up, or Infinity; anything else stops serve with a RangeError", async () => {
    await expectOptionRefused("maxBodyMemory", "a whole number from 1 up, or Infinity for no limit", [0, -1, 0.5, Number.NaN]);
  });

  it("may be Infinity: stalled bodies hold no room", async () => {
    const port = await start(1024, { maxBodyMemory: Number.POSITIVE_INFINITY });
    await stalledUpload(port, "/items", "application/json", item(1000));
    await stalledUpload(port, "/items", "application/json", item(1000));
    expect(await statusOf(port, post(item(1000)))).toBe(201);
  });
});
