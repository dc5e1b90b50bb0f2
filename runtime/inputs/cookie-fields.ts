import { decodeComponent, FieldMap, type InputFields } from "./input-fields.js";

// A request's cookies from its `cookie` header (every line of it, for a
// client that sends several): `name=value` pairs separated by `;`, a value in
// double quotes unquoted, then percent-decoded (no `+` as space: that is the
// query string's). A pair without `=` is no cookie and is dropped.

export function cookieFields(headers: InputFields): FieldMap {
  const fields = new FieldMap();
  for (const line of headers.values("cookie") ?? []) {
    if (typeof line !== "string") continue;
    for (const pair of line.split(";")) {
      const equals = pair.indexOf("=");
      if (equals === -1) continue;
      const name = pair.slice(0, equals).trim();
      let value = pair.slice(equals + 1).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (name !== "") fields.add(name, decodeComponent(value, false));
    }
  }
  return fields;
}
