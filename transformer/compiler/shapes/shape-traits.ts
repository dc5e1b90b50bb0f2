import { DATE_TIME_EXPECTED } from "../../../runtime/body/formats.js";
import type { JsonShape, ObjectShape, ShapeTable } from "../model.js";

// Traits of JSON shapes that the programmers share: what a shape is once
// references are followed, how a 400 names what it expected, whether it
// holds an i64 or a Date, and how a union's members are told apart.

export function resolve(shape: JsonShape, table: ShapeTable): Exclude<JsonShape, { kind: "reference" }> {
  let current = shape;
  while (current.kind === "reference") current = table[current.id]!.shape;
  return current;
}

/** What a 400's `expected` says for this shape. */
export function expectedText(shape: JsonShape, table: ShapeTable): string {
  const resolved = resolve(shape, table);
  switch (resolved.kind) {
    case "bigint":
      return "64-bit integer";
    case "date":
      return DATE_TIME_EXPECTED;
    case "literal":
      return JSON.stringify(resolved.value);
    case "tuple": {
      const max = resolved.rest ? undefined : resolved.elements.length;
      const count = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;
      if (max === resolved.required) return `array of ${count(max)}`;
      return max === undefined ? `array of at least ${count(resolved.required)}` : `array of ${resolved.required} to ${count(max)}`;
    }
    case "union": {
      // The checker orders union members by when it made their types: order them by kind instead, null last.
      const members = [...resolved.members].sort((a, b) => KIND_ORDER.indexOf(jsonKind(a, table)) - KIND_ORDER.indexOf(jsonKind(b, table)));
      return [...new Set(members.map((member) => expectedText(member, table)))].join(" | ");
    }
    default:
      return resolved.kind;
  }
}

const KIND_ORDER: readonly JsonKind[] = ["string", "date", "number", "bigint", "boolean", "object", "array", "any", "null"];

/** Whether a value of this shape can hold an i64 anywhere, so its body must be parsed exactly. */
export function holdsBigInt(root: JsonShape, table: ShapeTable): boolean {
  return reachesAny(root, table, (shape) => shape.kind === "bigint");
}

/** Whether a value of this shape can hold a Date, which a generated client's reader makes of its text. */
export function holdsDate(root: JsonShape, table: ShapeTable): boolean {
  return reachesAny(root, table, (shape) => shape.kind === "date");
}

/**
 * Whether a value of this shape can hold a value of a recursive named shape
 * (one that reaches itself), so that a union tried member by member can
 * meet itself again at every level of the value.
 */
export function reachesRecursion(root: JsonShape, table: ShapeTable): boolean {
  return reachesAny(root, table, (shape) => shape.kind === "reference" && table[shape.id]!.recursive);
}

/** Whether `found` holds for the shape or any shape a value of it can contain, each named shape visited once. */
function reachesAny(root: JsonShape, table: ShapeTable, found: (shape: JsonShape) => boolean): boolean {
  const seen = new Set<number>();
  const visit = (shape: JsonShape): boolean => {
    if (found(shape)) return true;
    switch (shape.kind) {
      case "reference":
        if (seen.has(shape.id)) return false;
        seen.add(shape.id);
        return visit(table[shape.id]!.shape);
      case "array":
        return visit(shape.element);
      case "tuple":
        return shape.elements.some(visit) || (shape.rest !== undefined && visit(shape.rest));
      case "union":
        return shape.members.some(visit);
      case "object":
        return shape.properties.some((property) => visit(property.shape)) || (shape.additional !== undefined && visit(shape.additional));
      default:
        return false;
    }
  };
  return visit(root);
}

/** Shapes whose valid values a check passes on unchanged, so an array of them needs no copy. */
export function isKeptAsIs(shape: JsonShape): boolean {
  return (
    shape.kind === "string" ||
    shape.kind === "boolean" ||
    shape.kind === "null" ||
    (shape.kind === "literal" && typeof shape.value !== "number")
  );
}

export interface Discriminant {
  readonly property: string;
  /** Each object member with the tag values that select it. */
  readonly cases: readonly { readonly member: JsonShape; readonly values: readonly (string | number | boolean)[] }[];
}

/**
 * The property that tells a union's object members apart: present in every
 * one of them, required, with literal values no two members share.
 */
export function discriminant(objectMembers: readonly JsonShape[], table: ShapeTable): Discriminant | undefined {
  if (objectMembers.length < 2) return undefined;
  const objects = objectMembers.map((member) => resolve(member, table) as ObjectShape);
  for (const candidate of objects[0]!.properties) {
    const cases: { member: JsonShape; values: (string | number | boolean)[] }[] = [];
    const taken = new Set<string | number | boolean>();
    for (const [index, object] of objects.entries()) {
      const property = object.properties.find((other) => other.name === candidate.name);
      const values = property && !property.optional ? literalValues(resolve(property.shape, table)) : undefined;
      if (!values || values.some((value) => taken.has(value))) break;
      for (const value of values) taken.add(value);
      cases.push({ member: objectMembers[index]!, values });
    }
    if (cases.length === objects.length) return { property: candidate.name, cases };
  }
  return undefined;
}

function literalValues(shape: JsonShape): (string | number | boolean)[] | undefined {
  if (shape.kind === "literal") return [shape.value];
  if (shape.kind === "union" && shape.members.every((member) => member.kind === "literal")) {
    return shape.members.map((member) => (member as { value: string | number | boolean }).value);
  }
  return undefined;
}

/**
 * The JSON kinds a shape's values can have, for telling union members apart by `typeof`; a `date` is a string in
 * JSON and a Date in JavaScript, which no member of another kind is (json-shapes.ts refuses `Date | string`).
 */
export type JsonKind = "string" | "date" | "number" | "bigint" | "boolean" | "null" | "array" | "object" | "any";

export function jsonKind(shape: JsonShape, table: ShapeTable): JsonKind {
  const resolved = resolve(shape, table);
  switch (resolved.kind) {
    case "literal":
      return typeof resolved.value as "string" | "number" | "boolean";
    case "tuple":
    case "array":
      return "array";
    case "unknown":
    case "union":
      return "any";
    default:
      return resolved.kind;
  }
}

/** Object members first by how many properties they require, so the most specific match wins. */
export function bySpecificity(members: readonly JsonShape[], table: ShapeTable): JsonShape[] {
  const required = (shape: JsonShape) => {
    const resolved = resolve(shape, table);
    return resolved.kind === "object" ? resolved.properties.filter((property) => !property.optional).length : 0;
  };
  return [...members].sort((a, b) => required(b) - required(a));
}
