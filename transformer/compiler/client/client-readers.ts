import type { JsonShape, NamedShape } from "../model.js";
import { propertyAccess, propertyKey, typeNameOf } from "./client-names.js";
import type { ClientTypes } from "./client-types.js";
import { holdsBigInt } from "../generate/programmers/shape-traits.js";

// The readers of a generated client: after parsing an answer, each gives
// the positions of its type what they declare: a bigint at an i64, and what
// JSON.parse would give elsewhere (an answer read exactly has bigints for
// every long integer). A reader is a function of honest/client
// (readBigInt, readPlain, readArray, readRecord), or one generated for a
// named type that holds an i64 (`readItem`); positions that hold only
// strings and booleans need none. Readers convert, they do not check: the
// client believes the app's answers to match their types.

export class ClientReaders {
  readonly #functions = new Map<number, string>();
  readonly #pending: NamedShape[] = [];
  /** The honest/client functions the readers call. */
  readonly imports = new Set<string>();

  constructor(readonly types: ClientTypes) {}

  /** A function giving a parsed value of `shape` its types, or undefined when the parsed value already has them. */
  readerOf(shape: JsonShape): string | undefined {
    if (!this.holdsI64(shape)) return this.#mayHoldNumbers(shape) ? this.#use("readPlain") : undefined;
    switch (shape.kind) {
      case "bigint":
        return this.#use("readBigInt");
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

  /** Whether a value of the shape may hold an i64 (as the server's exact body parsing decides it). */
  holdsI64(shape: JsonShape): boolean {
    return holdsBigInt(shape, this.types.table);
  }

  /** The reader functions generated for named types, each once. */
  functions(): string[] {
    const functions: string[] = [];
    for (let index = 0; index < this.#pending.length; index++) {
      const entry = this.#pending[index]!;
      const name = this.#functions.get(entry.id)!;
      const { shape } = entry;
      if (shape.kind !== "object") {
        functions.push(`function ${name}(value: unknown): unknown {\n  return (${this.readerOf(shape)})(value);\n}`);
        continue;
      }
      // The object's members named, not indexed: the module compiles under noPropertyAccessFromIndexSignature too.
      const members = shape.properties.map((property) => `${propertyKey(property.name)}?: unknown`).join("; ");
      const type = `{ ${members} }${shape.additional ? " & Record<string, unknown>" : ""}`;
      const lines = ['  if (typeof value !== "object" || value === null) return value;', `  const object = value as ${type};`];
      for (const property of shape.properties) {
        const reader = this.readerOf(property.shape);
        const member = propertyAccess("object", property.name);
        if (reader) lines.push(`  if (${member} !== undefined) ${member} = ${call(reader, member)};`);
      }
      const additional = shape.additional && this.readerOf(shape.additional);
      if (additional) {
        const known = JSON.stringify(shape.properties.map((property) => property.name));
        lines.push(`  ${this.#use("readRecord")}(object, ${known}, ${additional});`);
      }
      functions.push(`function ${name}(value: unknown): unknown {\n${lines.join("\n")}\n  return object;\n}`);
    }
    return functions;
  }

  #functionOf(entry: NamedShape): string {
    let name = this.#functions.get(entry.id);
    if (name === undefined) {
      name = this.types.unique.take(`read${typeNameOf(entry)}`);
      this.#functions.set(entry.id, name);
      this.#pending.push(entry);
    }
    return name;
  }

  /**
   * A union: numbers by its bigint member if it has one; objects by its one
   * object member holding an i64, or by the member whose literal-typed
   * property the value matches (`kind: "a"`); arrays by its one array member.
   */
  #unionReader(members: readonly JsonShape[]): string {
    const branches: string[] = [];
    if (members.some((member) => member.kind === "bigint")) branches.push(`typeof value === "number" ? ${this.#use("readBigInt")}(value)`);
    const objects = members.filter((member) => this.#isObject(member) && this.holdsI64(member));
    if (objects.length === 1) {
      branches.push(`typeof value === "object" && value !== null && !Array.isArray(value) ? ${call(this.readerOf(objects[0]!)!, "value")}`);
    } else {
      for (const member of objects) {
        const test = this.#literalTest(member);
        if (test) branches.push(`${test} ? ${call(this.readerOf(member)!, "value")}`);
      }
    }
    const arrays = members.filter((member) => member.kind === "array" || member.kind === "tuple");
    if (arrays.length === 1 && this.holdsI64(arrays[0]!))
      branches.push(`Array.isArray(value) ? ${call(this.readerOf(arrays[0]!)!, "value")}`);
    return `(value: unknown) => ${[...branches, `${this.#use("readPlain")}(value)`].join(" : ")}`;
  }

  /** A test that a value is of an object member, by its first property of a literal type. */
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
    return name;
  }
}

/** Calls `reader` (a function name or an arrow function) on `argument`. */
function call(reader: string, argument: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(reader) ? `${reader}(${argument})` : `(${reader})(${argument})`;
}
