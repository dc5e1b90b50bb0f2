import type { ShapeTable } from "../model.js";

// Names of the named shapes under `components.schemas`, from the names the
// program gives its types: `Item`, `Page<Item>` as `Page_Item` (OpenAPI
// allows only letters, digits, `.`, `-` and `_` in a component's name), a
// second type of the same name as `Item_2`, in table order, which is the
// program's file order, so the same program always gives the same names.
// Anonymous object types are written inline, unless they refer to
// themselves and need a name to do it. `Problem` is honest's own: the
// schema of every error answer.

export function componentNames(table: ShapeTable): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  const taken = new Map<string, number>([["Problem", 1]]);
  for (const entry of table) {
    const anonymous = entry.name === "object";
    if (anonymous && !entry.recursive) continue;
    const base = anonymous ? "Anonymous" : entry.name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "") || "Anonymous";
    const count = (taken.get(base) ?? 0) + 1;
    taken.set(base, count);
    names.set(entry.id, count === 1 ? base : `${base}_${count}`);
  }
  return names;
}
