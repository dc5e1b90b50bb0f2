import { type Parameter, readParameters, tokenEnd } from "./header-parameters.js";

// A multipart part's headers, read from their bytes rather than through the
// parser's lenient accessors (which split lines only at CRLF and cut a value
// at a lone CR, join a repeated header, and match parameter names by case),
// so that each part has one reading (docs/guide/forms-and-uploads.md, "Forms and file uploads"):
// - lines end at CRLF only; a control character other than a tab, a folded
//   line or a line that is not `name: value` is refused;
// - Content-Disposition, Content-Type and Content-Transfer-Encoding at most
//   once each; the disposition `form-data` (RFC 7578 §4.2); its parameters
//   as header-parameters.ts reads them, `NAME` being `name`;
// - `name` and `filename` as browsers write them (WHATWG, undici): `%22` is
//   a quote, and `%0D` or `%0A`, a browser's escape for a line break, is
//   refused with any other control character; `filename*` (RFC 8187, UTF-8
//   only) wins over `filename` (RFC 6266 §4.3); `name*` and RFC 2231's
//   `filename*0` are refused, as some readers would take them for the name;
// - a text part's charset, if given, must be UTF-8, what it is decoded as;
// - Content-Transfer-Encoding only 7bit, 8bit or binary: undici decodes
//   base64, honest does not.
// A refusal is a phrase that follows "part N" (`has two Content-Type headers`).

export interface PartHeaders {
  /** The field's name; undefined when the part names none. */
  readonly name: string | undefined;
  /** For a file, its name as sent (decoded, directories not yet cut); undefined for text. */
  readonly filename: string | undefined;
  /** The part's media type as written, "" without a Content-Type. */
  readonly type: string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Unicode's control characters (Cc): C0, DEL and C1. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Why a part's headers are refused: a phrase that follows "part N". */
class PartFault extends Error {}

function refuse(phrase: string): never {
  throw new PartFault(phrase);
}

/** The part's headers, or why they are refused, as a phrase that follows "part N". */
export function readPartHeaders(text: string): PartHeaders | string {
  try {
    return read(text);
  } catch (error) {
    if (error instanceof PartFault) return error.message;
    throw error;
  }
}

function read(text: string): PartHeaders {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0d && text.charCodeAt(at + 1) === 0x0a) at++;
    else if (isControl(code) && code !== 0x09) refuse(`has a control character (${codePoint(code)}) in its headers`);
  }
  let disposition: string | undefined;
  let contentType: string | undefined;
  let transferEncoding: string | undefined;
  for (const line of text.split("\r\n")) {
    if (line[0] === " " || line[0] === "\t") refuse(`has a folded header line, ${JSON.stringify(line.slice(0, 40))}`);
    const colon = line.indexOf(":");
    if (colon <= 0 || tokenEnd(line, 0) !== colon)
      refuse(`has a header line that is not "name: value", ${JSON.stringify(line.slice(0, 40))}`);
    const value = line.slice(colon + 1).trim();
    switch (line.slice(0, colon).toLowerCase()) {
      case "content-disposition":
        if (disposition !== undefined) refuse("has two Content-Disposition headers; a repeated header is refused");
        disposition = value;
        break;
      case "content-type":
        if (contentType !== undefined) refuse("has two Content-Type headers; a repeated header is refused");
        contentType = value;
        break;
      case "content-transfer-encoding":
        if (transferEncoding !== undefined) refuse("has two Content-Transfer-Encoding headers; a repeated header is refused");
        transferEncoding = value;
        break;
    }
  }
  if (transferEncoding !== undefined && !["7bit", "8bit", "binary"].includes(transferEncoding.toLowerCase())) {
    refuse(`has Content-Transfer-Encoding ${JSON.stringify(transferEncoding)}; only 7bit, 8bit and binary are read`);
  }
  let name: string | undefined;
  let filename: string | undefined;
  if (disposition !== undefined) {
    const typeEnd = tokenEnd(disposition, 0);
    if (disposition.slice(0, typeEnd).toLowerCase() !== "form-data") {
      refuse(`has Content-Disposition ${JSON.stringify(disposition.slice(0, 60))}; a form's parts are form-data`);
    }
    const parameters = readParameters(disposition, typeEnd);
    if (typeof parameters === "string") refuse(`has a Content-Disposition that ${parameters}`);
    for (const key of parameters.keys()) {
      if (key.startsWith("name*") || (key.startsWith("filename*") && key !== "filename*")) {
        refuse(`has a ${key} parameter in its Content-Disposition, which readers take differently; it is refused`);
      }
    }
    const named = parameters.get("name");
    if (named !== undefined) name = asWritten(named.value, "name");
    const plain = parameters.get("filename");
    if (plain !== undefined) filename = asWritten(plain.value, "file name");
    const extended = parameters.get("filename*");
    if (extended !== undefined) filename = extendedValue(extended);
  }
  const type = contentType === undefined ? "" : mediaType(contentType, filename === undefined);
  return { name, filename, type };
}

