// The parameters of a header value (`; name=value`, RFC 9110 §5.6.6), read
// one way only, as docs/guide/forms-and-uploads.md's "Forms and file uploads" says: names compared
// case-insensitively, a name given twice refused (readers differ on which
// one counts), a value a token or a quoted string. A backslash in a quoted
// string is refused: RFC 9110 reads `\"` as a quote, browsers and undici
// read the backslash as written. One pass over the text, no backtracking.

export interface Parameter {
  readonly value: string;
  readonly quoted: boolean;
}

/** Characters of a token (RFC 9110 §5.6.2), by char code. */
const TCHAR = new Uint8Array(128);
for (const char of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") TCHAR[char.charCodeAt(0)] = 1;

function isTokenChar(code: number): boolean {
  return code < 128 && TCHAR[code] === 1;
}

/** The index after the token that starts at `at` (`at` itself when none does). */
export function tokenEnd(text: string, at: number): number {
  while (at < text.length && isTokenChar(text.charCodeAt(at))) at++;
  return at;
}

function spaceEnd(text: string, at: number): number {
  while (at < text.length && (text[at] === " " || text[at] === "\t")) at++;
  return at;
}

/**
 * The parameters written from `start` to the end of `text`, by lower-case
 * name, or why they cannot be read, as a phrase that follows the header's
 * name (`gives the charset parameter twice`). No space around `=`: RFC 9110
 * allows none, and a reader that allows none takes `boundary =x` for
 * another parameter than `boundary`.
 */
export function readParameters(text: string, start: number): Map<string, Parameter> | string {
  const parameters = new Map<string, Parameter>();
  let at = start;
  for (;;) {
    at = spaceEnd(text, at);
    if (at === text.length) return parameters;
    if (text[at] !== ";") return `has ${JSON.stringify(text.slice(at, at + 40))} where a ";" should come`;
    at = spaceEnd(text, at + 1);
    // `;;` and a trailing `;` are empty parameters, which RFC 9110 allows.
    if (at === text.length || text[at] === ";") continue;
    const nameEnd = tokenEnd(text, at);
    if (nameEnd === at) return `has a parameter without a name at ${JSON.stringify(text.slice(at, at + 40))}`;
    const name = text.slice(at, nameEnd).toLowerCase();
    at = nameEnd;
    const spaced = `has a space around the "=" of its ${name} parameter; write ${name}=value`;
    if (text[at] !== "=") return spaceEnd(text, at) > at ? spaced : `has a ${name} parameter without "=" and a value`;
    at++;
    if (spaceEnd(text, at) > at) return spaced;
    let value: string;
    let quoted = false;
    if (text[at] === '"') {
      const close = text.indexOf('"', at + 1);
      if (close === -1) return `has a ${name} parameter whose quoted value does not end`;
      value = text.slice(at + 1, close);
      if (value.includes("\\"))
        return `has a backslash in the quoted ${name} parameter, which readers take two ways (an escape, or as written); it is refused`;
      quoted = true;
      at = close + 1;
    } else {
      const valueEnd = tokenEnd(text, at);
      if (valueEnd === at) return `has a ${name} parameter without a value`;
      value = text.slice(at, valueEnd);
      at = valueEnd;
    }
    if (parameters.has(name)) return `gives the ${name} parameter twice; a repeated parameter is refused`;
    parameters.set(name, { value, quoted });
  }
}
