import type { Context } from "hono";
import type { BodyRoom } from "../body/body-room.js";
import { declaredLength, nodeBodyHeaders, webBodyHeaders } from "../body/body-headers.js";
import { readStream } from "../body/body-stream.js";
import { readIncoming, unreadNodeBody } from "../body/node-incoming.js";
import { refusal } from "../errors/failed-check.js";
import { type InputReaderFunction, readInput } from "../inputs/input-reader.js";
import { formEncoding } from "./form-content-type.js";
import { MultipartFields } from "./multipart-fields.js";
import { UrlencodedFields } from "./urlencoded-fields.js";
import { logFrom } from "../telemetry/app-log.js";
import { requestIdOf } from "../telemetry/request-id.js";

// Reads a `Form<T>` body (docs/guide/forms-and-uploads.md, "Forms and file uploads"), where a JSON
// body would be read and with the same checks in the same order: the content
// type (415), the codings and the declared size (415, 400, 413, before a byte
// is read), the size and pieces as the body arrives (413, 400), the encoding
// itself (400), then the declared fields, every fault listed (400, `form`).

export async function readForm<T>(c: Context, limit: number, read: InputReaderFunction<T>): Promise<T> {
  const node = unreadNodeBody(c);
  const headers = node ? nodeBodyHeaders(node.incoming) : webBodyHeaders(c.req.raw.headers);
  const encoding = formEncoding(headers.contentType);
  const length = declaredLength(headers);
  if (length !== null && length > limit) throw refusal("body-size", 413, `the request body is larger than the limit of ${limit} bytes`);
  const sinkFor = (room: BodyRoom | undefined) =>
    encoding.kind === "multipart"
      ? new MultipartFields(limit, encoding.boundary, room, (error) =>
          logFrom(c).error("a multipart form could not be read", { err: error, reqId: requestIdOf(c) }),
        )
      : new UrlencodedFields(limit, length ?? undefined, room);
  const fields = node ? await readIncoming(node.incoming, node.outgoing, length, sinkFor) : await readStream(c.req.raw, sinkFor(undefined));
  return readInput("form", fields, read);
}
