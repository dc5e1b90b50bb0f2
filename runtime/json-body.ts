import type { Context } from "hono";
import { HttpError } from "./http-error.js";
import { readIncoming, unreadNodeIncoming } from "./node-incoming.js";

// Reads a `Json<T>` body: the content type is checked first (415), then the
// size (413, before the body is read when content-length says so, and while
// reading when it does not), then the JSON itself (400). Nothing reaches the
// handler unless all three pass, and then the generated check of its type
// (body-check.ts).

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body's text, once it is known to be JSON-typed, within the limit, UTF-8 and not empty. */
export async function readJsonBody(c: Context, limit: number): Promise<string> {
  const incoming = unreadNodeIncoming(c);
  const headers = incoming ? undefined : c.req.raw.headers;
  const contentType = incoming ? (incoming.headers["content-type"] ?? null) : headers!.get("content-type");
  const refused = contentTypeProblem(contentType);
  if (refused !== undefined) throw new HttpError(415, refused);
  const declaredLength = incoming ? (incoming.headers["content-length"] ?? null) : headers!.get("content-length");
  if (declaredLength !== null && Number(declaredLength) > limit) throw tooLarge(limit);
  // On Node, the bytes come straight from its request, counted as they
  // arrive. Elsewhere, with a declared length within the limit, the body is
  // read whole (the HTTP layer delivers exactly that many bytes); without one
  // (chunked), it is counted as it arrives.
  const bytes = incoming
    ? await readIncoming(incoming, limit, () => tooLarge(limit))
    : declaredLength !== null
      ? new Uint8Array(await c.req.arrayBuffer())
      : await readBytes(c.req.raw, limit);
  const text = utf8Text(bytes);
  if (text.trim().length === 0) throw new HttpError(400, "the request body is empty; expected a JSON document");
  return text;
}

/**
 * Why a body of this content type is not read as JSON, or undefined when it
 * is: `application/json` or any `application/*+json`, compared
 * case-insensitively, whitespace around the media type ignored, and a
 * `charset` parameter, if any, saying UTF-8 (JSON's only encoding, RFC 8259).
 * The body is then always parsed as JSON and checked against its type:
 * there is no other reading of the header that could skip the check.
 */
export function contentTypeProblem(contentType: string | null): string | undefined {
  if (contentType === "application/json") return undefined;
  const expected = "expected a JSON body with content-type application/json";
  if (contentType === null) return `${expected}; got no content-type`;
  const [mediaType = "", ...parameters] = contentType.split(";");
  const type = mediaType.trim().toLowerCase();
  if (type !== "application/json" && !(type.startsWith("application/") && type.endsWith("+json"))) {
    return `${expected}; got ${JSON.stringify(contentType)}`;
  }
  for (const parameter of parameters) {
    const equals = parameter.indexOf("=");
    if (parameter.slice(0, equals).trim().toLowerCase() !== "charset") continue;
    const charset = parameter.slice(equals + 1).trim().replace(/^"(.*)"$/, "$1").toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") return `a JSON body must be UTF-8; got content-type ${JSON.stringify(contentType)}`;
  }
  return undefined;
}

/** The whole body, counting bytes as they arrive so a body without content-length cannot pass the limit. */
async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function utf8Text(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new HttpError(400, "the request body is not valid UTF-8");
  }
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `the request body is larger than the limit of ${limit} bytes`);
}
