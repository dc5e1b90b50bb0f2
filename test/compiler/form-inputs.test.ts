import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compileFixture } from "../support/compile.js";
import { serveForTest } from "../support/http.js";
import type { Problem } from "honest";
import { badRequestListing, problem } from "../support/problem.js";

// docs/guide/forms-and-uploads.md, "Forms and file uploads": Form<T> compiled by the transformer and
// exercised through app.request and over a real socket, urlencoded and
// multipart: scalars, arrays, optional fields, files, undeclared and
// `__proto__` fields dropped, every fault listed, 415, 413 (a big upload
// refused before it is all sent), and malformed multipart.

const controller = `
import { Controller, Post } from "honest";
import type { Form, Header, i64, Json, Path } from "honest";

interface Upload {
  title: string;
  file: File;
  tags?: string[];
}

interface Fields {
  id: i64;
  ratio?: number;
  on?: boolean;
  order?: "asc" | "desc";
  names: string[];
}

@Controller()
export class FormController {
  @Post("/avatars")
  async upload(form: Form<Upload>): Promise<Json<unknown>> {
    const file = form.file;
    return { title: form.title, tags: form.tags ?? null, file: { name: file.name, type: file.type, size: file.size, text: await file.text(), isFile: file instanceof File } };
  }

  @Post("/many")
  async many(form: Form<{ files: File[]; note?: File }>): Promise<Json<unknown>> {
    return { files: await Promise.all(form.files.map(async (file) => [file.name, await file.text()])), note: form.note === undefined ? null : form.note.name };
  }

  @Post("/fields/{n}")
  async fields(n: Path<number>, h: Header<{ "x-check"?: boolean }>, form: Form<Fields>): Promise<Json<unknown>> {
    return { ...form, id: String(form.id), keys: Object.keys(form), proto: Object.getPrototypeOf(form) === Object.prototype, n, h };
  }

  @Post("/sink")
  async sink(form: Form<{ title?: string; file?: File }>): Promise<Json<unknown>> {
    return { title: form.title ?? null, size: form.file?.size ?? null };
  }
}
`;

let app: Hono;
let small: Hono;
let withRenderer: (renderError: (problem: Problem) => Response | undefined) => Hono;

beforeAll(async () => {
  const compiled = compileFixture("form-inputs", {
    "src/forms.ts": controller,
    "src/app.ts": `import { createApp, type ErrorRenderer } from "honest";
export const app = createApp({ log: false });
export const small = createApp({ log: false, bodyLimit: 1024 * 1024 });
export const withRenderer = (renderError: ErrorRenderer) => createApp({ log: false, renderError });
`,
  });
  expect(compiled.diagnostics).toEqual([]);
  ({ app, small, withRenderer } = await compiled.load<{ app: Hono; small: Hono; withRenderer: typeof withRenderer }>("src/app.ts"));
});

async function post(path: string, body: BodyInit, headers?: Record<string, string>, on = app): Promise<{ status: number; body: any }> {
  const response = await on.request(path, { method: "POST", body, ...(headers ? { headers } : {}) });
  return { status: response.status, body: await response.json() };
}

const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

