import type { Constraint, DocComment, JsonShape, PathValueType, ShapeTable } from "../model.js";
import { type Discriminant, discriminant, jsonKind } from "../shapes/shape-traits.js";
import { ComponentNames } from "./component-names.js";
import { componentRef, docText, type Schema } from "./schema.js";

// JSON shapes as JSON Schemas: named shapes become components (written once,
// referred to by `$ref`), constraints become their JSON Schema keywords, and
// i64 is `{ "type": "integer", "format": "int64" }`, a Date
// `{ "type": "string", "format": "date-time" }`. Only components that a
// route reaches are written.

export class JsonSchemas {
  readonly #table: ShapeTable;
  readonly #names: ComponentNames;
  readonly #components = new Map<string, Schema>();
  readonly #pending: number[] = [];
  /** Shapes being written inline, to find the cycle that needs a name. */
  readonly #inlining = new Set<number>();
  /** The named shapes an answer carries (answered-shapes.ts): their secrets are no writeOnly. */
  readonly #answered: ReadonlySet<number>;
  /** The named shapes being written, innermost last: an object's properties are its entry's. */
  readonly #writing: number[] = [];

  constructor(table: ShapeTable, answered: ReadonlySet<number> = new Set()) {
    this.#table = table;
    this.#names = new ComponentNames(table);
    this.#answered = answered;
  }

  schema(shape: JsonShape): Schema {
    switch (shape.kind) {
      case "string":
        return withConstraints({ type: "string" }, shape.constraints);
      case "number":
        return withConstraints(
          { type: shape.constraints?.some((each) => each.kind === "integer") ? "integer" : "number" },
          shape.constraints,
        );
      case "boolean":
        return { type: "boolean" };
      case "null":
        return { type: "null" };
      case "bigint":
        return { type: "integer", format: "int64" };
      case "date":
        return { type: "string", format: "date-time" };
      case "unknown":
        return {};
      case "literal":
        return { type: typeof shape.value, const: shape.value };
      case "array":
        return withConstraints({ type: "array", items: this.schema(shape.element) }, shape.constraints);
      case "tuple": {
        const schema: Record<string, unknown> = { type: "array", prefixItems: shape.elements.map((element) => this.schema(element)) };
        schema.minItems = shape.required;
        if (shape.rest) schema.items = this.schema(shape.rest);
        else {
          schema.items = false;
          schema.maxItems = shape.elements.length;
        }
        return schema;
      }
      case "object": {
        const schema: Record<string, unknown> = { type: "object" };
        if (shape.properties.length > 0) {
          const entry = this.#writing.at(-1);
          // A secret only requests carry is writeOnly; one an answer carries too is sent, and a client must read it.
          const writeOnly = entry === undefined || !this.#answered.has(entry);
          schema.properties = Object.fromEntries(
            shape.properties.map((property) => {
              const written = documented(this.schema(property.shape), property.doc);
              return [property.name, property.secret && writeOnly ? { ...written, writeOnly: true } : written];
            }),
          );
          const required = shape.properties.filter((property) => !property.optional).map((property) => property.name);
          if (required.length > 0) schema.required = required;
        }
        if (shape.additional) schema.additionalProperties = this.schema(shape.additional);
        return withConstraints(schema, shape.constraints);
      }
      case "union":
        return this.#union(shape.members);
      case "reference":
        return this.#reference(shape.id);
    }
  }

  /** The summary of a named shape's doc comment (`T` of a `Json<T>` body): what a request body is, in a line. */
  summaryOf(shape: JsonShape): string | undefined {
    return shape.kind === "reference" ? this.#table[shape.id]?.doc?.summary : undefined;
  }

  /** A path, query, header, cookie or form value's schema, from its declared type. */
  textValueSchema(type: PathValueType, constraints?: readonly Constraint[]): Schema {
    switch (type.kind) {
      case "i64":
        return withConstraints({ type: "integer", format: "int64" }, constraints);
      case "literals":
        return literalsSchema(type.values);
      case "number":
        return this.schema({ kind: "number", ...(constraints && { constraints }) });
      case "string":
        return this.schema({ kind: "string", ...(constraints && { constraints }) });
      case "boolean":
        return { type: "boolean" };
      case "date":
        return { type: "string", format: "date-time" };
    }
  }

  /** Every named shape a schema referred to, and what those refer to, by component name. */
  components(): Map<string, Schema> {
    for (let id = this.#pending.pop(); id !== undefined; id = this.#pending.pop()) {
      const entry = this.#table[id]!;
      const name = this.#names.nameInline(entry);
      this.#components.set(name, {}); // taken before its own references are visited
      this.#components.set(name, documented(this.#entrySchema(id), entry.doc));
    }
    return this.#components;
  }

