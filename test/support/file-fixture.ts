// A controller of file answers (docs/guide/files.md, "Files"), compiled by
// the file tests: bytes, text, a Blob of a declared type among several, a
// stream with and without a length, a file on disk read by honest/node's
// fileFrom (its path given by the query), a POST that answers a file, and a
// probe that counts how far each stream was read.

export const fileController = `
import { Controller, Get, Post, download, HttpError } from "honest";
import type { Download, Json, Query } from "honest";
import { fileFrom } from "honest/node";
import type { Context } from "hono";
import { probe } from "./probe.js";

/** The 26 letters, as bytes. */
const LETTERS = new TextEncoder().encode("abcdefghijklmnopqrstuvwxyz");

/** A stream of the letters, 4 at a time, counting what was pulled. */
function letterStream(): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= LETTERS.length) return controller.close();
      controller.enqueue(LETTERS.slice(at, at + 4));
      at += 4;
      probe.pulled += 1;
    },
    cancel() {
      probe.cancelled += 1;
    },
  }, { highWaterMark: 0 });
}

/** Files: bytes, text, Blobs, streams and a file on disk. */
@Controller({ prefix: "/files" })
export class FileController {
  /** The letters, as a text file with a validator. */
  @Get("/letters")
  async letters(c: Context): Promise<Download<"text/plain">> {
    c.header("x-kept", "yes");
    return download(LETTERS, { name: "letters.txt", etag: '"v1"', lastModified: new Date("2026-01-02T03:04:05.678Z") });
  }

  /** Text, shown inline, of a name that is not ASCII. */
  @Get("/notes")
  async notes(): Promise<Download<"text/csv; charset=utf-8">> {
    return download("name,price\\nthé,1\\n", { name: "prix d'été.csv", inline: true });
  }

  /** A Blob whose own type is one of the two the route declares. */
  @Get("/picture")
  async picture(): Promise<Download<"image/png" | "image/gif">> {
    return download(new Blob([new Uint8Array([71, 73, 70, 56])], { type: "image/gif" }));
  }

  /** A Blob whose own type is none the route declares, and no type given: the handler's fault. */
  @Get("/mistyped")
  async mistyped(): Promise<Download<"image/png" | "image/gif">> {
    return download(new Blob([new Uint8Array([1])], { type: "image/webp" }));
  }

  /** A stream of the letters, its length given when the query asks. */
  @Get("/stream")
  async stream({ sized }: Query<{ sized?: boolean }>): Promise<Download> {
    return download(letterStream(), sized ? { length: LETTERS.length } : {});
  }

  /** A file on disk. */
  @Get("/disk")
  async disk({ path, etag }: Query<{ path: string; etag?: string }>): Promise<Download> {
    const file = await fileFrom(path).catch(() => {
      throw new HttpError(404, "no such file");
    });
    return download(file, { etag });
  }

  /** A file made for a POST: no ranges. */
  @Post("/report")
  async report(body: Json<{ rows: number }>): Promise<Download<"text/csv">> {
    return download("n\\n".repeat(body.rows), { name: "report.csv" });
  }
}
`;

export const fileProbe = `
/** How many pieces the letter streams gave, and how many were cancelled. */
export const probe = { pulled: 0, cancelled: 0 };
`;