function formData(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("Form<T>, urlencoded", () => {
  it("parses scalars as path parameters do, repeated fields as arrays, + as a space", async () => {
    const { status, body } = await post(
      "/fields/2",
      "id=-9223372036854775808&ratio=-2.5e3&on=false&order=desc&names=a+b&names=%E2%9C%93&names=",
      urlencoded,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      id: "-9223372036854775808",
      ratio: -2500,
      on: false,
      order: "desc",
      names: ["a b", "✓", ""],
      keys: ["id", "ratio", "on", "order", "names"],
      proto: true,
      n: 2,
      h: {},
    });
  });

  it("takes a charset of UTF-8 and any case of the media type", async () => {
    expect((await post("/fields/1", "id=1", { "content-type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" })).body.names).toEqual(
      [],
    );
  });

  it("lists every fault at once, with form. paths, and a broken escape as a fault of its field", async () => {
    expect(await post("/fields/1", "ratio=1e400&on=yes&order=up&order=asc&names=%zz&names=b", urlencoded)).toEqual(
      badRequestListing("the form does not match its declared type (5 errors)", [
        { path: "form.id", expected: "64-bit integer", got: "missing" },
        { path: "form.ratio", expected: "number", got: '"1e400"' },
        { path: "form.on", expected: "true or false", got: '"yes"' },
        { path: "form.order", expected: '"asc" | "desc"', got: "2 values" },
        { path: "form.names[0]", expected: "string", got: 'broken percent-encoding "%zz"' },
      ]),
    );
  });

  it("drops undeclared and __proto__ fields", async () => {
    const { status, body } = await post("/fields/1", "__proto__=x&__proto__[polluted]=1&constructor=y&extra=1&id=5&toString=1", urlencoded);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: "5", keys: ["id", "names"], proto: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a file field sent as text", async () => {
    expect((await post("/avatars", "title=t&file=x", urlencoded)).body.errors).toEqual([
      { path: "form.file", expected: "file", got: '"x"' },
    ]);
  });

  it("runs after the path and the headers, where the body is read", async () => {
    expect((await post("/fields/x", "nonsense", { "content-type": "text/plain" })).body.detail).toContain('path parameter "n"');
    const header = await post("/fields/1", "nonsense", { "content-type": "text/plain", "x-check": "maybe" });
    expect(header.body.errors).toEqual([{ path: "header.x-check", expected: "true or false", got: '"maybe"' }]);
  });
});

describe("Form<T>, the body's checks", () => {
  it("refuses another content type, or none, with 415", async () => {
    for (const [type, detail] of [
      [
        "application/json",
        'expected a form body with content-type application/x-www-form-urlencoded or multipart/form-data; got "application/json"',
      ],
      [
        "application/x-www-form-urlencoded, text/plain",
        'expected a form body with content-type application/x-www-form-urlencoded or multipart/form-data; got more than one content-type: "application/x-www-form-urlencoded, text/plain"',
      ],
      [
        "application/x-www-form-urlencoded; charset=latin1",
        'a form body must be UTF-8; got content-type "application/x-www-form-urlencoded; charset=latin1"',
      ],
    ] as const) {
      expect(await post("/fields/1", "id=1", { "content-type": type })).toEqual({
        status: 415,
        body: { type: "about:blank", title: "Unsupported Media Type", status: 415, detail, requestId: expect.any(String) },
      });
    }
    const none = await app.request("/fields/1", { method: "POST", body: new Uint8Array([105, 100, 61, 49]) });
    expect(none.status).toBe(415);
    expect((await none.json()).detail).toContain("got no content-type");
  });

  it("refuses a content-encoding (415) and a body over bodyLimit (413), as a JSON body", async () => {
    expect((await post("/fields/1", "id=1", { ...urlencoded, "content-encoding": "gzip" })).status).toBe(415);
    const big = await post("/sink", `title=${"x".repeat(1024 * 1024 + 1)}`, urlencoded, small);
    expect(big).toEqual({
      status: 413,
      body: problem(413, "Content Too Large", "the request body is larger than the limit of 1048576 bytes"),
    });
  });

  it("refuses a body that is not UTF-8", async () => {
    expect((await post("/fields/1", new Uint8Array([105, 100, 61, 0xff]), urlencoded)).body.detail).toBe(
      "the request body is not valid UTF-8",
    );
  });

  it("gives renderError check: form, content-type and body-size", async () => {
    const checks: string[] = [];
    const rendered = withRenderer((problem) => {
      checks.push(problem.check);
      return undefined;
    });
    await rendered.request("/fields/1", { method: "POST", body: "on=1", headers: urlencoded });
    await rendered.request("/fields/1", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    await rendered.request("/sink", { method: "POST", body: formData([["title", "x".repeat(2 * 1024 * 1024)]]) });
    expect(checks).toEqual(["form", "content-type", "body-size"]);
  });
});

describe("Form<T>, multipart", () => {
  it("gives a file as a Web File: name, type, size and contents", async () => {
    const data = formData([
      ["title", "Me ✓"],
      ["file", new File(["hello, world"], "me.png", { type: "image/png" })],
      ["tags", "a"],
      ["tags", "b"],
    ]);
    expect(await post("/avatars", data)).toEqual({
      status: 200,
      body: { title: "Me ✓", tags: ["a", "b"], file: { name: "me.png", type: "image/png", size: 12, text: "hello, world", isFile: true } },
    });
  });

  it("gives several files in order, an optional one absent, and a binary file byte for byte", async () => {
    const bytes = new Uint8Array(256).map((_, index) => index);
    const data = formData([
      ["files", new File(["one"], "1.txt")],
      ["files", new File(["two"], "2.txt")],
    ]);
    expect((await post("/many", data)).body).toEqual({
      files: [
        ["1.txt", "one"],
        ["2.txt", "two"],
      ],
      note: null,
    });
    const binary = await post("/sink", formData([["file", new File([bytes], "b.bin")]]));
    expect(binary.body.size).toBe(256);
  });

  it("reads the same scalars and faults as a urlencoded form, and drops undeclared and __proto__ fields", async () => {
    const data = formData([
      ["__proto__", "x"],
      ["id", "7"],
      ["names", "a"],
      ["extra", new File(["x"], "x.txt")],
    ]);
    expect((await post("/fields/1", data)).body).toMatchObject({ id: "7", names: ["a"], keys: ["id", "names"], proto: true });
    const faults = await post(
      "/avatars",
      formData([
        ["file", "text"],
        ["title", "a"],
        ["title", "b"],
      ]),
    );
    expect(faults).toMatchObject({
      status: 400,
      body: {
        detail: "the form does not match its declared type (2 errors)",
        errors: [
          { path: "form.title", expected: "string", got: "2 values" },
          { path: "form.file", expected: "file", got: '"text"' },
        ],
      },
    });
    const fileForText = await post("/fields/1", formData([["id", new File(["1"], "id.txt")]]));
    expect(fileForText.body.errors).toEqual([{ path: "form.id", expected: "64-bit integer", got: 'file "id.txt"' }]);
  });

  it("treats an empty file input (no file chosen) as absent", async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n';
    expect(await post("/sink", body, { "content-type": "multipart/form-data; boundary=b" })).toEqual({
      status: 200,
      body: { title: null, size: null },
    });
  });

  it("refuses a broken boundary or malformed multipart with 400, check: body", async () => {
    const part = '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n';
    const type = { "content-type": "multipart/form-data; boundary=b" };
    expect(await post("/sink", `${part}--b--\r\n`, type)).toEqual({ status: 200, body: { title: "hi", size: null } });
    for (const [body, headers] of [
      [part, type],
      [`${part}--c--\r\n`, type],
      ["garbage", type],
      [`${part}--b--\r\n`, { "content-type": "multipart/form-data" }],
      [`${part}--b--\r\n`, { "content-type": "multipart/form-data; boundary=" }],
    ] as const) {
      const answer = await post("/sink", body, headers);
      expect(answer.status, body).toBe(400);
      expect(answer.body.detail).toMatch(/multipart\/form-data/);
    }
  });
});

