import type { Context } from "hono";
import { refusal } from "../errors/failed-check.js";
import { wholeSeconds } from "../common/http-dates.js";
import { type RangeAsked, rangeAsked, rangeStillValid } from "./byte-ranges.js";
import { contentDisposition } from "./content-disposition.js";
import { type Download, isDownload } from "./download.js";

// The sender of a `Download` answer (docs/guide/files.md, "Files"): the
// generated handler passes it the media types the route declares. Headers:
// Content-Type, Content-Length where the length is known, Content-Disposition
// where the download has a name or is inline, Accept-Ranges, ETag and
// Last-Modified where given. A GET with one satisfiable `Range` (and an
// `If-Range` that still holds) gets a 206 of those bytes with Content-Range;
// one that starts past the end a 416 whose problem carries
// `Content-Range: bytes */length`; a HEAD the headers alone, its source never
// read. Bytes are never gathered: a Blob's are read as its stream is pulled
// (a file on disk, lazily, slice by slice), a stream is passed on as it is,
// so the server asks for the next piece only once the client took the last
// (back-pressure, as for streams: item-stream.ts). A stream has no Range:
// what it gives is read once, from the start.

const encoder = new TextEncoder();

export function sendDownload(c: Context, result: unknown, declared: readonly string[]): Response {
  if (!isDownload(result)) {
    throw new TypeError(
      `honest: the handler returned ${result === null ? "null" : typeof result} where its return type promises a Download; return download(...)`,
    );
  }
  const { options } = result;
  const source = typeof result.source === "string" ? encoder.encode(result.source) : result.source;
  const file = typeof File === "function" && source instanceof File ? source : undefined;
  const lastModified = options.lastModified ?? (file && new Date(file.lastModified));
  const headers: Record<string, string> = { "content-type": mediaTypeOf(result, source, declared) };
  const disposition = contentDisposition(options.name ?? (file?.name || undefined), options.inline === true);
  if (disposition !== undefined) headers["content-disposition"] = disposition;
  if (options.etag !== undefined) headers.etag = options.etag;
  if (lastModified !== undefined) headers["last-modified"] = wholeSeconds(lastModified).toUTCString();
  const head = c.req.method === "HEAD";
  // Ranges are defined for GET alone (RFC 9110 §14.2): a file a POST answers with says nothing of them.
  const ranged = head || c.req.method === "GET";
  if (source instanceof ReadableStream) {
    if (ranged) headers["accept-ranges"] = "none";
    if (options.length !== undefined) headers["content-length"] = String(options.length);
    if (!head) return c.body(source, 200, headers);
    // A HEAD never reads the stream: cancelling it lets its source (a file handle, a query) go.
    source.cancel().catch(() => {});
    return c.body(null, 200, headers);
  }
  const bytes = source instanceof ArrayBuffer ? new Uint8Array(source) : source;
  const length = bytes instanceof Blob ? bytes.size : bytes.byteLength;
  if (ranged) headers["accept-ranges"] = "bytes";
  const asked = askedOf(c, length, options.etag, lastModified);
  if (asked.kind === "unsatisfiable") {
    const range = c.req.header("range")!;
    const shown = range.length > 80 ? `${range.slice(0, 80)}…` : range;
    throw refusal("range", 416, `the range ${JSON.stringify(shown)} asks for no byte of the file's ${length}`, undefined, {
      "content-range": `bytes */${length}`,
      "accept-ranges": "bytes",
    });
  }
  if (asked.kind === "whole") {
    headers["content-length"] = String(length);
    return head ? c.body(null, 200, headers) : c.body(bodyOf(bytes, 0, length), 200, headers);
  }
  const { start, end } = asked;
  headers["content-length"] = String(end - start + 1);
  headers["content-range"] = `bytes ${start}-${end}/${length}`;
  return c.body(bodyOf(bytes, start, end + 1), 206 as 200, headers);
}

/** The Range a GET asks for, when its If-Range (if any) still holds; a HEAD or another method gets the whole file. */
function askedOf(c: Context, length: number, etag: string | undefined, lastModified: Date | undefined): RangeAsked {
  const range = c.req.header("range");
  if (range === undefined || c.req.method !== "GET") return { kind: "whole" };
  if (!rangeStillValid(c.req.header("if-range"), etag, lastModified)) return { kind: "whole" };
  return rangeAsked(range, length);
}

/** Bytes `from` to `to` (excluded): a Blob's as a stream read as it is pulled, never gathered in memory. */
function bodyOf(bytes: Blob | Uint8Array, from: number, to: number): ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> {
  // TypeScript lets a Uint8Array view a SharedArrayBuffer, which no body takes; download()'s bytes are the caller's ArrayBuffer.
  if (bytes instanceof Uint8Array)
    return (from === 0 && to === bytes.byteLength ? bytes : bytes.subarray(from, to)) as Uint8Array<ArrayBuffer>;
  return (from === 0 && to === bytes.size ? bytes : bytes.slice(from, to)).stream();
}

/**
 * The Content-Type: the one given to download(), else a Blob's own when it is one the route declares, else the
 * declared one when there is one. A download of a type the route does not declare is the handler's fault (a 500):
 * the document and the client were told otherwise.
 */
function mediaTypeOf(result: Download<string>, source: unknown, declared: readonly string[]): string {
  const given = result.type;
  if (given !== undefined) {
    if (declared.includes(given)) return given;
    throw new TypeError(`honest: the handler's download is of type ${JSON.stringify(given)}, which its return type does not declare`);
  }
  const own = source instanceof Blob ? source.type : "";
  const essence = own.split(";")[0]!.trim().toLowerCase();
  const match = declared.find((type) => type.split(";")[0]!.trim().toLowerCase() === essence);
  if (own !== "" && match !== undefined) return match;
  if (declared.length === 1) return declared[0]!;
  throw new TypeError(
    `honest: the handler's download has no media type of the ${declared.length} its return type declares; give download(source, { type })`,
  );
}
