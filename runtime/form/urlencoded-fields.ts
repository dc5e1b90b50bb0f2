import { BodyBuffer } from "../body/body-buffer.js";
import type { BodyRoom } from "../body/body-room.js";
import type { BodySink } from "../body/body-sink.js";
import type { HttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";
import type { FieldMap } from "../inputs/input-fields.js";
import { urlencodedFields } from "../inputs/query-fields.js";

// An `application/x-www-form-urlencoded` form: the body gathered within its
// bounds (as a JSON body is), then read as a query string is, `+` as a space
// and a broken escape a fault of its field.

const utf8 = new TextDecoder("utf-8", { fatal: true });

export class UrlencodedFields implements BodySink<FieldMap> {
  readonly #body: BodyBuffer;

  constructor(limit: number, declared: number | undefined, room?: BodyRoom) {
    this.#body = new BodyBuffer(limit, declared, room);
  }

  add(piece: Uint8Array): HttpError | undefined {
    return this.#body.add(piece);
  }

  end(): FieldMap {
    let text: string;
    try {
      text = utf8.decode(this.#body.end());
    } catch {
      throw refusal("body", 400, "the request body is not valid UTF-8");
    }
    return urlencodedFields(text);
  }
}
