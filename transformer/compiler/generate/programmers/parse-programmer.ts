import type ts from "typescript";
import type { Constraint, JsonShape, ObjectShape, TupleShape } from "../../model.js";
import {
  and,
  array,
  assign,
  call,
  conditional,
  constant,
  continueLoop,
  eq,
  expression,
  forEachIndex,
  forEachKey,
  functionDeclaration,
  gt,
  id,
  index,
  isArray,
  isFiniteNumber,
  isObject,
  lengthOf,
  literal,
  lt,
  memberAccess,
  ne,
  not,
  nullLiteral,
  num,
  object,
  or,
  plus,
  prop,
  ret,
  typeOf,
  undef,
  variable,
  when,
} from "../factories/nodes.js";
import { inCheckOrder, meets } from "./constraint-checks.js";
import { isOneOf, readProperty, RESERVED_KEYS } from "./object-keys.js";
import { bySpecificity, discriminant, isKeptAsIs, jsonKind, reachesRecursion, resolve } from "./shape-facts.js";
import { ProgrammerContext } from "./programmer-context.js";
import type { ShapeFunction, ShapeFunctions } from "./shape-functions.js";

// The fast half of a body validator: `(input, depth)` returns a fresh value
// holding only what the type declares (i64s as bigints), or undefined at the
// first fault. It allocates nothing beyond the copy and builds no messages;
// the reporter does that, and only for a body this refused.
//
//   function __honest_parse_CreateDto(input, depth) {
//     if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
//     const p0 = input.name;
//     if (typeof p0 !== "string") return undefined;
//     ...
//     const out = { name: p0, price: n1 };
//     if (o2 !== undefined) out.tags = o2;
//     return out;
//   }

interface Parsed {
  readonly statements: ts.Statement[];
  /** The checked value, valid once the statements ran without returning. */
  readonly result: ts.Expression;
}

const fail = (): ts.Statement => ret(undef());

/** Fail fast on the first constraint (README, "Constraints") the value does not meet, bounds before patterns. */
function checkConstraints(
  constraints: readonly Constraint[] | undefined,
  value: ts.Expression,
  context: ProgrammerContext,
): ts.Statement[] {
  return inCheckOrder(constraints).map((constraint) => when(not(meets(constraint, value, context)), fail()));
}

/** `test && each constraint met`, for a union member tried in turn. */
function meetingConstraints(
  test: ts.Expression,
  constraints: readonly Constraint[] | undefined,
  value: ts.Expression,
  context: ProgrammerContext,
): ts.Expression {
  return inCheckOrder(constraints).reduce((all, constraint) => and(all, meets(constraint, value, context)), test);
}

export function parserDeclaration(fn: ShapeFunction, functions: ShapeFunctions): ts.FunctionDeclaration {
  const context = new ProgrammerContext(functions);
  const input = id("input");
  const statements: ts.Statement[] = [];
  if (fn.recursive) statements.push(context.nestingGuard());
  if (fn.shape.kind === "object") {
    statements.push(...parseObject(fn.shape, input, context));
  } else {
    const parsed = parseValue(fn.shape, input, context);
    statements.push(...parsed.statements, ret(parsed.result));
  }
  return functionDeclaration(fn.name, ["input", "depth"], statements);
}

function parseValue(shape: JsonShape, value: ts.Identifier, context: ProgrammerContext): Parsed {
  switch (shape.kind) {
    case "string":
      return {
        statements: [when(not(typeOf(value, shape.kind)), fail()), ...checkConstraints(shape.constraints, value, context)],
        result: value,
      };
    case "boolean":
      return { statements: [when(not(typeOf(value, shape.kind)), fail())], result: value };
    case "null":
      return { statements: [when(ne(value, nullLiteral()), fail())], result: value };
    case "literal":
      if (typeof shape.value === "number") {
        const matches = or(eq(value, literal(shape.value)), eq(call(context.runtime("numberOf"), value), literal(shape.value)));
        return { statements: [when(not(matches), fail())], result: literal(shape.value) };
      }
      return { statements: [when(ne(value, literal(shape.value)), fail())], result: value };
    case "number": {
      const number = context.fresh("n");
      return {
        statements: [
          constant(number, conditional(isFiniteNumber(value), value, call(context.runtime("numberOf"), value))),
          when(eq(id(number), undef()), fail()),
          ...checkConstraints(shape.constraints, id(number), context),
        ],
        result: id(number),
      };
    }
    case "bigint": {
      const integer = context.fresh("n");
      return {
        statements: [constant(integer, call(context.runtime("i64Of"), value)), when(eq(id(integer), undef()), fail())],
        result: id(integer),
      };
    }
    case "unknown": {
      const copy = context.fresh("u");
      return { statements: [constant(copy, call(context.runtime("copyJson"), value, context.depth))], result: id(copy) };
    }
    case "array":
      return parseArray(shape, value, context);
    case "tuple":
      return parseTuple(shape, value, context);
    case "union":
      return parseUnion(shape.members, value, context);
    default:
      return parseWithFunction(shape, value, context);
  }
}