/** A `name` or `filename` value as browsers escape it: `%22` for a quote, `%0D` and `%0A` for CR and LF. */
function asWritten(value: string, what: string): string {
  const lineBreak = /%0[ad]/i.exec(value);
  if (lineBreak !== null)
    refuse(`has the ${what} ${JSON.stringify(value)}, with ${lineBreak[0]}: a browser's escape for a control character`);
  return withoutControls(value.replaceAll("%22", '"'), what);
}

function withoutControls(value: string, what: string): string {
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at);
    if (isControl(code)) refuse(`has the ${what} ${JSON.stringify(value)}, with a control character (${codePoint(code)})`);
  }
  return value;
}

/** Characters RFC 8187 writes as they are in an ext-value; the rest as %XX. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

/** A `filename*` value, `UTF-8''name%20escaped` (RFC 8187), decoded. */
function extendedValue({ value, quoted }: Parameter): string {
  const first = value.indexOf("'");
  const second = first === -1 ? -1 : value.indexOf("'", first + 1);
  if (quoted || second === -1) refuse(`has the filename* ${JSON.stringify(value)}, not charset'language'value (RFC 8187)`);
  const charset = value.slice(0, first);
  if (charset.toLowerCase() !== "utf-8") refuse(`has a filename* in ${JSON.stringify(charset)}; only UTF-8 is read`);
  const bytes: number[] = [];
  for (let at = second + 1; at < value.length; at++) {
    const char = value[at]!;
    if (char === "%" && /^[0-9A-Fa-f]{2}$/.test(value.slice(at + 1, at + 3))) {
      bytes.push(Number.parseInt(value.slice(at + 1, at + 3), 16));
      at += 2;
    } else if (ATTR_CHAR.test(char)) {
      bytes.push(char.charCodeAt(0));
    } else {
      refuse(`has the filename* ${JSON.stringify(value)}, with ${JSON.stringify(char)} where RFC 8187 writes an escape`);
    }
  }
  let decoded: string;
  try {
    decoded = utf8.decode(Uint8Array.from(bytes));
  } catch {
    refuse(`has the filename* ${JSON.stringify(value)}, which is not UTF-8 once decoded`);
  }
  return withoutControls(decoded, "file name");
}

/** The media type before the parameters; a text part's charset, if any, UTF-8. */
function mediaType(value: string, text: boolean): string {
  const semicolon = value.indexOf(";");
  const type = (semicolon === -1 ? value : value.slice(0, semicolon)).trim();
  const slash = type.indexOf("/");
  if (slash <= 0 || tokenEnd(type, 0) !== slash || slash === type.length - 1 || tokenEnd(type, slash + 1) !== type.length) {
    refuse(`has Content-Type ${JSON.stringify(value)}, which is not a media type`);
  }
  if (semicolon === -1) return type;
  const parameters = readParameters(value, semicolon);
  if (typeof parameters === "string") refuse(`has a Content-Type that ${parameters}`);
  const charset = parameters.get("charset")?.value.toLowerCase();
  if (text && charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    refuse(`has Content-Type ${JSON.stringify(value)}; a form's text is read as UTF-8`);
  }
  return type;
}

/**
 * What a File's `name` holds (docs/guide/forms-and-uploads.md, "Forms and file uploads"): the name
 * after its last `/` or `\`, and "" for `.` or `..`, as busboy gives it, so
 * that no directory reaches the handler. Control characters are refused above.
 */
export function baseName(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf("/"), filename.lastIndexOf("\\")) + 1);
  return base === "." || base === ".." ? "" : base;
}
