import { refusal } from "../errors/failed-check.js";
import { readParameters } from "./header-parameters.js";

// Which of the two form encodings a request body is in, from its
// content-type, read as docs/guide/forms-and-uploads.md's "Forms and file uploads" says: the media
// type compared case-insensitively, whitespace around it ignored; its
// parameters read one way only (header-parameters.ts), so a parameter given
// twice, or written so that readers could disagree, is a 400;
// `multipart/form-data` must name its boundary; a `charset`, if given to a
// urlencoded form, must say UTF-8 (the encoding its escapes are decoded as).
// Any other type, none, or two (a comma) is a 415.

export type FormEncoding = { readonly kind: "urlencoded" } | { readonly kind: "multipart"; readonly boundary: string };

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
/** RFC 2046 §5.1.1: 1 to 70 characters from this set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

export function formEncoding(contentType: string | null): FormEncoding {
  const expected = `expected a form body with content-type ${URLENCODED} or ${MULTIPART}`;
  if (contentType === null) throw refusal("content-type", 415, `${expected}; got no content-type`);
  // A comma outside a quoted boundary: two content-types joined (docs/reference/limits.md, "Limits, timeouts and failures": framing headers).
  if (contentType.replace(/"[^"]*"/g, "").includes(",")) {
    throw refusal("content-type", 415, `${expected}; got more than one content-type: ${JSON.stringify(contentType)}`);
  }
  const semicolon = contentType.indexOf(";");
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  if (type !== URLENCODED && type !== MULTIPART) throw refusal("content-type", 415, `${expected}; got ${JSON.stringify(contentType)}`);
  const parameters = semicolon === -1 ? new Map() : readParameters(contentType, semicolon);
  if (typeof parameters === "string") {
    throw refusal("body", 400, `the request body's content-type ${JSON.stringify(contentType)} ${parameters}`);
  }
  if (type === URLENCODED) {
    const charset = parameters.get("charset")?.value.toLowerCase();
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
      throw refusal("content-type", 415, `a form body must be UTF-8; got content-type ${JSON.stringify(contentType)}`);
    }
    return { kind: "urlencoded" };
  }
  const boundary = parameters.get("boundary")?.value;
  if (boundary === undefined || !BOUNDARY.test(boundary)) {
    throw refusal(
      "body",
      400,
      `the request body's content-type ${JSON.stringify(contentType)} has ${boundary === undefined ? "no" : "an invalid"} boundary; a multipart/form-data body needs one of 1 to 70 characters`,
    );
  }
  return { kind: "multipart", boundary };
}
