import { MaxHeaderSizeExceededError, MultipartParseError, MultipartParser, type MultipartPart } from "@remix-run/multipart-parser";
import { BodyBounds } from "../body/body-bounds.js";
import type { BodyRoom } from "../body/body-room.js";
import type { BodySink } from "../body/body-sink.js";
import { type HttpError, isHttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";
import { FieldMap } from "../inputs/input-fields.js";
import { headersTooLarge, LostTrack, PARSER_HEADER_SLACK, PartFrames } from "./part-frames.js";
import { baseName, readPartHeaders } from "./part-headers.js";

// A `multipart/form-data` form, parsed as its pieces arrive by
// @remix-run/multipart-parser (docs/guide/forms-and-uploads.md, "Forms and file uploads"): the pieces
// are counted against the body's bounds before the parser sees them, so a
// form past `bodyLimit` is a 413 at the piece that passes it, and no part is
// kept beyond the limit. The parser keeps views of the pieces it is given as
// a part's content, so under serve each such piece takes its room first
// (docs/reference/limits.md, "Bodies held at once, and connections"). The parser frames the parts; each part's headers are
// read from their bytes, one way only (part-frames.ts, part-headers.ts).
// Text parts become strings; parts sent with a filename become Web Files
// named by the file name's last segment; a part without a name names no field
// and is dropped, as is an empty file input (a browser sends `filename=""`
// and no bytes when no file was chosen). Anything the parser cannot read (a
// wrong or missing boundary, a part's headers over 8 KiB, more than 1 000
// parts, a body that ends before the closing boundary), and headers that
// could be read two ways, are a 400.

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Parts a form may have: the parser's default, ample for any HTML form. */
const MAX_PARTS = 1000;
/** Bytes of a part's headers: the parser's default, 8 KiB. */
const MAX_HEADER_SIZE = 8 * 1024;

export class MultipartFields implements BodySink<FieldMap> {
  readonly #bounds: BodyBounds;
  readonly #parser: MultipartParser;
  readonly #frames: PartFrames;
  readonly #fields = new FieldMap();
  readonly #room: BodyRoom | undefined;
  #parts = 0;

  /** Told of honest's own fault, which is answered 500 and must be logged with the request's id. */
  readonly #fault: (error: unknown) => void;

  constructor(limit: number, boundary: string, room: BodyRoom | undefined, fault: (error: unknown) => void) {
    this.#fault = fault;
    this.#bounds = new BodyBounds(limit);
    this.#room = room;
    // The parser's own limits are set to the body's: the bounds above refuse first.
    this.#parser = new MultipartParser(boundary, {
      maxHeaderSize: MAX_HEADER_SIZE + PARSER_HEADER_SLACK,
      maxFileSize: limit,
      maxTotalSize: limit,
      maxParts: MAX_PARTS,
    });
    this.#frames = new PartFrames(boundary, MAX_HEADER_SIZE);
  }

  add(piece: Uint8Array): HttpError | undefined {
    const refused = this.#bounds.count(piece);
    if (refused !== undefined) return refused;
    try {
      // Past the closing boundary the parser takes nothing more (it would throw).
      if (this.#frames.closed) {
        this.#frames.after(piece);
        return undefined;
      }
      const full = this.#room?.take(piece.byteLength);
      if (full !== undefined) return full;
      this.#frames.see(piece);
      for (const part of this.#parser.write(piece)) this.#take(this.#frames.headers(part.size), part);
      this.#frames.seen();
    } catch (error) {
      return answerTo(error, this.#fault);
    }
    return undefined;
  }

  end(): FieldMap {
    try {
      this.#parser.finish();
      this.#frames.finish();
    } catch (error) {
      throw answerTo(error, this.#fault);
    }
    return this.#fields;
  }

  #take(text: string, part: MultipartPart): void {
    const number = ++this.#parts;
    const headers = readPartHeaders(text);
    if (typeof headers === "string") throw malformed(`part ${number} ${headers}`);
    const { name, filename } = headers;
    if (name === undefined) return;
    if (filename !== undefined) {
      if (filename !== "" || part.size > 0)
        this.#fields.add(name, new File(part.content as Uint8Array<ArrayBuffer>[], baseName(filename), { type: headers.type }));
      return;
    }
    try {
      this.#fields.add(name, utf8.decode(part.bytes));
    } catch {
      throw refusal("body", 400, `the form field ${JSON.stringify(name)} is not valid UTF-8`);
    }
  }
}

function malformed(reason: string): HttpError {
  return refusal("body", 400, `the request body is not valid multipart/form-data: ${reason}`);
}

/** The answer to what the parser, the frames or a part threw. */
function answerTo(error: unknown, fault: (error: unknown) => void): HttpError {
  if (isHttpError(error)) return error;
  if (error instanceof MaxHeaderSizeExceededError) return headersTooLarge(MAX_HEADER_SIZE);
  if (error instanceof MultipartParseError) return malformed(error.message);
  // A LostTrack, or anything else: honest's fault, logged, and never a misread form.
  fault(error instanceof LostTrack ? error.message : error);
  return refusal("server", 500, "the server failed to complete the request");
}
