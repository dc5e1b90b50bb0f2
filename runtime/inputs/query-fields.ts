import { decodeComponent, FieldMap } from "./input-fields.js";

// A request's query string, read once, from the URL's text: split on `&`,
// each `name=value` percent-decoded with `+` as a space (as browsers send
// forms). A name whose escapes are broken names no declared key and is
// dropped; a value whose escapes are broken is a fault of its key.

export function queryFields(url: string): FieldMap {
  const fields = new FieldMap();
  const start = url.indexOf("?");
  if (start === -1) return fields;
  const hash = url.indexOf("#", start);
  const end = hash === -1 ? url.length : hash;
  let from = start + 1;
  while (from <= end) {
    let to = url.indexOf("&", from);
    if (to === -1 || to > end) to = end;
    if (to > from) {
      const equals = url.indexOf("=", from);
      const split = equals === -1 || equals > to ? to : equals;
      const name = decodeComponent(url.slice(from, split), true);
      if (typeof name === "string") fields.add(name, decodeComponent(split === to ? "" : url.slice(split + 1, to), true));
    }
    from = to + 1;
  }
  return fields;
}
