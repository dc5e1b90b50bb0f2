import type { JsonShape, NamedShape, ObjectShape, ShapeTable } from "../model.js";
import { type CodeWriter, inlineTypeLiteral, type TypeMember, writeMembers } from "./code-writer.js";
import { propertyKey, typeNameOf, type UniqueNames } from "./client-names.js";

// The TypeScript types of a generated client, written from the program's
// JSON shapes: what the route declares, with `i64` (and `bigint`) as
// `bigint`, and `Date` as `Date`. A declared object type is an interface of its name; anonymous
// objects, dictionaries, arrays and unions are written where they are used,
// and one that refers to itself is a type alias, as the program wrote it.

/** A type as written, and whether a `|` or `&` joins its parts at the top, so that `[]` after it needs parentheses. */
export interface TypeText {
  readonly text: string;
  readonly compound: boolean;
}

/** An array of the type: `Item[]`, `(string | null)[]`. */
export function arrayOf(element: TypeText): string {
  return element.compound ? `(${element.text})[]` : `${element.text}[]`;
}

/** The types joined by `|`: a union when there are two or more. */
export function unionOf(members: readonly TypeText[]): TypeText {
  return members.length === 1 ? members[0]! : { text: members.map((member) => member.text).join(" | "), compound: members.length > 1 };
}

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

  /** The shape as a TypeScript type; the named types it uses are declared by `writeDeclarations()`. */
  typeOf(shape: JsonShape): string {
    return this.typeTextOf(shape).text;
  }

  /** The shape as a TypeScript type, with whether it is a union or intersection at its top. */
  typeTextOf(shape: JsonShape): TypeText {
    switch (shape.kind) {
      case "string":
      case "number":
      case "boolean":
      case "null":
      case "bigint":
      case "unknown":
        return simple(shape.kind);
      case "date":
        return simple("Date");
      case "literal":
        return simple(JSON.stringify(shape.value));
      case "array":
        return simple(arrayOf(this.typeTextOf(shape.element)));
      case "tuple": {
        const elements = shape.elements.map((element, index) => `${this.typeOf(element)}${index >= shape.required ? "?" : ""}`);
        if (shape.rest) elements.push(`...${arrayOf(this.typeTextOf(shape.rest))}`);
        return simple(`[${elements.join(", ")}]`);
      }
      case "object":
        return this.#objectType(shape);
      case "union":
        return unionOf(shape.members.map((member) => this.typeTextOf(member)));
      case "reference": {
        const entry = this.entry(shape.id);
        return this.isDeclared(entry) ? simple(this.#nameOf(entry)) : this.typeTextOf(entry.shape);
      }
    }
  }

  /** The declarations of the named types used so far, in the order first used, each followed by an empty line; declaring one may use more. */
  writeDeclarations(writer: CodeWriter): void {
    for (let index = 0; index < this.#used.length; index++) {
      const entry = this.#used[index]!;
      const name = this.#nameOf(entry);
      const { shape } = entry;
      writer.doc(entry.doc);
      if (shape.kind === "object" && shape.additional === undefined) {
        const members = this.#members(shape);
        if (members.length === 0) writer.line(`export interface ${name} {}`);
        else writer.block(`export interface ${name} {`, () => writeMembers(writer, members), "}");
      } else {
        writer.line(`export type ${name} = ${this.typeOf(shape)};`);
      }
      writer.line();
    }
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

  #members(shape: ObjectShape): TypeMember[] {
    return shape.properties.map((property) => ({
      key: propertyKey(property.name),
      optional: property.optional,
      type: this.typeOf(property.shape),
      doc: property.doc,
    }));
  }

  /** An object written where it is used, on one line; with an index signature, a Record beside its properties. */
  #objectType(shape: ObjectShape): TypeText {
    const members = this.#members(shape);
    if (shape.additional === undefined) return simple(inlineTypeLiteral(members));
    const record = `Record<string, ${this.typeOf(shape.additional)}>`;
    return members.length === 0 ? simple(record) : { text: `${inlineTypeLiteral(members)} & ${record}`, compound: true };
  }
}

function simple(text: string): TypeText {
  return { text, compound: false };
}
