import type ts from "typescript";
import type { JsonShape, ShapeTable } from "../../model.js";
import type { ModuleImports, RuntimeExport } from "../module-imports.js";
import { id } from "../factories/nodes.js";

// The functions one file's generated code needs for its JSON shapes, each
// declared once at the end of the file: for a named shape (`Item`) one
// parser, reporter and writer shared by every route that uses it, and
// further functions for the unnamed shapes a route or union needs whole.
// Asking for a function only names it and queues it; shape-declarations.ts
// has the programmers write the queued bodies, which may ask for more.

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
  readonly #names = new Map<string, string>();
  readonly #unnamed = new Map<JsonShape, number>();
  /** A named shape's id in the program's table → its name in this file. */
  readonly #typeNames = new Map<number, string>();
  readonly #typeNamesUsed = new Set<string>();
  readonly #pending: ShapeFunction[] = [];

  constructor(
    readonly table: ShapeTable,
    readonly imports: ModuleImports,
  ) {}

  /** `(value, depth) => copy | undefined`: a fresh copy of a valid value, undefined at the first fault. */
  parser(shape: JsonShape): ts.Identifier {
    return this.#function("parse", shape);
  }

  /** `(value, path, errors, depth) => void`: adds every fault of a value to `errors`. */
  reporter(shape: JsonShape): ts.Identifier {
    return this.#function("report", shape);
  }

  /** `(value) => string`: the JSON text of a value, with only the declared properties. */
  writer(shape: JsonShape): ts.Identifier {
    return this.#function("write", shape);
  }

  /** `__honest.name`: a member of honest's runtime. */
  runtime(name: RuntimeExport): ts.PropertyAccessExpression {
    return this.imports.runtime(name);
  }

  /** The next function asked for and not yet handed out for declaring, if any. */
  nextToDeclare(): ShapeFunction | undefined {
    return this.#pending.shift();
  }

  #function(kind: FunctionKind, shape: JsonShape): ts.Identifier {
    let key: string;
    let name: string;
    let body: JsonShape;
    let recursive = false;
    if (shape.kind === "reference") {
      const named = this.table[shape.id]!;
      key = `${kind} ${shape.id}`;
      name = `__honest_${kind}_${this.#typeName(shape.id, named.name)}`;
      body = named.shape;
      recursive = named.recursive;
    } else {
      let number = this.#unnamed.get(shape);
      if (number === undefined) {
        number = this.#unnamed.size;
        this.#unnamed.set(shape, number);
      }
      key = `${kind} unnamed ${number}`;
      name = `__honest_${kind}_${shape.kind}_${number}`;
      body = shape;
    }
    if (!this.#names.has(key)) {
      this.#names.set(key, name);
      this.#pending.push({ kind, name, shape: body, recursive });
    }
    return id(name);
  }

  /**
   * The part of a named shape's function names that says which type it is:
   * `Item`, `Partial_UpdateDto`, or `Item_2` for a second type named `Item` in
   * the same file. Numbered within this file, in the order its routes use them,
   * so that no other file changes these names.
   */
  #typeName(shapeId: number, typeName: string): string {
    let name = this.#typeNames.get(shapeId);
    if (name === undefined) {
      // `array_0` is how unnamed shapes are named (above): a type named so gets a suffix.
      const part = identifierPart(typeName);
      const base = /^[a-z]+_\d+$/.test(part) ? `${part}_type` : part;
      name = base;
      for (let n = 2; this.#typeNamesUsed.has(name); n++) name = `${base}_${n}`;
      this.#typeNames.set(shapeId, name);
      this.#typeNamesUsed.add(name);
    }
    return name;
  }
}

function identifierPart(typeName: string): string {
  return (
    typeName
      .replace(/[^A-Za-z0-9_$]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 40) || "type"
  );
}
