import type ts from "typescript";
import type { JsonShape, ObjectShape, PropertyShape, TupleShape } from "../../model.js";
import type { GenerationContext } from "../generation-context.js";
import type { RuntimeExport } from "../protocol.js";
import { isOneOf } from "./object-keys.js";
import { discriminant, jsonKind, resolve, type JsonKind } from "../../shapes/shape-traits.js";
import { ProgrammerContext } from "./programmer-context.js";
import type { ShapeFunction } from "./shape-functions.js";

// A response serializer: `(value) => string` writes the JSON text of a value
// of the declared type, reading only the declared properties, so whatever
// else the handler's object holds is never sent. i64s are written exactly,
// Dates as RFC 3339 text (an invalid one fails the answer: writeDate).
//
//   function __honest_write_Item(value) {
//     if (typeof value !== "object" || value === null) return __honest.writeJson(value);
//     return "{\"id\":" + __honest.writeBigInt(value.id) + ",\"name\":" + __honest.writeString(value.name) + ... + "}";
//   }

const SCALAR_WRITERS: Partial<Record<JsonShape["kind"] | "string-literal" | "number-literal" | "boolean-literal", RuntimeExport>> = {
  string: "writeString",
  number: "writeNumber",
  bigint: "writeBigInt",
  boolean: "writeBoolean",
  date: "writeDate",
  unknown: "writeJson",
  "string-literal": "writeString",
  "number-literal": "writeNumber",
  "boolean-literal": "writeBoolean",
};

export function writerDeclaration(fn: ShapeFunction, generation: GenerationContext): ts.FunctionDeclaration {
  const context = new ProgrammerContext(generation, ["value"]);
  return context.nodes.functionDeclaration(fn.name, context.parameters, writerBody(fn.shape, context.nodes.id("value"), context));
}

function writerBody(shape: JsonShape, value: ts.Identifier, context: ProgrammerContext): ts.Statement[] {
  switch (shape.kind) {
    case "object":
      return writeObject(shape, value, context);
    case "array":
      return writeArray(shape.element, value, context);
    case "tuple":
      return writeTuple(shape, value, context);
    case "union":
      return writeUnion(shape.members, value, context);
    default:
      return [context.nodes.ret(writeValue(shape, value, context))];
  }
}

/** The runtime's writers of arrays of scalars, the same in every file (runtime/response/json-writers.ts). */
const SCALAR_ARRAY_WRITERS: Partial<Record<JsonShape["kind"], RuntimeExport>> = {
  string: "writeStringArray",
  number: "writeNumberArray",
  bigint: "writeBigIntArray",
  boolean: "writeBooleanArray",
  date: "writeDateArray",
};

/** An expression for the JSON text of `value`. */
function writeValue(shape: JsonShape, value: ts.Expression, context: ProgrammerContext): ts.Expression {
  const { str, call } = context.nodes;
  if (shape.kind === "null") return str("null");
  const writer =
    shape.kind === "array"
      ? SCALAR_ARRAY_WRITERS[shape.element.kind]
      : SCALAR_WRITERS[shape.kind === "literal" ? (`${typeof shape.value}-literal` as "string-literal") : shape.kind];
  if (writer) return call(context.runtime(writer), value);
  return call(context.functions.writer(shape), value);
}

/** The writer a route hands its sender: the runtime's for an array of scalars, else the file's function for the shape. */
export function routeWriter(shape: JsonShape, generation: GenerationContext): ts.Expression {
  const writer = shape.kind === "array" ? SCALAR_ARRAY_WRITERS[shape.element.kind] : undefined;
  return writer ? generation.runtime(writer) : generation.functions.writer(shape);
}

/** `text += part;` */
function appendTo(text: string, part: ts.Expression, context: ProgrammerContext): ts.Statement {
  const { expression, plusAssign, id } = context.nodes;
  return expression(plusAssign(id(text), part));
}

function writeArray(element: JsonShape, value: ts.Identifier, context: ProgrammerContext): ts.Statement[] {
  const { when, not, isArray, ret, call, variable, str, forEachIndex, ne, id, num, index, plus } = context.nodes;
  const text = context.locals.take("json");
  const counter = context.locals.counter();
  return [
    when(not(isArray(value)), ret(call(context.runtime("writeJson"), value))),
    variable(text, str("[")),
    forEachIndex(counter, value, [
      when(ne(id(counter), num(0)), appendTo(text, str(","), context)),
      appendTo(text, writeValue(element, index(value, id(counter)), context), context),
    ]),
    ret(plus(id(text), str("]"))),
  ];
}

