import type { ControllerModel, NamedShape } from "../model.js";

// Names in a generated client (docs/guide/openapi-and-clients.md, "A client generated with the app"):
//   - a controller's object: its first `@tag`, or its class name without
//     `Controller`, in lower camel case (`ItemController` → `item`,
//     `HTTPStatusController` → `httpStatus`,
//     `@tag Store items` → `storeItems`);
//   - a route's function: its handler's name;
//   - a named type: its alias or its name as the program writes it, as an
//     identifier (`Page<Item>` → `Page_Item`);
// and a second of the same name gets `_2`.

export class UniqueNames {
  readonly #taken = new Map<string, number>();

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.#taken.set(name, 1);
  }

  take(wanted: string): string {
    const count = (this.#taken.get(wanted) ?? 0) + 1;
    this.#taken.set(wanted, count);
    return count === 1 ? wanted : `${wanted}_${count}`;
  }
}

export function controllerKeyOf(controller: ControllerModel): string {
  const tag = controller.doc?.tags?.[0];
  const words = (tag ?? controller.className.replace(/(.)Controller$/, "$1")).split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  // A leading acronym is lowered whole: `HTTPStatus` → `httpStatus`, `API` → `api`.
  const lower = (word: string) => word.replace(/^[A-Z]+(?=[A-Z][a-z]|$)|^[A-Z]/, (start) => start.toLowerCase());
  const camel = words.map((word, index) => (index === 0 ? lower(word) : word[0]!.toUpperCase() + word.slice(1)));
  const key = camel.join("");
  return /^[A-Za-z_]/.test(key) ? key : `_${key}`;
}

export function typeNameOf(entry: NamedShape): string {
  const name = (entry.alias ?? entry.name).replace(/[^A-Za-z0-9_$]+/g, "_").replace(/^_+|_+$/g, "");
  return name === "" || name === "object" ? "Anonymous" : /^\d/.test(name) ? `_${name}` : name;
}

/** A property's key as TypeScript writes it: bare when an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/** Reading property `name` of `object` in JavaScript. */
export function propertyAccess(object: string, name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `${object}.${name}` : `${object}[${JSON.stringify(name)}]`;
}