/** Named shapes (and any object met inline) have a parser function of their own. */
function parseWithFunction(shape: JsonShape, value: ts.Expression, context: ProgrammerContext): Parsed {
  const result = context.fresh("r");
  return {
    statements: [constant(result, callParser(shape, value, context)), when(eq(id(result), undef()), fail())],
    result: id(result),
  };
}

function callParser(shape: JsonShape, value: ts.Expression, context: ProgrammerContext): ts.Expression {
  const depth = shape.kind === "reference" ? plus(context.depth, num(1)) : context.depth;
  return call(context.functions.parser(shape), value, depth);
}

/**
 * A union member tried in turn: through `parseOnce` where the member leads
 * back to a recursive type, so that trying members at every level of a
 * nested value costs each object one parse per member, not 2^depth
 * (runtime/body/parse-once.ts).
 */
function tryMember(member: JsonShape, value: ts.Expression, context: ProgrammerContext): ts.Expression {
  if (!reachesRecursion(member, context.functions.table)) return callParser(member, value, context);
  const depth = member.kind === "reference" ? plus(context.depth, num(1)) : context.depth;
  return call(context.runtime("parseOnce"), context.functions.parser(member), value, depth);
}

function parseArray(shape: Extract<JsonShape, { kind: "array" }>, value: ts.Identifier, context: ProgrammerContext): Parsed {
  const element = shape.element;
  const counter = context.fresh("i");
  const item = context.fresh("e");
  const parsed = parseValue(element, id(item), context);
  const statements: ts.Statement[] = [when(not(isArray(value)), fail()), ...checkConstraints(shape.constraints, value, context)];
  const read = constant(item, index(value, id(counter)));
  // Strings, booleans and nulls pass unchanged, and a JSON array has nothing undeclared: keep it.
  if (isKeptAsIs(element)) {
    statements.push(forEachIndex(counter, value, [read, ...parsed.statements]));
    return { statements, result: value };
  }
  const copy = context.fresh("a");
  const push = expression(call(prop(id(copy), "push"), parsed.result));
  statements.push(constant(copy, array([])), forEachIndex(counter, value, [read, ...parsed.statements, push]));
  return { statements, result: id(copy) };
}

function parseTuple(shape: TupleShape, value: ts.Identifier, context: ProgrammerContext): Parsed {
  const tooShort = lt(lengthOf(value), num(shape.required));
  const badLength = shape.rest ? tooShort : or(tooShort, gt(lengthOf(value), num(shape.elements.length)));
  const copy = context.fresh("t");
  const push = (item: ts.Expression) => expression(call(prop(id(copy), "push"), item));
  const statements: ts.Statement[] = [when(or(not(isArray(value)), badLength), fail()), constant(copy, array([]))];
  for (const [position, element] of shape.elements.entries()) {
    const item = context.fresh("e");
    const parsed = parseValue(element, id(item), context);
    const body = [constant(item, index(value, num(position))), ...parsed.statements, push(parsed.result)];
    statements.push(...(position < shape.required ? body : [when(gt(lengthOf(value), num(position)), body)]));
  }
  if (shape.rest) {
    const counter = context.fresh("i");
    const item = context.fresh("e");
    const parsed = parseValue(shape.rest, id(item), context);
    const loop = forEachIndex(
      counter,
      value,
      [constant(item, index(value, id(counter))), ...parsed.statements, push(parsed.result)],
      shape.elements.length,
    );
    statements.push(loop);
  }
  return { statements, result: id(copy) };
}

/**
 * Scalars are tried by `typeof`; object members told apart by a
 * discriminant property are chosen by its value; anything else is tried in
 * turn, the object that requires the most properties first.
 */