function writeTuple(shape: TupleShape, value: ts.Identifier, context: ProgrammerContext): ts.Statement[] {
  const { when, not, isArray, ret, call, variable, str, concat, index, num, gt, lengthOf, ne, id, forEachIndex, plus } = context.nodes;
  const text = context.locals.take("json");
  const statements: ts.Statement[] = [when(not(isArray(value)), ret(call(context.runtime("writeJson"), value))), variable(text, str("["))];
  // An element is present only if all before it are, so each comma is known.
  for (const [position, element] of shape.elements.entries()) {
    const part =
      position === 0
        ? writeValue(element, index(value, num(position)), context)
        : concat(",", writeValue(element, index(value, num(position)), context));
    statements.push(
      position < shape.required ? appendTo(text, part, context) : when(gt(lengthOf(value), num(position)), appendTo(text, part, context)),
    );
  }
  if (shape.rest) {
    const counter = context.locals.counter();
    const comma =
      shape.elements.length === 0 ? when(ne(id(counter), num(0)), appendTo(text, str(","), context)) : appendTo(text, str(","), context);
    statements.push(
      forEachIndex(
        counter,
        value,
        [comma, appendTo(text, writeValue(shape.rest, index(value, id(counter)), context), context)],
        shape.elements.length,
      ),
    );
  }
  statements.push(ret(plus(id(text), str("]"))));
  return statements;
}

/**
 * Declared properties in order; an absent optional one is skipped. With
 * every property required the whole object is one concatenation.
 */
function writeObject(shape: ObjectShape, value: ts.Identifier, context: ProgrammerContext): ts.Statement[] {
  const { when, or, not, typeOf, eq, nullLiteral, ret, call, memberAccess, concat, variable, str, lengthOf, id, num, conditional } =
    context.nodes;
  const { constant, ne, undef, prop, forEachKey, continueLoop, index, plus } = context.nodes;
  const table = context.table;
  const guard = when(or(not(typeOf(value, "object")), eq(value, nullLiteral())), ret(call(context.runtime("writeJson"), value)));
  const mayBeAbsent = (property: PropertyShape) => property.optional || resolve(property.shape, table).kind === "unknown";
  const key = (name: string, first: boolean) => `${first ? "" : ","}${JSON.stringify(name)}:`;

  if (!shape.additional && !shape.properties.some(mayBeAbsent)) {
    const parts = shape.properties.flatMap((property, position) => [
      key(property.name, position === 0),
      writeValue(property.shape, memberAccess(value, property.name), context),
    ]);
    return [guard, ret(concat("{", ...parts, "}"))];
  }

  const text = context.locals.take("json");
  const statements: ts.Statement[] = [guard, variable(text, str("{"))];
  // Whether a property has surely been written, or perhaps been: that decides each comma.
  let written = false;
  let perhaps = false;
  const startsEmpty = () => eq(lengthOf(id(text)), num(1));
  const prefix = (name: string): ts.Expression =>
    written
      ? str(key(name, false))
      : perhaps
        ? conditional(startsEmpty(), str(key(name, true)), str(key(name, false)))
        : str(key(name, true));
  for (const property of shape.properties) {
    if (!mayBeAbsent(property)) {
      statements.push(
        appendTo(text, concat(prefix(property.name), writeValue(property.shape, memberAccess(value, property.name), context)), context),
      );
      written = true;
      continue;
    }
    const item = context.locals.take(property.name, "property");
    const propertyPrefix = prefix(property.name);
    perhaps = true;
    statements.push(
      constant(item, memberAccess(value, property.name)),
      when(ne(id(item), undef()), appendTo(text, concat(propertyPrefix, writeValue(property.shape, id(item), context)), context)),
    );
  }
  if (shape.additional) {
    const keyName = context.locals.take("key");
    const entryKey = id(keyName);
    const item = context.locals.take("entry");
    const separator = written ? str(",") : conditional(startsEmpty(), str(""), str(","));
    const quotedKey = call(prop(id("JSON"), "stringify"), entryKey);
    const skipped = shape.properties.map((property) => property.name);
    statements.push(
      forEachKey(keyName, value, [
        ...(skipped.length > 0 ? [when(isOneOf(context.nodes, entryKey, skipped), continueLoop())] : []),
        constant(item, index(value, entryKey)),
        when(eq(id(item), undef()), continueLoop()),
        appendTo(text, concat(separator, quotedKey, ":", writeValue(shape.additional, id(item), context)), context),
      ]),
    );
  }
  statements.push(ret(plus(id(text), str("}"))));
  return statements;
}

