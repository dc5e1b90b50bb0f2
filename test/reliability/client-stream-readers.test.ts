import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { readNdjson, readSseEvents } from "honest/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../example/client/api.js";

// A server that sends the generated client a stream it cannot take: one
// enormous line, arriving in small pieces, or an event of endless data lines
// (docs/guide/streams.md, "Reading a stream"; docs/reference/limits.md, "The
// generated client"). Reading is linear in the bytes read, and a line or an
// event's data past maxStreamItemBytes (1 MiB by default) rejects the loop
// and cancels the body, so the client's memory stays bounded.

const MiB = 1024 * 1024;
const encoder = new TextEncoder();

/** A Response whose body arrives in exactly these pieces, as a slow server's does. */
function inPieces(pieces: readonly Uint8Array[], type = "text/event-stream"): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": type } });
}

/** `bytes` cut every `size` bytes. */
function cut(bytes: Uint8Array, size: number): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return pieces;
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

/** The live feed's event for an item named `name`. */
const created = (name: string) => `event: created\nid: 7\ndata: {"id":7,"name":"${name}","price":1,"tags":[],"inStock":true}\n\n`;

describe("one enormous line, in 1 KiB pieces", () => {
  const event = encoder.encode(created("x".repeat(8 * MiB)));
  const feed = (options: { maxStreamItemBytes?: number }) =>
    createClient({ fetch: () => inPieces(cut(event, 1024)), ...options }).item.changes();

  it("is read in well under 5 s when the client allows it (each piece re-split the whole line: 64 s before)", async () => {
    const answer = await feed({ maxStreamItemBytes: 16 * MiB });
    if (!answer.ok) throw new Error(`no feed: ${answer.status}`);
    const started = performance.now();
    const events = await all(answer.data);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(events).toHaveLength(1);
    const [only] = events;
    if (only?.event !== "created") throw new Error(`not the created event: ${only?.event}`);
    expect([only.id, only.data.id, only.data.name.length]).toEqual([7n, 7n, 8 * MiB]);
  });

  it("rejects the loop by default, naming the bound and the option, before the line is whole", async () => {
    const answer = await feed({});
    if (!answer.ok) throw new Error(`no feed: ${answer.status}`);
    const error = await all(answer.data).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toBe(
      "a line of the stream passed 1048576 bytes, the client's maxStreamItemBytes (an option of createClient)",
    );
  });
});

describe("over a socket", () => {
  let server: http.Server;
  let baseUrl: string;
  let handle: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  beforeAll(async () => {
    server = http.createServer((request, response) => handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  /** Answers with `head`, then writes `piece` every millisecond until the client goes; resolves with what was written once it has. */
  function endlessly(head: string, piece: string, type: string): Promise<number> {
    return new Promise((resolve) => {
      handle = (_request, response) => {
        response.writeHead(200, { "content-type": type });
        let written = response.write(head) ? head.length : 0;
        const timer = setInterval(() => {
          if (response.writableNeedDrain) return;
          response.write(piece);
          written += piece.length;
        }, 1);
        response.on("close", () => {
          clearInterval(timer);
          resolve(written);
        });
      };
    });
  }

  it("an endless line: the loop rejects once it passes 1 MiB, and the body is cancelled (the server sees the client go)", async () => {
    const gone = endlessly('event: created\ndata: {"name":"', "x".repeat(16 * 1024), "text/event-stream");
    const answer = await createClient({ baseUrl }).item.changes();
    if (!answer.ok) throw new Error(`no feed: ${answer.status}`);
    await expect(all(answer.data)).rejects.toThrow("a line of the stream passed 1048576 bytes");
    // Well before the server could fill the client's memory: it stops at the client's bound plus what the sockets held.
    expect(await gone).toBeLessThan(32 * MiB);
  });

  it("an event of endless short data lines: its data is bounded as a whole, whatever its lines", async () => {
    const gone = endlessly("event: created\n", `data: ${"x".repeat(1000)}\n`.repeat(16), "text/event-stream");
    const answer = await createClient({ baseUrl, maxStreamItemBytes: 64 * 1024 }).item.changes();
    if (!answer.ok) throw new Error(`no feed: ${answer.status}`);
    await expect(all(answer.data)).rejects.toThrow(
      new RangeError("an event's data passed 65536 bytes, the client's maxStreamItemBytes (an option of createClient)"),
    );
    expect(await gone).toBeLessThan(32 * MiB);
  });

  it("an Ndjson<T> line is bounded the same way; the lines before it are read", async () => {
    const gone = endlessly('{"n":1}\n{"n":2}\n{"n":"', "y".repeat(16 * 1024), "application/x-ndjson");
    const lines = readNdjson(await fetch(`${baseUrl}/lines`), undefined);
    const seen: unknown[] = [];
    const fault = await (async () => {
      for await (const line of lines) seen.push(line);
    })().catch((error: unknown) => error);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(fault).toBeInstanceOf(RangeError);
    expect(await gone).toBeLessThan(32 * MiB);
  });
});

describe("lines in any pieces", () => {
  // CR LF, LF and CR line ends, a CR LF and a character of several bytes that may fall across two pieces, a byte order mark first.
  const text =
    '\uFEFF: a comment\r\nevent: created\r\nid: 1\r\ndata: {"name":"é😀",\r\ndata: "n":1}\r\n\r\n' +
    'event: removed\rdata: {"name":"\u4e2d"}\r\rretry: 20\ndata: 3\n\ndata: 4';
  const bytes = encoder.encode(text);
  const expected = [
    { event: "created", id: "1", data: { name: "é😀", n: 1 } },
    { event: "removed", data: { name: "中" } },
    { retry: 20, data: 3 },
  ];

  it("are the same events however the body is cut", async () => {
    expect(await all(readSseEvents(inPieces([bytes]), undefined))).toEqual(expected);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const ends = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const pieces = ends.slice(1).map((end, index) => bytes.subarray(ends[index], end));
        expect(await all(readSseEvents(inPieces(pieces), undefined))).toEqual(expected);
      }),
    );
    // Every cut of one byte each: a CR at a piece's end, its LF at the next one's start.
    expect(await all(readSseEvents(inPieces(cut(bytes, 1)), undefined))).toEqual(expected);
  });

  it("a line of maxStreamItemBytes is read, one byte more is refused, its line end not counted", async () => {
    // 10 bytes each: "é" is two.
    const body = encoder.encode('"12345678"\r\n"é123456"\n"1234567"\r"123456789"\n');
    const read = readNdjson(inPieces(cut(body, 4), "application/x-ndjson"), undefined, 10);
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const line of read) seen.push(line);
      })(),
    ).rejects.toThrow("a line of the stream passed 10 bytes");
    expect(seen).toEqual(["12345678", "é123456", "1234567"]);
  });

  it("an Ndjson<T> line after a byte order mark, and a last line without its line end", async () => {
    const lines = encoder.encode('\uFEFF{"n":1}\r\n\n{"n":"\uFEFF2"}\r{"n":3}');
    expect(await all(readNdjson(inPieces(cut(lines, 3), "application/x-ndjson"), undefined))).toEqual([
      { n: 1 },
      { n: "\uFEFF2" },
      { n: 3 },
    ]);
  });
});
