import type ts from "typescript";
import type { Constraint, JsonShape, ShapeTable } from "../../model.js";
import type { Nodes } from "../factories/nodes.js";

// The functions one file's generated code needs for its JSON shapes, each
// declared once at the end of the file: for a named shape (`Item`) one
// parser, reporter and writer shared by every route that uses it, and
// further functions for the unnamed shapes a route or union needs whole.
// Asking for a function only names it and queues it; shape-declarations.ts
// has the programmers write the queued bodies, which may ask for more.
//
// A name depends on the shape alone, never on what else the file uses or in
// which order: `__honest_parse_CreateDto` after the type (or the alias a
// `Json<T>` names it by: `PatchDto`, not `Partial<UpdateDto>`),
// `__honest_write_Item_array` for an array of a named or scalar type
// (`__honest_parse_NewItem_array_67b25e` with a hash of its constraints;
// `__honest_parse_BulkDto` where a body's `Json<BulkDto>` names it by an alias,
// `__honest_report_Payment` for a union an alias names: `type Payment = Card | Cash`),
// and the kind and a hash of the shape for any other
// (`__honest_parse_tuple_3fa2c1`), so that editing one route renames
// nothing of another.

export type FunctionKind = "parse" | "report" | "write";

/** A function to declare: its name and the shape its body handles. */
export interface ShapeFunction {
  readonly kind: FunctionKind;
  readonly name: string;
  readonly shape: JsonShape;
  /** The shape reaches itself, so the function bounds its nesting depth. */
  readonly recursive: boolean;
}

export class ShapeFunctions {
  /** What a function does (its kind and shape) → its name. */
  readonly #names = new Map<string, string>();
  readonly #taken = new Set<string>();
  /** A named shape's id in the program's table → its name in this file. */
  readonly #typeNames = new Map<number, string>();
  /** Type names given, and to which type (a named type's id, or an anonymous object's shape). */
  readonly #typeNameOwners = new Map<string, string>();
  readonly #pending: ShapeFunction[] = [];

  constructor(
    readonly nodes: Nodes,
    readonly table: ShapeTable,
  ) {}

  /**
   * `(value, depth) => copy | undefined`: a fresh copy of a valid value, undefined at the first fault;
   * `alias`, the type alias a body's `Json<T>` names a shape without a table entry by.
   */
  parser(shape: JsonShape, alias?: string): ts.Identifier {
    return this.#function("parse", shape, alias);
  }

  /** `(value, path, errors, depth) => void`: adds every fault of a value to `errors`. */
  reporter(shape: JsonShape, alias?: string): ts.Identifier {
    return this.#function("report", shape, alias);
  }

  /** `(value) => string`: the JSON text of a value, with only the declared properties. */
  writer(shape: JsonShape): ts.Identifier {
    return this.#function("write", shape);
  }

  /** The next function asked for and not yet handed out for declaring, if any. */
  nextToDeclare(): ShapeFunction | undefined {
    return this.#pending.shift();
  }

