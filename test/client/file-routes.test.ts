import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture, FIXTURE_OPTIONS } from "../support/compile.js";
import { fileController, fileProbe } from "../support/file-fixture.js";

// docs/guide/files.md, "In the client": a file route's call in the generated
// client resolves to an answer whose `data` is a Blob of the bytes (a 200, or
// a 206 for a Range sent in `headers`), or with `{ stream: true }` the body
// as a ReadableStream, read as it arrives; TypeScript knows which from the
// option. An error answer (the 416) is a problem, as for any route.

type App = { request(request: Request): Response | Promise<Response> };

let dir: string;
let text: string;
let api: any;

beforeAll(async () => {
  dir = path.resolve("test/.out/client-files");
  const compiled = compileFixture(
    "client-files",
    {
      "src/file.controller.ts": fileController,
      "src/probe.ts": fileProbe,
      "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n',
    },
    {},
    { plugin: { client: path.join(dir, "client/api.ts") } },
  );
  expect(compiled.diagnostics).toEqual([]);
  text = readFileSync(path.join(dir, "client/api.ts"), "utf8");
  const { createClient } = await import(path.join(dir, "client/api.ts"));
  const { app } = await compiled.load<{ app: App }>("src/app.ts");
  api = createClient({ fetch: (request: Request) => app.request(request) });
});

describe("a file route's call", () => {
  it("is typed: a Blob by default, a stream with { stream: true }, 200 or 206 for a GET", () => {
    expect(text).toContain(
      "letters<S extends boolean = false>(options?: FileCallOptions<S>): Promise<Answer<{ status: 200 | 206; data: FileData<S> }, ApiProblem>>;",
    );
    expect(text).toContain(
      "report<S extends boolean = false>(input: { body: { rows: number } }, options?: FileCallOptions<S>): Promise<Answer<{ status: 200; data: FileData<S> }, ApiProblem>>;",
    );
  });

  it("gives the bytes as a Blob of the answer's type", async () => {
    const answer = await api.file.letters();
    expect([answer.ok, answer.status, answer.data instanceof Blob, answer.data.type]).toEqual([true, 200, true, "text/plain"]);
    expect(await answer.data.text()).toBe("abcdefghijklmnopqrstuvwxyz");
    expect(answer.response.headers.get("content-disposition")).toBe('attachment; filename="letters.txt"');
  });

  it("a Range sent in headers: a 206 whose Blob holds those bytes; past the end, the 416's problem", async () => {
    const part = await api.file.letters({ headers: { range: "bytes=3-5" } });
    expect([part.ok, part.status, await part.data.text()]).toEqual([true, 206, "def"]);
    const none = await api.file.letters({ headers: { range: "bytes=99-" } });
    expect([none.ok, none.status, none.problem.detail, none.response.headers.get("content-range")]).toEqual([
      false,
      416,
      'the range "bytes=99-" asks for no byte of the file\'s 26',
      "bytes */26",
    ]);
  });

  it("with { stream: true }, the body as a stream, read as it arrives", async () => {
    const answer = await api.file.stream({ query: { sized: true } }, { stream: true });
    expect(answer.data instanceof ReadableStream).toBe(true);
    let received = "";
    for await (const chunk of answer.data as ReadableStream<Uint8Array>) received += new TextDecoder().decode(chunk);
    expect(received).toBe("abcdefghijklmnopqrstuvwxyz");
  });

  it("TypeScript gives data the type the option says", () => {
    const consumer = path.join(dir, "client/consumer.ts");
    writeFileSync(
      consumer,
      [
        'import { createClient } from "./api.js";',
        "const api = createClient();",
        "export async function calls(): Promise<number> {",
        "  const whole = await api.file.letters();",
        "  const streamed = await api.file.letters({ stream: true });",
        "  if (!whole.ok || !streamed.ok) return 0;",
        "  const blob: Blob = whole.data;",
        "  const stream: ReadableStream<Uint8Array> = streamed.data;",
        "  const wrong: Blob = streamed.data;",
        "  return blob.size + (stream.locked ? 1 : 0) + wrong.size;",
        "}",
        "",
      ].join("\n"),
    );
    const program = ts.createProgram([consumer], { ...FIXTURE_OPTIONS, exactOptionalPropertyTypes: true, noEmit: true });
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
      line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").split("\n")[0],
    }));
    expect(errors).toEqual([
      {
        line: 9,
        message:
          "Type 'ReadableStream<Uint8Array<ArrayBufferLike>>' is missing the following properties from type 'Blob': size, type, arrayBuffer, bytes, and 3 more.",
      },
    ]);
  });
});
