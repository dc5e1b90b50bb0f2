import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { exampleApp, problemOf } from "../support/example.js";
import { serveExample } from "../support/served-example.js";

// The example's file upload: POST /items/{id}/photo takes a multipart form,
// a File and an optional caption of at most 80 characters, and answers 201
// with what it received; GET /items/{id}/photo answers the photo back
// (docs/guide/files.md, "Files"), inline, with a strong ETag, and a part of it
// for a Range.

const PHOTO_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);

function photoForm(caption?: string): FormData {
  const form = new FormData();
  form.append("photo", new File([PHOTO_BYTES], "keyboard.png", { type: "image/png" }));
  if (caption !== undefined) form.append("caption", caption);
  return form;
}

let app: Hono;
beforeAll(async () => {
  app = await exampleApp();
});

describe("POST /items/{id}/photo", () => {
  it("answers 201 with the file's name, type and size, and the caption", async () => {
    const response = await app.request("/items/1/photo", { method: "POST", body: photoForm("on the desk") });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      item: 1,
      caption: "on the desk",
      name: "keyboard.png",
      type: "image/png",
      bytes: PHOTO_BYTES.length,
    });
  });

  it("refuses a form without the file, or with a caption over 80 characters, listing both", async () => {
    const form = new FormData();
    form.append("caption", "x".repeat(81));
    const response = await app.request("/items/1/photo", { method: "POST", body: form });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect((problem.errors as { path: string }[]).map((fault) => fault.path).sort()).toEqual(["form.caption", "form.photo"]);
  });

  it("refuses JSON with 415, and a missing item with 404", async () => {
    const json = await app.request("/items/1/photo", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
    expect((await app.request("/items/999/photo", { method: "POST", body: photoForm() })).status).toBe(404);
  });
});

describe("GET /items/{id}/photo", () => {
  it("answers the photo uploaded, inline, with its type, length and a strong ETag", async () => {
    expect((await app.request("/items/3/photo", { method: "POST", body: photoForm() })).status).toBe(201);
    const response = await app.request("/items/3/photo");
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(PHOTO_BYTES.length),
      "content-disposition": 'inline; filename="keyboard.png"',
      "accept-ranges": "bytes",
      etag: expect.stringMatching(/^"[0-9a-f]{24}"$/),
      "last-modified": expect.any(String),
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PHOTO_BYTES);
  });

  it("a Range is a 206 of those bytes; with an If-Range of another ETag, the whole photo", async () => {
    await app.request("/items/3/photo", { method: "POST", body: photoForm() });
    const etag = (await app.request("/items/3/photo", { method: "HEAD" })).headers.get("etag")!;
    const part = await app.request("/items/3/photo", { headers: { range: "bytes=1-3", "if-range": etag } });
    expect([part.status, part.headers.get("content-range")]).toEqual([206, `bytes 1-3/${PHOTO_BYTES.length}`]);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PHOTO_BYTES.subarray(1, 4));
    const stale = await app.request("/items/3/photo", { headers: { range: "bytes=1-3", "if-range": '"older"' } });
    expect([stale.status, (await stale.arrayBuffer()).byteLength]).toEqual([200, PHOTO_BYTES.length]);
  });

  it("a 404 for an item without a photo; an upload that is not an image is a 415", async () => {
    const none = await app.request("/items/2/photo");
    expect([none.status, (await problemOf(none)).detail]).toEqual([404, "item 2 has no photo"]);
    const form = new FormData();
    form.append("photo", new File(["hello"], "notes.txt", { type: "text/plain" }));
    const refused = await app.request("/items/2/photo", { method: "POST", body: form });
    expect(refused.status).toBe(415);
    expect((await problemOf(refused)).detail).toBe('a photo is a png, jpeg, gif or webp image; got "text/plain"');
  });
});

describe("over a real socket", () => {
  const example = serveExample({ bodyLimit: 64 * 1024 });

  it("the photo's last bytes by a suffix Range, exactly; past its end a 416", async () => {
    expect((await fetch(`${example.base}/items/2/photo`, { method: "POST", body: photoForm() })).status).toBe(201);
    const part = await fetch(`${example.base}/items/2/photo`, { headers: { range: "bytes=-2" } });
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-length")]).toEqual([206, "bytes 6-7/8", "2"]);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PHOTO_BYTES.subarray(6));
    const none = await fetch(`${example.base}/items/2/photo`, { headers: { range: "bytes=8-" } });
    expect([none.status, none.headers.get("content-range")]).toEqual([416, "bytes */8"]);
    await none.arrayBuffer();
  });

  it("an upload within the limit answers 201; one past it 413", async () => {
    const ok = await fetch(`${example.base}/items/2/photo`, { method: "POST", body: photoForm() });
    expect(ok.status).toBe(201);
    const big = new FormData();
    big.append("photo", new File([new Uint8Array(200 * 1024)], "big.bin", { type: "application/octet-stream" }));
    const refused = await fetch(`${example.base}/items/2/photo`, { method: "POST", body: big });
    expect(refused.status).toBe(413);
  });
});
