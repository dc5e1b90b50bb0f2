import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { exampleApp, problemOf } from "../support/example.js";
import { serveExample } from "../support/served-example.js";

// The example's file upload: POST /items/{id}/photo takes a multipart form,
// a File and an optional caption of at most 80 characters, and answers 201
// with what it received.

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

describe("over a real socket", () => {
  const example = serveExample({ bodyLimit: 64 * 1024 });

  it("an upload within the limit answers 201; one past it 413", async () => {
    const ok = await fetch(`${example.base}/items/2/photo`, { method: "POST", body: photoForm() });
    expect(ok.status).toBe(201);
    const big = new FormData();
    big.append("photo", new File([new Uint8Array(200 * 1024)], "big.bin", { type: "application/octet-stream" }));
    const refused = await fetch(`${example.base}/items/2/photo`, { method: "POST", body: big });
    expect(refused.status).toBe(413);
  });
});
