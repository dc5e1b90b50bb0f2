// A download's `Content-Disposition` (RFC 6266): `attachment` or `inline`,
// and the file's name. A name of printable ASCII goes in `filename` as a
// quoted string; any other name also goes in `filename*` as UTF-8
// percent-encoded (RFC 8187), which every current browser prefers, beside an
// ASCII stand-in in `filename` for older readers (docs/guide/files.md,
// "Names"). Control characters, which a header cannot carry, become `_`.

/** RFC 8187's attr-char: what `filename*` carries as it is; everything else is percent-encoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

export function contentDisposition(name: string | undefined, inline: boolean): string | undefined {
  const kind = inline ? "inline" : "attachment";
  if (name === undefined) return inline ? kind : undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "_");
  const ascii = clean.replace(/[^\u0020-\u007e]/g, "_");
  const quoted = `"${ascii.replace(/["\\]/g, "\\$&")}"`;
  if (ascii === clean) return `${kind}; filename=${quoted}`;
  return `${kind}; filename=${quoted}; filename*=UTF-8''${extValue(clean)}`;
}

function extValue(name: string): string {
  let text = "";
  for (const byte of new TextEncoder().encode(name)) {
    const char = String.fromCharCode(byte);
    text += byte < 0x80 && ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return text;
}
