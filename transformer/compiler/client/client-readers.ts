import type { JsonShape, NamedShape, ObjectShape } from "../model.js";
import { propertyKey, typeNameOf } from "./client-names.js";
import type { CodeWriter } from "./code-writer.js";
import type { ClientTypes } from "./client-types.js";
import { bySpecificity, holdsBigInt, holdsDate, resolve } from "../shapes/shape-traits.js";

// The readers of a generated client: after parsing an answer, each gives
// the positions of its type what they declare: a bigint at an i64, a Date at
// a Date (made of its RFC 3339 text), and what JSON.parse would give
// elsewhere (an answer read exactly has bigints for every long integer, and
// one with a reader may be read exactly). A reader is a function of
// honest/client (readBigInt, readDate, readPlain, readArray, readRecord), or
// one generated for a named type that holds an i64 or a Date (`readItem`);
// positions that hold only strings and booleans need none. Readers convert, they do not check (the
// response checks do, when a client asks: client-checks.ts): the
// client believes the app's answers to match their types.

export class ClientReaders {
  readonly #functions = new Map<number, string>();
  readonly #pending: NamedShape[] = [];
  /** The readers that are functions' names (honest/client's, or generated), rather than arrow functions. */
  readonly #named = new Set<string>();
  /** The honest/client functions the readers call. */
  readonly imports = new Set<string>();

  constructor(readonly types: ClientTypes) {}

  /** A function giving a parsed value of `shape` its types, or undefined when the parsed value already has them. */
  readerOf(shape: JsonShape): string | undefined {
    if (!this.needsReading(shape)) return this.#mayHoldNumbers(shape) ? this.#use("readPlain") : undefined;
    switch (shape.kind) {
      case "bigint":
        return this.#use("readBigInt");
      case "date":
        return this.#use("readDate");
      case "array":
        return `(items) => ${this.#use("readArray")}(items, ${this.readerOf(shape.element) ?? this.#use("readPlain")})`;
      case "tuple": {
        const readers = shape.elements.map((element) => this.readerOf(element) ?? "undefined");
        const rest = shape.rest ? this.readerOf(shape.rest) : undefined;
        const readAt = `[${readers.join(", ")}][index]${rest ? ` ?? ${rest}` : ""}`;
        return `(items) => ${this.#use("readArray")}(items, (item, index) => (${readAt})?.(item) ?? item)`;
      }
      case "union":
        return this.#unionReader(shape.members);
      case "reference":
        return this.#functionOf(this.types.entry(shape.id));
      default:
        return this.#use("readPlain");
    }
  }

  /**
   * Whether a value of the shape may hold an i64 (as the server's exact body parsing decides it) or a Date, so
   * that its answer needs a reader, and is read exactly.
   */
  needsReading(shape: JsonShape): boolean {
    return holdsBigInt(shape, this.types.table) || holdsDate(shape, this.types.table);
  }

  /** Calls `reader`, a function's name or an arrow function that readerOf gave, on `argument`. */
  call(reader: string, argument: string): string {
    return this.#named.has(reader) ? `${reader}(${argument})` : `(${reader})(${argument})`;
  }

  /** The reader functions generated for named types, each once and after an empty line. */
  writeFunctions(writer: CodeWriter): void {
    for (let index = 0; index < this.#pending.length; index++) {
      const entry = this.#pending[index]!;
      const name = this.#functions.get(entry.id)!;
      const { shape } = entry;
      const body = (read: string) => {
        writer.line();
        writer.block(`function ${name}(value: unknown): unknown {`, () => writer.line(`return ${read};`), "}");
      };
      if (shape.kind !== "object") {
        body(`(${this.readerOf(shape)})(value)`);
        continue;
      }
      const readers = shape.properties.flatMap((property) => {
        const reader = this.readerOf(property.shape);
        // A quoted "__proto__" key would set the literal's prototype: computed, it is a property.
        const key = property.name === "__proto__" ? '["__proto__"]' : propertyKey(property.name);
        return reader ? [`${key}: ${reader}`] : [];
      });
      let read = readers.length === 0 ? "value" : `${this.#use("readObject")}(value, { ${readers.join(", ")} })`;
      const additional = shape.additional && this.readerOf(shape.additional);
      if (additional) {
        const known = JSON.stringify(shape.properties.map((property) => property.name));
        read = `${this.#use("readRecord")}(${read}, ${known}, ${additional})`;
      }
      body(read);
    }
  }

