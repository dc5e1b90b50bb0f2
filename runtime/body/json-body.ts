import type { Context } from "hono";
import { BodyBuffer } from "./body-buffer.js";
import { declaredLength, jsonContentTypeProblem, nodeBodyHeaders, webBodyHeaders } from "./body-headers.js";
import { refusal } from "../errors/failed-check.js";
import { readIncoming, unreadNodeBody } from "./node-incoming.js";
import { readStream } from "./body-stream.js";

// Reads a `Json<T>` body: the content type is checked first (415), then the
// codings and the declared size (415, 400, 413, before a byte is read), then
// the size and the pieces as the body arrives (413, 400), then the JSON
// itself (400). Nothing reaches the handler unless all pass, and then the
// generated check of its type (body-check.ts).

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body's text, once it is known to be JSON-typed, within the limit, UTF-8 and not empty. */
export async function readJsonBody(c: Context, limit: number): Promise<string> {
  const node = unreadNodeBody(c);
  const headers = node ? nodeBodyHeaders(node.incoming) : webBodyHeaders(c.req.raw.headers);
  const refused = jsonContentTypeProblem(headers.contentType);
  if (refused !== undefined) throw refusal("content-type", 415, refused);
  const length = declaredLength(headers);
  if (length !== null && length > limit) throw refusal("body-size", 413, `the request body is larger than the limit of ${limit} bytes`);
  // On Node, the bytes come straight from its request (taking their room,
  // under serve, as they are held). Elsewhere, with a declared length within
  // the limit, the body is read whole (the HTTP layer delivers exactly that
  // many bytes); without one, piece by piece.
  const bytes = node
    ? await readIncoming(node.incoming, node.outgoing, length, (room) => new BodyBuffer(limit, length ?? undefined, room))
    : length !== null
      ? new Uint8Array(await c.req.arrayBuffer())
      : await readStream(c.req.raw, new BodyBuffer(limit));
  const text = utf8Text(bytes);
  if (text.trim().length === 0) throw refusal("body", 400, "the request body is empty; expected a JSON document");
  return text;
}

function utf8Text(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw refusal("body", 400, "the request body is not valid UTF-8");
  }
}
