import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FREE_PIECES, MIN_AVERAGE_PIECE } from "../../runtime/body/body-buffer.js";
import { chunkedPost, largeCreateDto, rssMb } from "../support/chunked.js";
import { exampleApp, exampleDir, json, problemOf } from "../support/example.js";
import { freePort } from "../support/http.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";
import { rawBody, rawExchange } from "../support/raw-socket.js";
import { itemCount, serveExample } from "../support/served-example.js";

// A body under the limit sent in tiny pieces (chunked, a byte per chunk) once
// cost an object per piece until its end: hundreds of MB for one request.
// Now a body is gathered in one buffer, and one that arrives in too many tiny
// pieces is refused before the rest is read.

const TINY_DETAIL = `the request body arrived in more than ${FREE_PIECES} pieces averaging under ${MIN_AVERAGE_PIECE} bytes; send it in larger chunks`;

const example = serveExample();

describe("a body in one-byte chunks", () => {
  it("is refused with 400 once it passes the bound, the connection closed, the store unchanged", async () => {
    const before = await itemCount(example.base);
    const exchange = await rawExchange(example.port, chunkedPost("/items", largeCreateDto(100_000), 1));
    const answer = await exchange.answer();
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(rawBody(answer))).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: TINY_DETAIL,
      requestId: expect.any(String),
    });
    expect(await exchange.serverClosed()).toBe(true);
    expect(await itemCount(example.base)).toBe(before);
  });

  it("is refused the same way through app.request, from a stream of one-byte pieces", async () => {
    const app = await exampleApp();
    const bytes = new TextEncoder().encode(largeCreateDto(10_000));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    const response = await app.request("/items", { ...json({}), body, duplex: "half" } as RequestInit);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).detail).toBe(TINY_DETAIL);
  });

  it(`is read whole when short: up to ${FREE_PIECES} pieces of any size`, async () => {
    const body = JSON.stringify({ name: "few pieces", price: 3 });
    const exchange = await rawExchange(example.port, chunkedPost("/items", body, 1));
    const answer = await exchange.answer();
    exchange.socket.destroy();
    expect(answer.status).toBe(201);
  });
});

describe("a body in chunks of a reasonable size", () => {
  it(`is read whole: 64-byte chunks of a 600 KB body`, async () => {
    const body = largeCreateDto(600_000);
    const exchange = await rawExchange(example.port, chunkedPost("/items", body, 64));
    const answer = await exchange.answer();
    exchange.socket.destroy();
    expect(answer.status).toBe(201);
    const location = /\r\nlocation: ([^\r]+)/i.exec(answer.text)![1]!;
    const stored = (await (await fetch(`${example.base}${location}`)).json()) as { tags: string[] };
    expect(stored.tags).toEqual((JSON.parse(body) as { tags: string[] }).tags);
  });
});

describe("the server's memory, as the soak measures it (VmRSS of the example run as a user runs it)", () => {
  let server: NodeProcess | undefined;
  afterAll(() => stopNode(server));

  /** Sends each request on its own socket, all at once; resolves with their statuses and the peak RSS growth in MB. */
  async function peakGrowth(
    serverPort: number,
    requests: readonly Buffer[],
  ): Promise<{ statuses: (number | undefined)[]; growthMb: number }> {
    const pid = server!.child.pid!;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const answers = await Promise.all(
      requests.map(async (bytes) => {
        const exchange = await rawExchange(serverPort);
        // The server answers and closes before the last bytes are written: the write fails, the answer stands.
        exchange.write(bytes).catch(() => {});
        const answer = await exchange.answer(60_000);
        exchange.socket.destroy();
        return answer.status;
      }),
    );
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    return { statuses: answers, growthMb: peak - before };
  }

  it("four valid 1 MB bodies in one-byte chunks at once: all refused, RSS grows less than 40 MB (it was 1.5 GB)", async () => {
    const serverPort = await freePort();
    server = startNode(path.join(exampleDir, "dist/main.js"), { env: { ...process.env, PORT: String(serverPort) } });
    await server.listening();
    const request = chunkedPost("/items", largeCreateDto(1_000_000), 1);
    const { statuses, growthMb } = await peakGrowth(serverPort, [request, request, request, request]);
    expect(statuses).toEqual([400, 400, 400, 400]);
    expect(growthMb).toBeLessThan(40);

    // The same bodies in 64-byte chunks are read and stored: the growth is the data, not the pieces.
    const accepted = chunkedPost("/items", largeCreateDto(1_000_000), 64);
    const stored = await peakGrowth(serverPort, [accepted, accepted, accepted, accepted]);
    expect(stored.statuses).toEqual([201, 201, 201, 201]);
    expect(stored.growthMb).toBeLessThan(120);
  });
});