  #functionOf(entry: NamedShape): string {
    let name = this.#functions.get(entry.id);
    if (name === undefined) {
      name = this.types.unique.take(`read${typeNameOf(entry)}`);
      this.#functions.set(entry.id, name);
      this.#named.add(name);
      this.#pending.push(entry);
    }
    return name;
  }

  /**
   * A union: strings by its Date member if it has one (no string member can
   * be beside it: json-shapes.ts); numbers by its bigint member if it has one
   * (as a number, beside a number member, when not a 64-bit integer); objects
   * by its one object member holding an i64 or a Date, or else by the first object member, the
   * most specific first, whose literal-typed property the value matches
   * (`kind: "a"`) or whose required properties it has; arrays by its one
   * array member.
   */
  #unionReader(members: readonly JsonShape[]): string {
    const branches: string[] = [];
    const kinds = members.map((member) => resolve(member, this.types.table));
    if (kinds.some((member) => member.kind === "date")) {
      // `Date | null`: readDate leaves what is no string as it is.
      const others = members.filter((member) => member.kind !== "date");
      if (others.every((member) => !this.needsReading(member) && !this.#mayHoldNumbers(member))) return this.#use("readDate");
      branches.push(`typeof value === "string" ? ${this.#use("readDate")}(value)`);
    }
    if (kinds.some((member) => member.kind === "bigint")) {
      // Beside a number member, a number that is no 64-bit integer is that number; else it is refused.
      const numbers = kinds.some((member) => member.kind === "number" || (member.kind === "literal" && typeof member.value === "number"));
      const read = this.#use(numbers ? "readBigIntOrNumber" : "readBigInt");
      // A bigint too: the exact reading makes one of an integer of 16 digits or more.
      branches.push(`typeof value === "number" || typeof value === "bigint" ? ${read}(value)`);
    }
    const objects = members.filter((member) => this.#isObject(member));
    const holding = objects.filter((member) => this.needsReading(member));
    if (holding.length === 1) {
      branches.push(
        `typeof value === "object" && value !== null && !Array.isArray(value) ? ${this.call(this.readerOf(holding[0]!)!, "value")}`,
      );
    } else if (holding.length > 1) {
      for (const member of bySpecificity(objects, this.types.table)) {
        const read = this.needsReading(member) ? this.readerOf(member)! : this.#use("readPlain");
        branches.push(`${this.#literalTest(member) ?? this.#keysTest(member)} ? ${this.call(read, "value")}`);
      }
    }
    const arrays = members.filter((member) => member.kind === "array" || member.kind === "tuple");
    if (arrays.length === 1 && this.needsReading(arrays[0]!))
      branches.push(`Array.isArray(value) ? ${this.call(this.readerOf(arrays[0]!)!, "value")}`);
    return `(value: unknown) => ${[...branches, `${this.#use("readPlain")}(value)`].join(" : ")}`;
  }

  /** A test that a value is an object with every required property of an object member. */
  #keysTest(member: JsonShape): string {
    const shape = resolve(member, this.types.table) as ObjectShape;
    const required = shape.properties
      .filter((property) => !property.optional)
      .map((property) => `${JSON.stringify(property.name)} in value`);
    return ['typeof value === "object"', "value !== null", "!Array.isArray(value)", ...required].join(" && ");
  }

  /** A test that a value is of an object member, by its first required property of a literal type. */
  #literalTest(member: JsonShape): string | undefined {
    const shape = member.kind === "reference" ? this.types.entry(member.id).shape : member;
    if (shape.kind !== "object") return undefined;
    const property = shape.properties.find((candidate) => !candidate.optional && candidate.shape.kind === "literal");
    if (property === undefined || property.shape.kind !== "literal") return undefined;
    return `(value as Record<string, unknown> | null)?.[${JSON.stringify(property.name)}] === ${JSON.stringify(property.shape.value)}`;
  }

  #isObject(shape: JsonShape): boolean {
    return (shape.kind === "reference" ? this.types.entry(shape.id).shape : shape).kind === "object";
  }

  /** Whether a value of the shape may hold a number, which an exact reading may have made a bigint. */
  #mayHoldNumbers(shape: JsonShape, seen: Set<number> = new Set()): boolean {
    switch (shape.kind) {
      case "string":
      case "date":
      case "boolean":
      case "null":
        return false;
      case "literal":
        return typeof shape.value === "number";
      case "array":
        return this.#mayHoldNumbers(shape.element, seen);
      case "union":
        return shape.members.some((member) => this.#mayHoldNumbers(member, seen));
      case "reference":
        if (seen.has(shape.id)) return false;
        seen.add(shape.id);
        return this.#mayHoldNumbers(this.types.entry(shape.id).shape, seen);
      default:
        return true;
    }
  }

  #use(name: string): string {
    this.imports.add(name);
    this.#named.add(name);
    return name;
  }
}