/**
 * A union is written by what the value is at run time: scalars by `typeof`,
 * arrays as arrays, objects by their discriminant when the members have one.
 * Otherwise, objects (or arrays) of several members are written with every
 * property any of them declares.
 */
function writeUnion(members: readonly JsonShape[], value: ts.Identifier, context: ProgrammerContext): ts.Statement[] {
  const { when, typeOf, ret, eq, nullLiteral, str, isArray, constant, memberAccess, literal, or, id, call, instanceOf } = context.nodes;
  const table = context.table;
  const byKind = new Map<JsonKind, JsonShape[]>();
  for (const member of members) {
    const kind = jsonKind(member, table);
    byKind.set(kind, [...(byKind.get(kind) ?? []), member]);
  }
  const statements: ts.Statement[] = [];
  const first = (kind: JsonKind) => byKind.get(kind)?.[0];
  for (const kind of ["string", "number", "bigint", "boolean"] as const) {
    const member = first(kind);
    if (member) statements.push(when(typeOf(value, kind), ret(writeValue(member.kind === "literal" ? member : { kind }, value, context))));
  }
  // A Date is an object to `typeof`: told apart before objects are.
  if (first("date")) statements.push(when(instanceOf(value, id("Date")), ret(writeValue({ kind: "date" }, value, context))));
  if (first("null")) statements.push(when(eq(value, nullLiteral()), ret(str("null"))));
  const arrays = byKind.get("array");
  if (arrays)
    statements.push(when(isArray(value), ret(writeValue(arrays.length === 1 ? arrays[0]! : mergedArray(arrays, table), value, context))));
  const objects = byKind.get("object");
  if (objects) {
    const fallback = ret(writeValue(objects.length === 1 ? objects[0]! : mergedObject(objects, table), value, context));
    const tagged = discriminant(objects, table);
    let body: ts.Statement[] = [fallback];
    if (tagged) {
      const tag = context.locals.take(tagged.property);
      const choices = tagged.cases.map(({ member, values }) =>
        when(
          values.map((tagValue) => eq(id(tag), literal(tagValue))).reduce((left, right) => or(left, right)),
          ret(writeValue(member, value, context)),
        ),
      );
      body = [constant(tag, memberAccess(value, tagged.property)), ...choices, fallback];
    }
    statements.push(when(typeOf(value, "object"), body));
  }
  const other = first("any");
  statements.push(ret(other ? writeValue(other, value, context) : call(context.runtime("writeJson"), value)));
  return statements;
}

/** Arrays and tuples of several union members, written as one array of any of their elements. */
function mergedArray(members: readonly JsonShape[], table: Parameters<typeof resolve>[1]): JsonShape {
  const elements = members.flatMap((member) => {
    const resolved = resolve(member, table);
    if (resolved.kind === "array") return [resolved.element];
    if (resolved.kind === "tuple") return resolved.rest ? [...resolved.elements, resolved.rest] : [...resolved.elements];
    return [];
  });
  return { kind: "array", element: unionOf(elements) };
}

/** One shape for any of `shapes`, each structure once: `i64`, not `i64 | i64`, for an `id` two members declare alike. */
function unionOf(shapes: readonly JsonShape[]): JsonShape {
  const distinct = [...new Map(shapes.map((shape) => [JSON.stringify(shape), shape])).values()];
  return distinct.length === 1 ? distinct[0]! : { kind: "union", members: distinct };
}

/** Object members without a discriminant, written as one object with every property any of them declares. */
function mergedObject(members: readonly JsonShape[], table: Parameters<typeof resolve>[1]): JsonShape {
  const properties = new Map<string, JsonShape[]>();
  const additional: JsonShape[] = [];
  for (const member of members) {
    const resolved = resolve(member, table) as ObjectShape;
    for (const property of resolved.properties) properties.set(property.name, [...(properties.get(property.name) ?? []), property.shape]);
    if (resolved.additional) additional.push(resolved.additional);
  }
  return {
    kind: "object",
    properties: [...properties].map(([name, shapes]) => ({ name, optional: true, shape: unionOf(shapes) })),
    additional: additional.length > 0 ? unionOf(additional) : undefined,
    methods: [],
  };
}