describe("Form<T> over a socket", () => {
  let running: ReturnType<typeof serveForTest>;
  let port: number;
  beforeAll(async () => {
    running = serveForTest(small);
    port = (await running.listening).port;
  });
  afterAll(() => running.close());

  it("uploads a file", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/avatars`, {
      method: "POST",
      body: formData([
        ["title", "t"],
        ["file", new File(["x".repeat(100_000)], "big.txt", { type: "text/plain" })],
      ]),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).file).toMatchObject({ name: "big.txt", type: "text/plain", size: 100_000 });
  });

  it("answers 413 to a 5 MB chunked upload with a 1 MB limit before the client has sent it all", async () => {
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (data) => (answer += data));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.on("error", () => {});
    socket.write("POST /sink HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\ncontent-type: multipart/form-data; boundary=b\r\n\r\n");
    const head = '--b\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n';
    socket.write(`${head.length.toString(16)}\r\n${head}\r\n`);
    const piece = "x".repeat(64 * 1024);
    let sent = 0;
    // Sends 64 KB at a time, waiting for each to leave, until the answer arrives or 5 MB are sent.
    while (sent < 5 * 1024 * 1024 && answer === "" && !socket.destroyed) {
      await new Promise<void>((resolve) => socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`, () => resolve()));
      sent += piece.length;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("the request body is larger than the limit of 1048576 bytes");
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });
});
