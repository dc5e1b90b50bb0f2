import { expect } from "vitest";
import type { Hono } from "hono";
import type { RunningServer } from "honest/node";
import { compileFixture } from "./compile.js";
import { serveForTest } from "./http.js";
import { problem } from "./problem.js";
import { rawBody, rawExchange, requestBytes } from "./raw-socket.js";

// A form route compiled with the real transformer and served by `serve`, for
// requests written byte for byte on a socket: POST /uploads takes an
// optional `title` and any number of `file`s, keeps what it received, and
// answers 201 with it (each file's name, type and text). `send` says what
// the handler received, or the problem document of a request that never
// reached it, after checking that such a request kept nothing.

const CONTROLLER = `import { Controller, Post } from "honest";
import type { Form, Json } from "honest";

export const received: unknown[] = [];

@Controller()
export class UploadController {
  @Post("/uploads")
  async upload(form: Form<{ title?: string; file?: File[] }>): Promise<Json<unknown, 201>> {
    const files = await Promise.all((form.file ?? []).map(async (file) => ({ name: file.name, type: file.type, text: await file.text() })));
    const upload = { title: form.title ?? null, files };
    received.push(upload);
    return upload;
  }
}
`;

export interface Upload {
  readonly title: string | null;
  readonly files: readonly { readonly name: string; readonly type: string; readonly text: string }[];
}

export interface Sent {
  readonly status: number;
  /** What the handler received, for a 201. */
  readonly received?: Upload;
  /** The problem document, for anything else. */
  readonly problem?: { type: string; title: string; status: number; detail: string };
}

export interface UploadFixture {
  /**
   * Sends `body` (a string as UTF-8) to POST /uploads with this
   * content-type, by content-length, or chunked in pieces of `pieceSize`
   * bytes, each written on its own.
   */
  send(body: string | Uint8Array, contentType: string, pieceSize?: number): Promise<Sent>;
  close(): Promise<void>;
}

/** `name` names the fixture's folder under test/.out: one per test file, as files run at once. */
export async function startUploadFixture(name: string): Promise<UploadFixture> {
  const compiled = compileFixture(name, {
    "src/uploads.ts": CONTROLLER,
    "src/app.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
  });
  expect(compiled.diagnostics).toEqual([]);
  const { app } = await compiled.load<{ app: Hono }>("src/app.ts");
  const { received } = await compiled.load<{ received: Upload[] }>("src/uploads.ts");
  const running: RunningServer = serveForTest(app);
  const { port } = await running.listening;
  return {
    async send(body, contentType, pieceSize) {
      const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body);
      const before = received.length;
      const headers: Record<string, string> = { "content-type": contentType, connection: "close" };
      const exchange = await rawExchange(port);
      // A refusal may close the connection before the last byte: the answer says what happened.
      const write = (more: string | Uint8Array) => exchange.write(more).catch(() => {});
      if (pieceSize === undefined) {
        await write(
          Buffer.concat([Buffer.from(requestBytes("POST", "/uploads", { ...headers, "content-length": String(bytes.length) })), bytes]),
        );
      } else {
        await write(requestBytes("POST", "/uploads", { ...headers, "transfer-encoding": "chunked" }));
        for (let at = 0; at < bytes.length && !exchange.socket.destroyed; at += pieceSize) {
          const piece = bytes.subarray(at, at + pieceSize);
          await write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]));
          // A pause, so that Node hands each piece to the form on its own.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await write("0\r\n\r\n");
      }
      const answer = await exchange.answer();
      exchange.socket.destroy();
      expect(answer.status, answer.text).toBeDefined();
      const status = answer.status!;
      if (status === 201) {
        expect(received.length).toBe(before + 1);
        return { status, received: received[received.length - 1] };
      }
      expect(received.length, "a refused request reached the handler").toBe(before);
      expect(answer.text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
      return { status, problem: JSON.parse(rawBody(answer)) };
    },
    close: () => running.close(),
  };
}

/** A part of a multipart body with boundary `b`: its header lines, then its content. */
export function part(headers: string, content: string): string {
  return `--b\r\n${headers}\r\n\r\n${content}\r\n`;
}

/** The content-type of a body made of `part`s. */
export const MULTIPART = "multipart/form-data; boundary=b";

/** A multipart body of these parts, closed. */
export function form(...parts: string[]): string {
  return `${parts.join("")}--b--\r\n`;
}

/** What the fixture answers for a form refused with a 400 whose detail is `detail`. */
export function badRequest(detail: string): Sent {
  return { status: 400, problem: problem(400, "Bad Request", detail) };
}
