import type ts from "typescript";
import type { Constraint, JsonShape, ObjectShape, TupleShape } from "../../model.js";
import type { GenerationContext } from "../generation-context.js";
import { inCheckOrder } from "../../shapes/constraint-facts.js";
import { meets } from "./constraint-checks.js";
import { isOneOf, readProperty, RESERVED_KEYS } from "./object-keys.js";
import { bySpecificity, discriminant, isKeptAsIs, jsonKind, reachesRecursion, resolve } from "../../shapes/shape-traits.js";
import { ProgrammerContext } from "./programmer-context.js";
import type { ShapeFunction } from "./shape-functions.js";

// The fast half of a body validator: `(input, depth)` returns a fresh value
// holding only what the type declares (i64s as bigints), or undefined at the
// first fault. It allocates nothing beyond the copy and builds no messages;
// the reporter does that, and only for a body this refused. Its locals are
// named after the properties they read (programmer-context.ts):
//
//   function __honest_parse_CreateDto(input, depth) {
//     if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
//     const name = input.name;
//     if (typeof name !== "string") return undefined;
//     const price = input.price;
//     const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
//     ...
//     const out = { name, price: priceNumber };
//     if (tagsValue !== undefined) out.tags = tagsValue;
//     return out;
//   }

interface Parsed {
  readonly statements: ts.Statement[];
  /** The checked value, valid once the statements ran without returning. */
  readonly result: ts.Expression;
}

const fail = (context: ProgrammerContext): ts.Statement => context.nodes.ret(context.nodes.undef());

/** Fail fast on the first constraint (docs/guide/constraints.md, "Constraints") the value does not meet, bounds before patterns. */
function checkConstraints(
  constraints: readonly Constraint[] | undefined,
  value: ts.Expression,
  context: ProgrammerContext,
): ts.Statement[] {
  const { when, not } = context.nodes;
  return inCheckOrder(constraints).map((constraint) => when(not(meets(constraint, value, context)), fail(context)));
}

/** `test && each constraint met`, for a union member tried in turn. */
function meetingConstraints(
  test: ts.Expression,
  constraints: readonly Constraint[] | undefined,
  value: ts.Expression,
  context: ProgrammerContext,
): ts.Expression {
  const { and } = context.nodes;
  return inCheckOrder(constraints).reduce((all, constraint) => and(all, meets(constraint, value, context)), test);
}

export function parserDeclaration(fn: ShapeFunction, generation: GenerationContext): ts.FunctionDeclaration {
  const context = new ProgrammerContext(generation, ["input", "depth"]);
  const { ret, functionDeclaration } = context.nodes;
  const statements: ts.Statement[] = [];
  if (fn.recursive) statements.push(context.nestingGuard());
  if (fn.shape.kind === "object") {
    statements.push(...parseObject(fn.shape, "input", context));
  } else {
    const parsed = parseValue(fn.shape, "input", context);
    statements.push(...parsed.statements, ret(parsed.result));
  }
  return functionDeclaration(fn.name, context.usedParameters(), statements);
}

/** The statements that check the value in local `name` and the expression of its copy. */
function parseValue(shape: JsonShape, name: string, context: ProgrammerContext): Parsed {
  const { when, not, typeOf, ne, eq, or, nullLiteral, literal, call, constant, conditional, isFiniteNumber, id, undef } = context.nodes;
  const value = id(name);
  switch (shape.kind) {
    case "string":
      return {
        statements: [when(not(typeOf(value, shape.kind)), fail(context)), ...checkConstraints(shape.constraints, value, context)],
        result: value,
      };
    case "boolean":
      return { statements: [when(not(typeOf(value, shape.kind)), fail(context))], result: value };
    case "null":
      return { statements: [when(ne(value, nullLiteral()), fail(context))], result: value };
    case "literal":
      if (typeof shape.value === "number") {
        const matches = or(eq(value, literal(shape.value)), eq(call(context.runtime("numberOf"), value), literal(shape.value)));
        return { statements: [when(not(matches), fail(context))], result: literal(shape.value) };
      }
      return { statements: [when(ne(value, literal(shape.value)), fail(context))], result: value };
    case "number": {
      const number = context.derived(name, "number");
      return {
        statements: [
          constant(number, conditional(isFiniteNumber(value), value, call(context.runtime("numberOf"), value))),
          when(eq(id(number), undef()), fail(context)),
          ...checkConstraints(shape.constraints, id(number), context),
        ],
        result: id(number),
      };
    }
    case "bigint": {
      const integer = context.derived(name, "integer");
      return {
        statements: [constant(integer, call(context.runtime("i64Of"), value)), when(eq(id(integer), undef()), fail(context))],
        result: id(integer),
      };
    }
    case "date": {
      // One check, the one Format<"date-time"> uses, reads the text and makes the Date (runtime/body/formats.ts).
      const date = context.derived(name, "date");
      return {
        statements: [constant(date, call(context.runtime("dateTimeOf"), value)), when(eq(id(date), undef()), fail(context))],
        result: id(date),
      };
    }
    case "unknown": {
      const copy = context.derived(name, "copy");
      return { statements: [constant(copy, call(context.runtime("copyJson"), value, context.depth))], result: id(copy) };
    }
    case "array":
      return parseArray(shape, name, context);
    case "tuple":
      return parseTuple(shape, name, context);
    case "union":
      return parseUnion(shape.members, name, context);
    default:
      return parseWithFunction(shape, name, context);
  }
}