  #reference(id: number): Schema {
    const entry = this.#table[id]!;
    let name = this.#names.declared(id);
    if (name === undefined && !this.#inlining.has(id)) {
      this.#inlining.add(id);
      const inline = this.#entrySchema(id);
      this.#inlining.delete(id);
      return inline;
    }
    name ??= this.#names.nameInline(entry);
    if (!this.#components.has(name) && !this.#pending.includes(id)) this.#pending.push(id);
    return componentRef("schemas", name);
  }

  /** A named shape's schema, its object's properties known as the entry's. */
  #entrySchema(id: number): Schema {
    this.#writing.push(id);
    try {
      return this.schema(this.#table[id]!.shape);
    } finally {
      this.#writing.pop();
    }
  }

  #union(members: readonly JsonShape[]): Schema {
    const literals = members.filter((member) => member.kind === "literal");
    const nullable = members.some((member) => member.kind === "null");
    if (literals.length > 0 && literals.length + (nullable ? 1 : 0) === members.length) {
      const values = literals.map((member) => member.value);
      const schema = literalsSchema(values) as Record<string, unknown>;
      if (!nullable) return schema;
      return { ...schema, type: [...[schema.type ?? []].flat(), "null"], enum: [...values, null] };
    }
    const tagged = members.every((member) => jsonKind(member, this.#table) === "object") ? discriminant(members, this.#table) : undefined;
    if (tagged) return this.#taggedUnion(tagged);
    // `T | null`, as people write it, whatever order the checker holds the members in.
    const ordered = [...members.filter((member) => member.kind !== "null"), ...members.filter((member) => member.kind === "null")];
    return { anyOf: ordered.map((member) => this.schema(member)) };
  }

  /**
   * Objects told apart by a literal property (`{ kind: "card" } | { kind:
   * "transfer" }`), as the generated check tells them apart: exactly one
   * member matches, so `oneOf`; and, when every member is a named schema and
   * every tag a string, the `discriminator` that maps each tag to its member.
   */
  #taggedUnion(tagged: Discriminant): Schema {
    const schemas = tagged.cases.map(({ member }) => this.schema(member));
    const mapping: Record<string, string> = {};
    for (const [index, { values }] of tagged.cases.entries()) {
      const ref = schemas[index]!.$ref;
      if (typeof ref !== "string" || values.some((value) => typeof value !== "string")) return { oneOf: schemas };
      for (const value of values) mapping[value as string] = ref;
    }
    return { oneOf: schemas, discriminator: { propertyName: tagged.property, mapping } };
  }
}

/** `"a" | "b"`: an enum, typed when its values share a type. */
function literalsSchema(values: readonly (string | number | boolean)[]): Schema {
  const types = [...new Set(values.map((value) => typeof value))];
  return types.length === 1 ? { type: types[0], enum: values } : { enum: values };
}

/** A schema with the doc comment of what it describes: a property, a named type. */
export function documented(schema: Schema, doc: DocComment | undefined): Schema {
  if (!doc) return schema;
  const description = docText(doc);
  return {
    ...schema,
    ...(description !== undefined && { description }),
    ...(doc.deprecated && { deprecated: true }),
  };
}

const KEYWORDS: Readonly<Record<Exclude<Constraint["kind"], "pattern" | "format" | "integer">, string>> = {
  minLength: "minLength",
  maxLength: "maxLength",
  minItems: "minItems",
  maxItems: "maxItems",
  minProperties: "minProperties",
  maxProperties: "maxProperties",
  minimum: "minimum",
  maximum: "maximum",
  exclusiveMinimum: "exclusiveMinimum",
  exclusiveMaximum: "exclusiveMaximum",
  multipleOf: "multipleOf",
};

/** Constraint types as JSON Schema keywords (docs/guide/constraints.md, "Constraints"); an integer is the schema's `type`. */
function withConstraints(schema: Schema, constraints: readonly Constraint[] | undefined): Schema {
  if (!constraints || constraints.length === 0) return schema;
  const result: Record<string, unknown> = { ...schema };
  for (const constraint of constraints) {
    switch (constraint.kind) {
      case "integer":
        break;
      case "pattern":
        result.pattern = constraint.source;
        break;
      case "format":
        result.format = constraint.format;
        break;
      default:
        result[KEYWORDS[constraint.kind]] = constraint.value;
    }
  }
  return result;
}
