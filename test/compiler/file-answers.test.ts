import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { fileController, fileProbe } from "../support/file-fixture.js";
import { problem } from "../support/problem.js";

// docs/guide/files.md, "Files": a `Promise<Download<Type>>` route answers the
// bytes download() was given with Content-Type, Content-Length,
// Content-Disposition, Accept-Ranges and the validators it was given; one
// Range is a 206 of those bytes, one past the end a 416 problem with
// `Content-Range: bytes */length`, several ranges or a changed If-Range the
// whole file; a HEAD is the headers alone; a stream has no Range and is read
// only as the answer is. Over app.request here; over a real socket, on a file
// on disk, in test/runtime/file-server.test.ts.

type App = { request(path: string, init?: RequestInit): Promise<Response> };

let app: App;
let probe: { pulled: number; cancelled: number };

beforeAll(async () => {
  const compiled = compileFixture("file-answers", {
    "src/file.controller.ts": fileController,
    "src/probe.ts": fileProbe,
    "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n',
  });
  expect(compiled.diagnostics).toEqual([]);
  ({ app } = await compiled.load<{ app: App }>("src/app.ts"));
  ({ probe } = await compiled.load<{ probe: typeof probe }>("src/probe.ts"));
});

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await app.request(path, { method, headers });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

describe("a file of known length", () => {
  it("is sent whole with its type, length, name, validators and Accept-Ranges, and the headers the handler set", async () => {
    expect(await get("/files/letters")).toEqual({
      status: 200,
      headers: {
        "content-type": "text/plain",
        "content-length": "26",
        "content-disposition": 'attachment; filename="letters.txt"',
        "accept-ranges": "bytes",
        etag: '"v1"',
        "last-modified": "Fri, 02 Jan 2026 03:04:05 GMT",
        "x-kept": "yes",
        "x-request-id": expect.any(String),
      },
      body: LETTERS,
    });
  });

  it.each([
    ["bytes=2-5", "cdef", "bytes 2-5/26"],
    ["bytes=20-", "uvwxyz", "bytes 20-25/26"],
    ["bytes=-3", "xyz", "bytes 23-25/26"],
    ["bytes=-100", LETTERS, "bytes 0-25/26"],
    ["bytes=24-1000", "yz", "bytes 24-25/26"],
    ["BYTES=0-0", "a", "bytes 0-0/26"],
    ["bytes=, 3-4 ,", "de", "bytes 3-4/26"],
    ["bytes=0-99999999999999999999999", LETTERS, "bytes 0-25/26"],
  ])("Range %s is a 206 of those bytes", async (range, body, contentRange) => {
    const answer = await get("/files/letters", { range });
    expect(answer).toMatchObject({ status: 206, body });
    expect(answer.headers).toMatchObject({
      "content-range": contentRange,
      "content-length": String(body.length),
      "content-type": "text/plain",
      etag: '"v1"',
      "accept-ranges": "bytes",
    });
  });

  it.each([
    ["several ranges", "bytes=0-1,4-5"],
    ["an unknown unit", "items=0-1"],
    ["a last position before the first", "bytes=5-2"],
    ["no digits", "bytes=-"],
    ["something else after the range", "bytes=0-1x"],
  ])("%s is ignored: the whole file, 200", async (_what, range) => {
    const answer = await get("/files/letters", { range });
    expect([answer.status, answer.body, answer.headers["content-range"]]).toEqual([200, LETTERS, undefined]);
  });

  it.each(["bytes=26-", "bytes=30-40", "bytes=-0", "bytes=99999999999999999999-"])(
    "Range %s, past the end, is a 416 problem with Content-Range bytes */26",
    async (range) => {
      const response = await app.request("/files/letters", { headers: { range } });
      expect(response.status).toBe(416);
      expect(response.headers.get("content-range")).toBe("bytes */26");
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toEqual(
        problem(416, "Range Not Satisfiable", `the range ${JSON.stringify(range)} asks for no byte of the file's 26`),
      );
    },
  );

  it("a Range header of a megabyte, whatever its shape, is read in time bounded by its length", async () => {
    const shapes = [`bytes=${"0".repeat(1 << 20)}-1`, `bytes=${",".repeat(1 << 20)}0-1`, `bytes=0-1${", ".repeat(1 << 19)}`];
    for (const range of shapes) {
      const started = performance.now();
      const answer = await get("/files/letters", { range });
      expect(answer.status).toBe(206);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it("If-Range honoured: the same strong ETag or date lets the Range through; another, or a weak tag, sends the whole file", async () => {
    const range = "bytes=0-2";
    expect((await get("/files/letters", { range, "if-range": '"v1"' })).status).toBe(206);
    expect((await get("/files/letters", { range, "if-range": "Fri, 02 Jan 2026 03:04:05 GMT" })).status).toBe(206);
    for (const stale of ['"v0"', 'W/"v1"', "Fri, 02 Jan 2026 03:04:04 GMT", "not a date"]) {
      const answer = await get("/files/letters", { range, "if-range": stale });
      expect([stale, answer.status, answer.body]).toEqual([stale, 200, LETTERS]);
    }
  });

  it("a HEAD is the headers of the whole file without its body, Range or not", async () => {
    for (const headers of [{}, { range: "bytes=0-2" }] as Record<string, string>[]) {
      const answer = await get("/files/letters", headers, "HEAD");
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatchObject({ "content-length": "26", "accept-ranges": "bytes", "content-type": "text/plain" });
      expect(answer.body).toBe("");
    }
  });
});

describe("names and media types", () => {
  it("text is sent as UTF-8; a name that is not ASCII goes in filename* too; inline", async () => {
    const answer = await get("/files/notes");
    expect(answer.body).toBe("name,price\nthé,1\n");
    expect(answer.headers["content-length"]).toBe(String(new TextEncoder().encode(answer.body).length));
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe(`inline; filename="prix d'_t_.csv"; filename*=UTF-8''prix%20d%27%C3%A9t%C3%A9.csv`);
  });

  it("a Blob's own type is sent when the route declares it; one it does not declare is a 500", async () => {
    const picture = await app.request("/files/picture");
    expect([picture.status, picture.headers.get("content-type"), picture.headers.has("content-disposition")]).toEqual([
      200,
      "image/gif",
      false,
    ]);
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(new Uint8Array([71, 73, 70, 56]));
    const mistyped = await app.request("/files/mistyped");
    expect(mistyped.status).toBe(500);
    expect(await mistyped.json()).toEqual(problem(500, "Internal Server Error", "the server failed to complete the request"));
  });

  it("a file a POST answers says nothing of ranges, and a Range on it is ignored", async () => {
    const response = await app.request("/files/report", {
      method: "POST",
      headers: { "content-type": "application/json", range: "bytes=0-1" },
      body: JSON.stringify({ rows: 3 }),
    });
    expect([response.status, response.headers.get("accept-ranges"), await response.text()]).toEqual([200, null, "n\nn\nn\n"]);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="report.csv"');
  });
});

describe("a stream", () => {
  it("is passed on as it is: no Range, its length only when given, read as the answer is read", async () => {
    const before = probe.pulled;
    const response = await app.request("/files/stream", { headers: { range: "bytes=0-1" } });
    expect([response.status, response.headers.get("accept-ranges"), response.headers.get("content-length")]).toEqual([200, "none", null]);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    // Nothing is read ahead of the reader: the first piece is pulled when the body is.
    const reader = response.body!.getReader();
    expect(probe.pulled - before).toBeLessThanOrEqual(1);
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("abcd");
    expect(probe.pulled - before).toBeLessThanOrEqual(2);
    await reader.cancel();
    const sized = await get("/files/stream?sized=true");
    expect([sized.headers["content-length"], sized.body]).toEqual(["26", LETTERS]);
  });

  it("a HEAD never reads it, and cancels it", async () => {
    const [pulled, cancelled] = [probe.pulled, probe.cancelled];
    const answer = await get("/files/stream?sized=true", {}, "HEAD");
    expect([answer.status, answer.body, answer.headers["content-length"]]).toEqual([200, "", "26"]);
    expect([probe.pulled - pulled, probe.cancelled - cancelled]).toEqual([0, 1]);
  });
});
