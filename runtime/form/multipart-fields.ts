import { MultipartParser, type MultipartPart } from "@remix-run/multipart-parser";
import { BodyBounds } from "../body/body-bounds.js";
import type { BodySink } from "../body/body-sink.js";
import type { HttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";
import { FieldMap } from "../inputs/input-fields.js";

// A `multipart/form-data` form, parsed as its pieces arrive by
// @remix-run/multipart-parser (README, "Forms and file uploads"): the pieces
// are counted against the body's bounds before the parser sees them, so a
// form past `bodyLimit` is a 413 at the piece that passes it, and no part is
// kept beyond the limit. Text parts become strings; parts sent with a
// filename become Web Files; a part without a name names no field and is
// dropped, as is an empty file input (a browser sends `filename=""` and no
// bytes when no file was chosen). Anything the parser cannot read (a wrong
// or missing boundary, a part's headers over 8 KiB, more than 1 000 parts, a
// body that ends before the closing boundary) is a 400.

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Parts a form may have: the parser's default, ample for any HTML form. */
const MAX_PARTS = 1000;

export class MultipartFields implements BodySink<FieldMap> {
  readonly #bounds: BodyBounds;
  readonly #parser: MultipartParser;
  readonly #fields = new FieldMap();

  constructor(limit: number, boundary: string) {
    this.#bounds = new BodyBounds(limit);
    // The parser's own limits are set to the body's: the bounds above refuse first.
    this.#parser = new MultipartParser(boundary, { maxFileSize: limit, maxTotalSize: limit, maxParts: MAX_PARTS });
  }

  add(piece: Uint8Array): HttpError | undefined {
    const refused = this.#bounds.count(piece);
    if (refused !== undefined) return refused;
    try {
      for (const part of this.#parser.write(piece)) {
        const broken = this.#take(part);
        if (broken !== undefined) return broken;
      }
    } catch (error) {
      return malformed(error);
    }
    return undefined;
  }

  end(): FieldMap {
    try {
      this.#parser.finish();
    } catch (error) {
      throw malformed(error);
    }
    return this.#fields;
  }

  #take(part: MultipartPart): HttpError | undefined {
    const name = part.name;
    if (name === undefined) return undefined;
    const filename = part.filename;
    if (filename !== undefined) {
      if (filename !== "" || part.size > 0)
        this.#fields.add(name, new File(part.content as Uint8Array<ArrayBuffer>[], filename, { type: part.mediaType ?? "" }));
      return undefined;
    }
    try {
      this.#fields.add(name, utf8.decode(part.bytes));
    } catch {
      return refusal("body", 400, `the form field ${JSON.stringify(name)} is not valid UTF-8`);
    }
    return undefined;
  }
}

function malformed(error: unknown): HttpError {
  const reason = error instanceof Error ? error.message : String(error);
  return refusal("body", 400, `the request body is not valid multipart/form-data: ${reason}`);
}
