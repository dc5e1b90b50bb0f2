import { randomBytes } from "node:crypto";
import { mkdirSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { fileController, fileProbe } from "../support/file-fixture.js";
import { serveForTest } from "../support/http.js";

// docs/guide/files.md, "From disk": a file read by honest/node's fileFrom and
// answered by download(), over a real socket served by honest/node's serve:
// the exact bytes of the whole file and of a range, 206 and 416 headers, HEAD,
// If-Range against the file's Last-Modified (its modification time) and an
// ETag; and the file is read lazily and as the client reads: a range at the
// end of a large file reads that range alone, and a client that stops
// reading holds the rest of the file on disk, not in memory.

const dir = path.resolve("test/.out/file-server-files");
const small = path.join(dir, "bytes.bin");
const large = path.join(dir, "large.bin");
const bytes = randomBytes(100_000);
const MODIFIED = new Date("2025-06-07T08:09:10Z");
const LARGE = 512 * 1024 * 1024;

let base = "";
let close: () => Promise<void>;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(small, bytes);
  utimesSync(small, MODIFIED, MODIFIED);
  // Sparse: 512 MiB on the file system's books, none on its disk.
  writeFileSync(large, "");
  truncateSync(large, LARGE);
  const compiled = compileFixture("file-server", {
    "src/file.controller.ts": fileController,
    "src/probe.ts": fileProbe,
    "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n',
  });
  expect(compiled.diagnostics).toEqual([]);
  const { app } = await compiled.load<{ app: { fetch(request: Request): Response | Promise<Response> } }>("src/app.ts");
  const running = serveForTest(app);
  const { port } = await running.listening;
  base = `http://127.0.0.1:${port}`;
  close = () => running.close();
});

afterAll(async () => {
  await close?.();
});

const url = (file: string, etag?: string) =>
  `${base}/files/disk?path=${encodeURIComponent(file)}${etag === undefined ? "" : `&etag=${encodeURIComponent(etag)}`}`;

async function fetched(address: string, init: RequestInit = {}) {
  const response = await fetch(address, init);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe("a file on disk", () => {
  it("is sent whole, byte for byte, with its length, base name and modification time", async () => {
    const answer = await fetched(url(small));
    expect(answer.status).toBe(200);
    expect(answer.body.equals(bytes)).toBe(true);
    expect(
      Object.fromEntries([...answer.headers].filter(([name]) => !["date", "connection", "keep-alive", "x-request-id"].includes(name))),
    ).toEqual({
      "content-type": "application/octet-stream",
      "content-length": "100000",
      "content-disposition": 'attachment; filename="bytes.bin"',
      "accept-ranges": "bytes",
      "last-modified": MODIFIED.toUTCString(),
    });
  });

  it("a Range is a 206 of exactly those bytes", async () => {
    for (const [range, from, to] of [
      ["bytes=0-0", 0, 1],
      ["bytes=1000-1999", 1000, 2000],
      ["bytes=99990-", 99_990, 100_000],
      ["bytes=-17", 99_983, 100_000],
    ] as const) {
      const answer = await fetched(url(small), { headers: { range } });
      expect([range, answer.status, answer.headers.get("content-range"), answer.headers.get("content-length")]).toEqual([
        range,
        206,
        `bytes ${from}-${to - 1}/100000`,
        String(to - from),
      ]);
      expect(answer.body.equals(bytes.subarray(from, to))).toBe(true);
    }
  });

  it("a Range past the end is a 416 whose Content-Range gives the length", async () => {
    const answer = await fetched(url(small), { headers: { range: "bytes=100000-" } });
    expect([answer.status, answer.headers.get("content-range"), answer.headers.get("content-type")]).toEqual([
      416,
      "bytes */100000",
      "application/problem+json",
    ]);
    expect(JSON.parse(answer.body.toString()).detail).toBe('the range "bytes=100000-" asks for no byte of the file\'s 100000');
  });

  it("a HEAD has the whole file's headers and no body", async () => {
    const answer = await fetched(url(small), { method: "HEAD", headers: { range: "bytes=0-9" } });
    expect([answer.status, answer.headers.get("content-length"), answer.headers.get("accept-ranges"), answer.body.length]).toEqual([
      200,
      "100000",
      "bytes",
      0,
    ]);
  });

  it("If-Range: the file's Last-Modified or ETag lets the Range through; another sends the whole file", async () => {
    const range = "bytes=10-19";
    const byDate = await fetched(url(small), { headers: { range, "if-range": MODIFIED.toUTCString() } });
    expect([byDate.status, byDate.body.equals(bytes.subarray(10, 20))]).toEqual([206, true]);
    const earlier = new Date(MODIFIED.getTime() - 1000).toUTCString();
    const changed = await fetched(url(small), { headers: { range, "if-range": earlier } });
    expect([changed.status, changed.body.length]).toEqual([200, 100_000]);
    const byTag = await fetched(url(small, '"r7"'), { headers: { range, "if-range": '"r7"' } });
    expect([byTag.status, byTag.headers.get("etag")]).toEqual([206, '"r7"']);
    const otherTag = await fetched(url(small, '"r7"'), { headers: { range, "if-range": '"r6"' } });
    expect(otherTag.status).toBe(200);
  });

  it("a range at the end of a 512 MiB file reads that range alone", async () => {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const answer = await fetched(url(large), { headers: { range: "bytes=-10" } });
    expect([answer.status, answer.headers.get("content-range"), answer.body.length]).toEqual([
      206,
      `bytes ${LARGE - 10}-${LARGE - 1}/${LARGE}`,
      10,
    ]);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("a client that stops reading holds the file on disk, not in the server's memory (back-pressure)", async () => {
    const before = process.memoryUsage().rss;
    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get(url(large), (response) => {
        let got = 0;
        response.once("data", (chunk: Buffer) => {
          got += chunk.length;
          response.pause();
          // Time for a server that did not wait for the client to read ahead hundreds of MiB.
          setTimeout(() => {
            request.destroy();
            resolve(got);
          }, 500);
        });
      });
      request.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? undefined : reject(error)));
    });
    expect(received).toBeGreaterThan(0);
    expect(process.memoryUsage().rss - before).toBeLessThan(96 * 1024 * 1024);
  });

  it("a path that is not a file is the handler's 404", async () => {
    expect((await fetched(url(path.join(dir, "none.bin")))).status).toBe(404);
  });
});
