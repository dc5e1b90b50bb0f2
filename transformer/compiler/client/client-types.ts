import type { DocComment, JsonShape, NamedShape, ObjectShape, ShapeTable } from "../model.js";
import { propertyKey, typeNameOf, type UniqueNames } from "./client-names.js";

// The TypeScript types of a generated client, written from the program's
// JSON shapes: what the route declares, with `i64` (and `bigint`) as
// `bigint`. A declared object type is an interface of its name; anonymous
// objects, dictionaries, arrays and unions are written where they are used,
// and one that refers to itself is a type alias, as the program wrote it.

export class ClientTypes {
  readonly #names = new Map<number, string>();
  readonly #used: NamedShape[] = [];

  constructor(
    /** The program's named shapes, indexed by id. */
    readonly table: ShapeTable,
    readonly unique: UniqueNames,
  ) {}

  entry(id: number): NamedShape {
    return this.table[id]!;
  }

  /** The shape as a TypeScript type; the named types it uses are declared by `declarations()`. */
  typeOf(shape: JsonShape): string {
    switch (shape.kind) {
      case "string":
      case "number":
      case "boolean":
      case "null":
      case "bigint":
      case "unknown":
        return shape.kind;
      case "literal":
        return JSON.stringify(shape.value);
      case "array":
        return `${this.#operand(shape.element)}[]`;
      case "tuple": {
        const elements = shape.elements.map((element, index) => `${this.typeOf(element)}${index >= shape.required ? "?" : ""}`);
        if (shape.rest) elements.push(`...${this.#operand(shape.rest)}[]`);
        return `[${elements.join(", ")}]`;
      }
      case "object":
        return this.#objectType(shape, false);
      case "union":
        return shape.members.map((member) => this.typeOf(member)).join(" | ");
      case "reference": {
        const entry = this.entry(shape.id);
        return this.isDeclared(entry) ? this.#nameOf(entry) : this.typeOf(entry.shape);
      }
    }
  }

  /** The declarations of the named types used so far, in the order first used; declaring one may use more. */
  declarations(): string[] {
    const declarations: string[] = [];
    for (let index = 0; index < this.#used.length; index++) {
      const entry = this.#used[index]!;
      const doc = docLines(entry.doc, "");
      const name = this.#nameOf(entry);
      const { shape } = entry;
      declarations.push(
        shape.kind === "object" && shape.additional === undefined
          ? `${doc}export interface ${name} ${this.#objectType(shape, true)}`
          : `${doc}export type ${name} = ${this.typeOf(shape)};`,
      );
    }
    return declarations;
  }

  /** Whether the named type is declared by name (an interface, or an alias that refers to itself), rather than written where it is used. */
  isDeclared(entry: NamedShape): boolean {
    if (entry.recursive) return true;
    const { shape } = entry;
    return shape.kind === "object" && entry.name !== "object" && !(shape.properties.length === 0 && shape.additional !== undefined);
  }

  #nameOf(entry: NamedShape): string {
    let name = this.#names.get(entry.id);
    if (name === undefined) {
      name = this.unique.take(typeNameOf(entry));
      this.#names.set(entry.id, name);
      this.#used.push(entry);
    }
    return name;
  }

  /** A type written before `[]`: a union or intersection needs parentheses. */
  #operand(shape: JsonShape): string {
    const type = this.typeOf(shape);
    return hasOperatorOutside(type) ? `(${type})` : type;
  }

  /** A declared type's members one a line, with their doc comments; a type written where it is used, on one line. */
  #objectType(shape: ObjectShape, declared: boolean): string {
    const members = shape.properties.map(
      (property) => `${propertyKey(property.name)}${property.optional ? "?" : ""}: ${this.typeOf(property.shape)};`,
    );
    const lines = shape.properties.map((property, index) => `${docLines(property.doc, "  ")}  ${members[index]}`);
    const object = members.length === 0 ? "{}" : declared ? `{\n${lines.join("\n")}\n}` : `{ ${members.join(" ").replace(/;$/, "")} }`;
    if (shape.additional === undefined) return object;
    const record = `Record<string, ${this.typeOf(shape.additional)}>`;
    return members.length === 0 ? record : `${object} & ${record}`;
  }
}

/** Whether a `|` or `&` of the type stands outside its braces, brackets, parentheses and strings: `{ a: 1 } | { b: 2 }`, not `{ a: 1 | 2 }`. */
function hasOperatorOutside(type: string): boolean {
  let depth = 0;
  for (let index = 0; index < type.length; index++) {
    const char = type[index]!;
    if (char === '"') index = closingQuote(type, index);
    else if (char === "{" || char === "[" || char === "(" || char === "<") depth++;
    else if (char === "}" || char === "]" || char === ")" || char === ">") depth--;
    else if ((char === "|" || char === "&") && depth === 0) return true;
  }
  return false;
}

/** The index of the quote that ends the JSON string starting at `start`. */
function closingQuote(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
  return index;
}

/** A doc comment's summary and description, as the client's users read them in their editor. */
export function docLines(doc: DocComment | undefined, indent: string): string {
  const text = [doc?.summary, doc?.description].filter((part) => part !== undefined).join("\n\n");
  const lines = text === "" ? [] : text.split("\n").map((line) => line.replaceAll("*/", "*\\/"));
  if (doc?.deprecated) lines.push("@deprecated");
  if (lines.length === 0) return "";
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line === "" ? "" : ` ${line}`}`).join("\n")}\n${indent} */\n`;
}