/** Named shapes (and any object met inline) have a parser function of their own. */
function parseWithFunction(shape: JsonShape, name: string, context: ProgrammerContext): Parsed {
  const { constant, when, eq, id, undef } = context.nodes;
  const result = context.derived(name, "parsed");
  return {
    statements: [constant(result, callParser(shape, id(name), context)), when(eq(id(result), undef()), fail(context))],
    result: id(result),
  };
}

function callParser(shape: JsonShape, value: ts.Expression, context: ProgrammerContext): ts.Expression {
  return context.nodes.call(context.functions.parser(shape), value, context.depthOf(shape));
}

/**
 * A union member tried in turn: through `parseOnce` where the member leads
 * back to a recursive type, so that trying members at every level of a
 * nested value costs each object one parse per member, not 2^depth
 * (runtime/body/parse-once.ts).
 */
function tryMember(member: JsonShape, value: ts.Expression, context: ProgrammerContext): ts.Expression {
  if (!reachesRecursion(member, context.table)) return callParser(member, value, context);
  return context.nodes.call(context.runtime("parseOnce"), context.functions.parser(member), value, context.depthOf(member));
}

function parseArray(shape: Extract<JsonShape, { kind: "array" }>, name: string, context: ProgrammerContext): Parsed {
  const { when, not, isArray, constant, index, id, forEachIndex, expression, call, prop, array } = context.nodes;
  const value = id(name);
  const element = shape.element;
  const counter = context.locals.counter();
  const item = context.derived(name, "item");
  const parsed = parseValue(element, item, context);
  const statements: ts.Statement[] = [when(not(isArray(value)), fail(context)), ...checkConstraints(shape.constraints, value, context)];
  const read = constant(item, index(value, id(counter)));
  // Strings, booleans and nulls pass unchanged, and a JSON array has nothing undeclared: keep it.
  if (isKeptAsIs(element)) {
    statements.push(forEachIndex(counter, value, [read, ...parsed.statements]));
    return { statements, result: value };
  }
  const copy = context.derived(name, "copy");
  const push = expression(call(prop(id(copy), "push"), parsed.result));
  statements.push(constant(copy, array([])), forEachIndex(counter, value, [read, ...parsed.statements, push]));
  return { statements, result: id(copy) };
}

function parseTuple(shape: TupleShape, name: string, context: ProgrammerContext): Parsed {
  const { lt, gt, or, not, isArray, lengthOf, num, when, constant, array, expression, call, prop, id, index, forEachIndex } = context.nodes;
  const value = id(name);
  const tooShort = lt(lengthOf(value), num(shape.required));
  const badLength = shape.rest ? tooShort : or(tooShort, gt(lengthOf(value), num(shape.elements.length)));
  const copy = context.derived(name, "copy");
  const push = (item: ts.Expression) => expression(call(prop(id(copy), "push"), item));
  const statements: ts.Statement[] = [when(or(not(isArray(value)), badLength), fail(context)), constant(copy, array([]))];
  for (const [position, element] of shape.elements.entries()) {
    const item = context.derived(name, `item${position}`);
    const parsed = parseValue(element, item, context);
    const body = [constant(item, index(value, num(position))), ...parsed.statements, push(parsed.result)];
    statements.push(...(position < shape.required ? body : [when(gt(lengthOf(value), num(position)), body)]));
  }
  if (shape.rest) {
    const counter = context.locals.counter();
    const item = context.derived(name, "item");
    const parsed = parseValue(shape.rest, item, context);
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
function parseUnion(members: readonly JsonShape[], name: string, context: ProgrammerContext): Parsed {
  const { id, expression, assign, ne, undef, typeOf, eq, nullLiteral, or, literal, call, isObject, constant, when, variable } =
    context.nodes;
  const table = context.table;
  const value = id(name);
  const result = context.derived(name, "parsed");
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
      case "date":
        branches.push({ test: assignedBy(call(context.runtime("dateTimeOf"), value)), statements: [] });
        break;
      default:
        (jsonKind(member, table) === "object" ? objects : others).push(member);
    }
  }
  for (const member of others) branches.push({ test: assignedBy(tryMember(member, value, context)), statements: [] });
  const tagged = discriminant(objects, table);
  if (tagged) {
    const tag = context.derived(name, tagged.property);
    let choose: ts.Statement = fail(context);
    for (const { member, values } of [...tagged.cases].reverse()) {
      const matches = values.map((tagValue) => eq(id(tag), literal(tagValue))).reduce((left, right) => or(left, right));
      choose = when(matches, set(callParser(member, value, context)), choose);
    }
    branches.push({
      test: isObject(value),
      statements: [
        constant(tag, readProperty(context.nodes, value, tagged.property)),
        choose,
        when(eq(id(result), undef()), fail(context)),
      ],
    });
  } else {
    for (const member of bySpecificity(objects, table))
      branches.push({ test: assignedBy(tryMember(member, value, context)), statements: [] });
  }
  let chain: ts.Statement = fail(context);
  for (const branch of [...branches].reverse()) chain = when(branch.test, branch.statements, chain);
  return { statements: [variable(result), chain], result: id(result) };
}