  #function(kind: FunctionKind, shape: JsonShape, bodyAlias?: string): ts.Identifier {
    const alias = bodyAlias ?? (shape.kind === "union" ? shape.alias : undefined);
    const reference = shape.kind === "reference" ? this.table[shape.id]! : undefined;
    const part = reference
      ? this.#typeName(reference.id)
      : alias === undefined
        ? this.#unnamedPart(shape)
        : this.#aliasName(alias, this.#canonical(shape));
    // Two shapes of one structure (or one type asked for twice) share their functions; an aliased one is the alias's own.
    const key = `${kind} ${reference || alias !== undefined ? part : this.#canonical(shape)}`;
    let name = this.#names.get(key);
    if (name === undefined) {
      name = this.#free(`__honest_${kind}_${part}`);
      this.#names.set(key, name);
      this.#pending.push({ kind, name, shape: reference ? reference.shape : shape, recursive: reference?.recursive ?? false });
    }
    return this.nodes.id(name);
  }

  #free(base: string): string {
    let name = base;
    for (let n = 2; this.#taken.has(name); n++) name = `${base}_${n}`;
    this.#taken.add(name);
    return name;
  }

  /**
   * The part of a named shape's function names that says which type it is:
   * `Item`, `Page_Item` for `Page<Item>`, `object_3fa2c1` for an object type
   * written in place, or `Item_2` for a second type named `Item` in the same
   * file (the only name that depends on the order the file uses its types).
   */
  #typeName(shapeId: number): string {
    let name = this.#typeNames.get(shapeId);
    if (name !== undefined) return name;
    const named = this.table[shapeId]!;
    let owner = `#${shapeId}`;
    let base: string;
    if (named.alias === undefined && named.name === "object") {
      // Written in place: named after its structure, and one with another in place of the same structure.
      this.#typeNames.set(shapeId, "object");
      owner = `${this.#canonical(named.shape)}${named.recursive ? " recursive" : ""}`;
      base = `object_${shortHash(owner)}`;
    } else {
      base = identifierPart(named.alias ?? named.name);
    }
    name = base;
    for (let n = 2; (this.#typeNameOwners.get(name) ?? owner) !== owner; n++) name = `${base}_${n}`;
    this.#typeNameOwners.set(name, owner);
    this.#typeNames.set(shapeId, name);
    return name;
  }

  /** The part of the function names of a shape named by an alias (`BulkDto`), `BulkDto_2` for a second alias `BulkDto` of another shape. */
  #aliasName(alias: string, canonical: string): string {
    const base = identifierPart(alias);
    let name = base;
    for (let n = 2; (this.#typeNameOwners.get(name) ?? canonical) !== canonical; n++) name = `${base}_${n}`;
    this.#typeNameOwners.set(name, canonical);
    return name;
  }

  /** An unnamed shape's part of its function names: `Item_array`, `string_array`, or its kind and hash. */
  #unnamedPart(shape: JsonShape): string {
    return structuralPart(shape, (id) => this.#typeName(id)) ?? `${shape.kind}_${shortHash(this.#canonical(shape))}`;
  }

  /** The shape as text: named types by their names in this file, doc comments left out (they change no code). */
  #canonical(shape: JsonShape): string {
    return JSON.stringify(shape, (key, value: unknown) => {
      if (key === "doc") return undefined;
      if (typeof value === "object" && value !== null && (value as JsonShape).kind === "reference") {
        return { kind: "reference", type: this.#typeName((value as { id: number }).id) };
      }
      return value;
    });
  }
}

/**
 * A name that says what the shape is: `Item`, `string`, `Item_array`,
 * `string_or_null`, `dark_or_light` for `"dark" | "light"`, and the constraints' hash after a constrained one
 * (`NewItem_array_67b25e`); undefined for shapes too involved to be named so.
 */
function structuralPart(shape: JsonShape, typeName: (id: number) => string): string | undefined {
  const constrained = (part: string | undefined, constraints: readonly Constraint[] | undefined) =>
    part === undefined || !constraints?.length ? part : `${part}_${shortHash(JSON.stringify(constraints))}`;
  switch (shape.kind) {
    case "reference":
      return typeName(shape.id);
    case "bigint":
      return "i64";
    case "date":
      return "Date";
    case "string":
    case "number":
      return constrained(shape.kind, shape.constraints);
    case "boolean":
    case "null":
    case "unknown":
      return shape.kind;
    case "literal": {
      const part = literalPart(shape.value);
      return part === undefined ? undefined : `literal_${part}`;
    }
    case "array": {
      const element = structuralPart(shape.element, typeName);
      return constrained(element === undefined ? undefined : `${element}_array`, shape.constraints);
    }
    case "union": {
      const members = shape.members.map((member) =>
        member.kind === "literal" ? literalPart(member.value) : structuralPart(member, typeName),
      );
      if (members.some((member) => member === undefined)) return undefined;
      const joined = members.join("_or_");
      return joined.length <= 40 ? joined : undefined;
    }
    default:
      return undefined;
  }
}

/** A literal as it reads (`dark`, `true`, `404`), or undefined for one no identifier can spell (`"x y"`, `-1`, `1.5`). */
function literalPart(value: string | number | boolean): string | undefined {
  const text = String(value);
  return /^[A-Za-z0-9_]{1,20}$/.test(text) ? text : undefined;
}

/** Six hexadecimal digits of the text's FNV-1a hash. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0").slice(0, 6);
}

function identifierPart(typeName: string): string {
  return (
    typeName
      .replace(/[^A-Za-z0-9_$]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 40) || "type"
  );
}