function parseUnion(members: readonly JsonShape[], value: ts.Identifier, context: ProgrammerContext): Parsed {
  const table = context.functions.table;
  const result = context.fresh("u");
  const branches: { test: ts.Expression; statements: ts.Statement[] }[] = [];
  const set = (to: ts.Expression) => [expression(assign(id(result), to))];
  const assignedBy = (to: ts.Expression) => ne(assign(id(result), to), undef());
  const objects: JsonShape[] = [];
  const others: JsonShape[] = [];
  for (const member of members) {
    switch (member.kind) {
      case "string":
        // A string failing its constraints falls through to the next member (`"" | (string & Format<"email">)`).
        branches.push({ test: meetingConstraints(typeOf(value, member.kind), member.constraints, value, context), statements: set(value) });
        break;
      case "boolean":
        branches.push({ test: typeOf(value, member.kind), statements: set(value) });
        break;
      case "null":
        branches.push({ test: eq(value, nullLiteral()), statements: set(value) });
        break;
      case "literal":
        branches.push({
          test:
            typeof member.value === "number"
              ? or(eq(value, literal(member.value)), eq(call(context.runtime("numberOf"), value), literal(member.value)))
              : eq(value, literal(member.value)),
          statements: set(literal(member.value)),
        });
        break;
      case "number":
        branches.push({
          test: meetingConstraints(assignedBy(call(context.runtime("numberOf"), value)), member.constraints, id(result), context),
          statements: [],
        });
        break;
      case "bigint":
        branches.push({ test: assignedBy(call(context.runtime("i64Of"), value)), statements: [] });
        break;
      default:
        (jsonKind(member, table) === "object" ? objects : others).push(member);
    }
  }
  for (const member of others) branches.push({ test: assignedBy(tryMember(member, value, context)), statements: [] });
  const tagged = discriminant(objects, table);
  if (tagged) {
    const tag = context.fresh("tag");
    let choose: ts.Statement = fail();
    for (const { member, values } of [...tagged.cases].reverse()) {
      const matches = values.map((tagValue) => eq(id(tag), literal(tagValue))).reduce((left, right) => or(left, right));
      choose = when(matches, set(callParser(member, value, context)), choose);
    }
    branches.push({
      test: isObject(value),
      statements: [constant(tag, readProperty(value, tagged.property)), choose, when(eq(id(result), undef()), fail())],
    });
  } else {
    for (const member of bySpecificity(objects, table))
      branches.push({ test: assignedBy(tryMember(member, value, context)), statements: [] });
  }
  let chain: ts.Statement = fail();
  for (const branch of [...branches].reverse()) chain = when(branch.test, branch.statements, chain);
  return { statements: [variable(result), chain], result: id(result) };
}

/** The body of an object's parser: check each declared property, copy it, and only it. */
function parseObject(shape: ObjectShape, input: ts.Identifier, context: ProgrammerContext): ts.Statement[] {
  const out = id("out");
  const statements: ts.Statement[] = [when(not(isObject(input)), fail())];
  const required: [string, ts.Expression][] = [];
  const optional: ts.Statement[] = [];
  for (const property of shape.properties) {
    const value = context.fresh("p");
    statements.push(constant(value, readProperty(input, property.name)));
    const parsed = parseValue(property.shape, id(value), context);
    if (property.optional || resolve(property.shape, context.functions.table).kind === "unknown") {
      const present = context.fresh("o");
      statements.push(
        variable(present),
        when(ne(id(value), undef()), [...parsed.statements, expression(assign(id(present), parsed.result))]),
      );
      optional.push(when(ne(id(present), undef()), expression(assign(memberAccess(out, property.name), id(present)))));
    } else {
      statements.push(...parsed.statements);
      required.push([property.name, parsed.result]);
    }
  }
  statements.push(constant("out", object(required)), ...optional);
  if (shape.additional) {
    const key = id("key");
    const item = context.fresh("e");
    const parsed = parseValue(shape.additional, id(item), context);
    const skipped = [...shape.properties.map((property) => property.name), ...RESERVED_KEYS];
    statements.push(
      forEachKey("key", input, [
        when(isOneOf(key, skipped), continueLoop()),
        constant(item, index(input, key)),
        ...parsed.statements,
        expression(assign(index(out, key), parsed.result)),
      ]),
    );
  }
  statements.push(ret(out));
  return statements;
}