/** Whether the parser's copy of a valid value is the value itself (as parseArray keeps an array of such values). */
function passesUnchanged(shape: JsonShape): boolean {
  return isKeptAsIs(shape) || (shape.kind === "array" && isKeptAsIs(shape.element));
}

/** The body of an object's parser: check each declared property, copy it, and only it. */
function parseObject(shape: ObjectShape, inputName: string, context: ProgrammerContext): ts.Statement[] {
  const {
    id,
    when,
    not,
    isObject,
    constant,
    variable,
    ne,
    undef,
    expression,
    assign,
    memberAccess,
    object,
    index,
    continueLoop,
    forEachKey,
    ret,
  } = context.nodes;
  const input = id(inputName);
  const statements: ts.Statement[] = [when(not(isObject(input)), fail(context))];
  const required: [string, ts.Expression][] = [];
  const optional: { name: string; present: string }[] = [];
  for (const property of shape.properties) {
    const value = context.locals.take(property.name, "property");
    statements.push(constant(value, readProperty(context.nodes, input, property.name)));
    if (property.optional || resolve(property.shape, context.table).kind === "unknown") {
      const parsed = parseValue(property.shape, value, context);
      if (passesUnchanged(property.shape)) {
        // The value read is its own copy: `if (note !== undefined) out.note = note;` needs no second local.
        statements.push(when(ne(id(value), undef()), parsed.statements));
        optional.push({ name: property.name, present: value });
        continue;
      }
      const present = context.derived(value, "value");
      statements.push(
        variable(present),
        when(ne(id(value), undef()), [...parsed.statements, expression(assign(id(present), parsed.result))]),
      );
      optional.push({ name: property.name, present });
    } else {
      const parsed = parseValue(property.shape, value, context);
      statements.push(...parsed.statements);
      required.push([property.name, parsed.result]);
    }
  }
  // With nothing to add or count, the copy is returned as it is built.
  if (optional.length === 0 && !shape.additional && !shape.constraints?.length) return [...statements, ret(object(required))];
  const out = context.locals.take("out");
  statements.push(constant(out, object(required)));
  for (const { name, present } of optional) {
    statements.push(when(ne(id(present), undef()), expression(assign(memberAccess(id(out), name), id(present)))));
  }
  if (shape.additional) {
    const key = context.locals.take("key");
    const item = context.locals.take("entry");
    const parsed = parseValue(shape.additional, item, context);
    const skipped = [...shape.properties.map((property) => property.name), ...RESERVED_KEYS];
    statements.push(
      forEachKey(key, input, [
        when(isOneOf(context.nodes, id(key), skipped), continueLoop()),
        constant(item, index(input, id(key))),
        ...parsed.statements,
        expression(assign(index(id(out), id(key)), parsed.result)),
      ]),
    );
  }
  // MinProperties, MaxProperties: the copy holds exactly the properties they count.
  if (shape.constraints?.length) {
    const { call, prop, lengthOf } = context.nodes;
    statements.push(...checkConstraints(shape.constraints, lengthOf(call(prop(id("Object"), "keys"), id(out))), context));
  }
  statements.push(ret(id(out)));
  return statements;
}
