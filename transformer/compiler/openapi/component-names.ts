import type { NamedShape, ShapeTable } from "../model.js";

// Names of the named shapes under `components.schemas`, from the names the
// program gives its types: `Item`, `Page<Item>` as `Page_Item` (OpenAPI
// allows only letters, digits, `.`, `-` and `_` in a component's name), a
// second type of the same name as `Item_2`. Declared object types are named
// in table order, which is the program's file order, so the same program
// always gives the same names. `Problem` is honest's own: the schema of
// every error answer.
//
// Anonymous object types, dictionaries (`Record<string, T>`) and arrays or
// unions that the table holds only because they are recursive are written
// inline; one of those gets a name only when a cycle never reaches a named
// type, and it must refer to itself.

export class ComponentNames {
  readonly #names = new Map<number, string>();
  readonly #taken = new Map<string, number>([["Problem", 1]]);

  constructor(table: ShapeTable) {
    for (const entry of table) if (!isWrittenInline(entry)) this.#names.set(entry.id, this.#take(entry.name));
  }

  /** The component name of a shape that is always a component; undefined for one written inline. */
  declared(id: number): string | undefined {
    return this.#names.get(id);
  }

  /** A name for a shape written inline that turned out to need one. */
  nameInline(entry: NamedShape): string {
    let name = this.#names.get(entry.id);
    if (name === undefined) this.#names.set(entry.id, (name = this.#take(entry.name)));
    return name;
  }

  #take(typeName: string): string {
    const base = typeName.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "");
    const readable = base === "" || base === "object" ? "Anonymous" : base;
    const count = (this.#taken.get(readable) ?? 0) + 1;
    this.#taken.set(readable, count);
    return count === 1 ? readable : `${readable}_${count}`;
  }
}

function isWrittenInline(entry: NamedShape): boolean {
  if (entry.shape.kind !== "object") return true;
  if (entry.name === "object") return true;
  return entry.shape.properties.length === 0 && entry.shape.additional !== undefined;
}
