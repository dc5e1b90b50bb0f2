import { decodeComponent, FieldMap } from "./input-fields.js";

// A request's query string, read once, from the URL's text, and a form's
// `application/x-www-form-urlencoded` body, which is written the same way:
// split on `&`, each `name=value` percent-decoded with `+` as a space (as
// browsers send forms). A name whose escapes are broken names no declared key
// and is dropped; a value whose escapes are broken is a fault of its key.

export function queryFields(url: string): FieldMap {
  const start = url.indexOf("?");
  if (start === -1) return new FieldMap();
  const hash = url.indexOf("#", start);
  return urlencodedFields(url, start + 1, hash === -1 ? url.length : hash);
}

/** The fields of `text` from `from` to `end`: the whole of a urlencoded form by default. */
export function urlencodedFields(text: string, from = 0, end = text.length): FieldMap {
  const fields = new FieldMap();
  while (from <= end) {
    let to = text.indexOf("&", from);
    if (to === -1 || to > end) to = end;
    if (to > from) {
      const equals = text.indexOf("=", from);
      const split = equals === -1 || equals > to ? to : equals;
      const name = decodeComponent(text.slice(from, split), true);
      if (typeof name === "string") fields.add(name, decodeComponent(split === to ? "" : text.slice(split + 1, to), true));
    }
    from = to + 1;
  }
  return fields;
}
