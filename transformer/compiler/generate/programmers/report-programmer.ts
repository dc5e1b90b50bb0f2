import type ts from "typescript";
import type { Constraint, JsonShape, ObjectShape, TupleShape } from "../../model.js";
import type { BodyFaults } from "../../../../runtime/internal.js";
import { keySuffix } from "../../../../runtime/common/key-path.js";
import type { GenerationContext } from "../generation-context.js";
import { invoke } from "../protocol.js";
import { constraintExpected } from "../../shapes/constraint-facts.js";
import { constraintFaults } from "./constraint-checks.js";
import { faultProperties, faultPropertyShape, faultShape, namesReporter } from "./fault-shapes.js";
import { isOneOf, readProperty, RESERVED_KEYS } from "./object-keys.js";
import { discriminant, expectedText, jsonKind, resolve } from "../../shapes/shape-traits.js";
import { ProgrammerContext } from "./programmer-context.js";
import type { ShapeFunction } from "./shape-functions.js";

// The thorough half of a body validator, run only for a body the parser
// refused: `(input, path, errors, depth)` adds one `{ path, expected, got }`
// to `errors` for every fault, and nothing for what is valid. Paths are
// built only when a fault is added. An object's or array's reporter hands
// the runtime its shape as data (fault-shapes.ts); the code below writes the
// reporters of what data cannot say: unions, tuples, constrained values,
// objects with an index signature.
//
//   function __honest_report_union_585d4f(input, path, errors, depth) {
//     if (__honest_parse_union_585d4f(input, depth) === undefined) errors.add(path, "\"cm\" | \"in\"", input);
//   }

/** A path as parts of a concatenation, joined only where a fault is added: `[path, ".tags[", i, "]"]`. */
type Path = readonly (string | ts.Expression)[];

class ReporterContext extends ProgrammerContext {
  readonly errors = this.nodes.id("errors");

  /** `errors.add(path, expected, value)`. */
  add(path: Path, expected: string, value: ts.Expression): ts.Statement {
    const { expression, concat, str } = this.nodes;
    return expression(invoke<BodyFaults>(this.nodes, this.errors, "add", concat(...path), str(expected), value));
  }
}

export function reporterDeclaration(fn: ShapeFunction, generation: GenerationContext): ts.FunctionDeclaration {
  const context = new ReporterContext(generation, ["input", "path", "errors", "depth"]);
  const path: Path = [context.nodes.id("path")];
  const statements: ts.Statement[] = [];
  if (fn.recursive) statements.push(context.nestingGuard());
  statements.push(...(asData(fn.shape, context) ?? asCode(fn.shape, path, context)));
  if (fn.shape.kind === "object" && fn.shape.constraints?.length) statements.push(reportPropertyCount(fn.shape, path, context));
  return context.nodes.functionDeclaration(fn.name, context.usedParameters(), statements);
}

/** `MinProperties<N>`, `MaxProperties<N>`: the object's properties present, counted as its parser counts its copy's. */
function reportPropertyCount(shape: ObjectShape, path: Path, context: ReporterContext): ts.Statement {
  const { when, isObject, id, call, array, str, bool, constant } = context.nodes;
  const input = id("input");
  const present = context.locals.take("present");
  const counted = call(
    context.runtime("presentProperties"),
    input,
    array(shape.properties.map((property) => str(property.name))),
    bool(shape.additional !== undefined),
  );
  return when(isObject(input), [constant(present, counted), ...reportConstraints(shape.constraints, id(present), input, path, context)]);
}

/** The reporter's body as one call that hands the runtime its shape as data (fault-shapes.ts), when data can say it. */
function asData(shape: JsonShape, context: ReporterContext): ts.Statement[] | undefined {
  const { expression, call, id } = context.nodes;
  // The depth only where the data names a reporter, which needs it.
  const reportBy = (name: "reportObject" | "reportFaults", data: ts.Expression, needsDepth: boolean) => [
    expression(call(context.runtime(name), id("input"), id("path"), context.errors, data, ...(needsDepth ? [context.depth] : []))),
  ];
  if (shape.kind === "object") {
    const properties = faultProperties(shape, context);
    const needsDepth = shape.properties.some((property) => property.shape.kind !== "unknown" && namesReporter(property.shape));
    return properties && reportBy("reportObject", properties, needsDepth);
  }
  // Only an array: any other shape data can say is a scalar, or this very reporter.
  const described = shape.kind === "array" ? faultShape(shape, context) : undefined;
  return described && reportBy("reportFaults", described, namesReporter(shape));
}

function asCode(shape: JsonShape, path: Path, context: ReporterContext): ts.Statement[] {
  return shape.kind === "object" ? reportObject(shape, "input", path, context) : reportValue(shape, "input", path, context);
}

/** One fault for each constraint (docs/guide/constraints.md, "Constraints") that `checked` does not meet; `value` is what the fault says it got. */
function reportConstraints(
  constraints: readonly Constraint[] | undefined,
  checked: ts.Expression,
  value: ts.Expression,
  path: Path,
  context: ReporterContext,
): ts.Statement[] {
  return constraintFaults(constraints, checked, context, (constraint) => context.add(path, constraintExpected(constraint), value));
}

/** The faults of the value in local `name`. */
function reportValue(shape: JsonShape, name: string, path: Path, context: ReporterContext): ts.Statement[] {
  const { id, when, not, typeOf, eq, ne, or, nullLiteral, literal, call, undef, constant, forEachIndex, index, isArray, expression } =
    context.nodes;
  const value = id(name);
  const expected = expectedText(shape, context.table);
  const unless = (valid: ts.Expression) => [when(not(valid), context.add(path, expected, value))];
  switch (shape.kind) {
    case "string": {
      const faults = reportConstraints(shape.constraints, value, value, path, context);
      if (faults.length === 0) return unless(typeOf(value, shape.kind));
      return [when(not(typeOf(value, shape.kind)), context.add(path, expected, value), faults)];
    }
    case "boolean":
      return unless(typeOf(value, shape.kind));
    case "null":
      return unless(eq(value, nullLiteral()));
    case "literal":
      return unless(
        typeof shape.value === "number"
          ? or(eq(value, literal(shape.value)), eq(call(context.runtime("numberOf"), value), literal(shape.value)))
          : eq(value, literal(shape.value)),
      );
    case "number": {
      if (!shape.constraints?.length) return unless(ne(call(context.runtime("numberOf"), value), undef()));
      const number = context.derived(name, "number");
      return [
        constant(number, call(context.runtime("numberOf"), value)),
        when(
          eq(id(number), undef()),
          context.add(path, expected, value),
          reportConstraints(shape.constraints, id(number), value, path, context),
        ),
      ];
    }
    case "bigint":
      return unless(ne(call(context.runtime("i64Of"), value), undef()));
    case "date":
      return unless(ne(call(context.runtime("dateTimeOf"), value), undef()));
    case "unknown":
      return [];
    case "array": {
      const counter = context.locals.counter();
      const item = context.derived(name, "item");
      const itemPath: Path = [...path, "[", id(counter), "]"];
      const loop = forEachIndex(counter, value, [
        constant(item, index(value, id(counter))),
        ...reportValue(shape.element, item, itemPath, context),
      ]);
      return [
        when(not(isArray(value)), context.add(path, expected, value), [
          ...reportConstraints(shape.constraints, value, value, path, context),
          loop,
        ]),
      ];
    }
    case "tuple":
      return reportTuple(shape, name, path, expected, context);
    case "union":
      return reportUnion(shape, name, path, expected, context);
    default:
      return [expression(callReporter(shape, value, path, context))];
  }
}

function callReporter(shape: JsonShape, value: ts.Expression, path: Path, context: ReporterContext): ts.Expression {
  const { call, concat } = context.nodes;
  return call(context.functions.reporter(shape), value, concat(...path), context.errors, context.depthOf(shape));
}

function reportTuple(shape: TupleShape, name: string, path: Path, expected: string, context: ReporterContext): ts.Statement[] {
  const { id, lt, gt, or, not, isArray, lengthOf, num, when, constant, index, forEachIndex } = context.nodes;
  const value = id(name);
  const tooShort = lt(lengthOf(value), num(shape.required));
  const badLength = shape.rest ? tooShort : or(tooShort, gt(lengthOf(value), num(shape.elements.length)));
  const elements: ts.Statement[] = [];
  for (const [position, element] of shape.elements.entries()) {
    const item = context.derived(name, `item${position}`);
    const body = [constant(item, index(value, num(position))), ...reportValue(element, item, [...path, `[${position}]`], context)];
    elements.push(...(position < shape.required ? body : [when(gt(lengthOf(value), num(position)), body)]));
  }
  if (shape.rest) {
    const counter = context.locals.counter();
    const item = context.derived(name, "item");
    const itemPath: Path = [...path, "[", id(counter), "]"];
    elements.push(
      forEachIndex(
        counter,
        value,
        [constant(item, index(value, id(counter))), ...reportValue(shape.rest, item, itemPath, context)],
        shape.elements.length,
      ),
    );
  }
  return [when(or(not(isArray(value)), badLength), context.add(path, expected, value), elements)];
}

/**
 * A union's faults are those of the member the value is closest to: the
 * member its discriminant names (or the discriminant itself is the fault),
 * else the only member of the value's kind (object or array), else, of
 * several such members, the one with the fewest faults. A value of a kind
 * no member has is one fault where it is.
 */
function reportUnion(
  shape: Extract<JsonShape, { kind: "union" }>,
  name: string,
  path: Path,
  expected: string,
  context: ReporterContext,
): ts.Statement[] {
  const { id, when, typeOf, call, ne, undef, isArray, eq, literal, or, expression, isObject, constant } = context.nodes;
  const value = id(name);
  const table = context.table;
  const objects = shape.members.filter((member) => jsonKind(member, table) === "object");
  const arrays = shape.members.filter((member) => jsonKind(member, table) === "array");
  const tagged = discriminant(objects, table);
  let explain: ts.Statement = context.add(path, expected, value);
  // A string or number of the one member of its kind that has constraints: the constraints it fails.
  const ofKind = (kind: "string" | "number") => shape.members.filter((member) => jsonKind(member, table) === kind);
  const [onlyString] = ofKind("string");
  if (ofKind("string").length === 1 && onlyString?.kind === "string" && onlyString.constraints?.length) {
    explain = when(typeOf(value, "string"), reportConstraints(onlyString.constraints, value, value, path, context), explain);
  }
  const [onlyNumber] = ofKind("number");
  if (ofKind("number").length === 1 && onlyNumber?.kind === "number" && onlyNumber.constraints?.length) {
    const number = call(context.runtime("numberOf"), value);
    explain = when(ne(number, undef()), reportConstraints(onlyNumber.constraints, number, value, path, context), explain);
  }
  if (arrays.length > 0) explain = when(isArray(value), reportMembers(arrays, value, path, context), explain);
  if (tagged) {
    const tag = context.derived(name, tagged.property);
    const tagPath: Path = [...path, keySuffix(tagged.property)];
    const tags = tagged.cases
      .flatMap((entry) => entry.values)
      .map((tagValue) => JSON.stringify(tagValue))
      .join(" | ");
    let choose: ts.Statement = context.add(tagPath, tags, id(tag));
    for (const { member, values } of [...tagged.cases].reverse()) {
      const matches = values.map((tagValue) => eq(id(tag), literal(tagValue))).reduce((left, right) => or(left, right));
      choose = when(matches, expression(callReporter(member, value, path, context)), choose);
    }
    explain = when(isObject(value), [constant(tag, readProperty(context.nodes, value, tagged.property)), choose], explain);
  } else if (objects.length > 0) {
    explain = when(isObject(value), reportMembers(objects, value, path, context), explain);
  }
  const parsed = call(context.functions.parser(shape), value, context.depth);
  return [when(eq(parsed, undef()), explain)];
}

/** The faults of the one member, or of the closest of several. */
function reportMembers(members: readonly JsonShape[], value: ts.Expression, path: Path, context: ReporterContext): ts.Statement {
  const { expression, array, call, concat, plus, num } = context.nodes;
  if (members.length === 1) return expression(callReporter(members[0]!, value, path, context));
  const reporters = array(members.map((member) => context.functions.reporter(member)));
  // Members' own depths differ by one at most; the closer bound is kept.
  return expression(call(context.runtime("reportClosest"), value, concat(...path), context.errors, plus(context.depth, num(1)), reporters));
}

function reportObject(shape: ObjectShape, inputName: string, path: Path, context: ReporterContext): ts.Statement[] {
  const { id, when, not, isObject, ret, constant, ne, undef, call, concat, forEachKey, continueLoop, index, expression } = context.nodes;
  const input = id(inputName);
  const statements: ts.Statement[] = [when(not(isObject(input)), [context.add(path, "object", input), ret()])];
  for (const property of shape.properties) {
    // An `unknown` property has no faults to report.
    if (property.shape.kind === "unknown") continue;
    const value = context.locals.take(property.name, "property");
    const propertyPath: Path = [...path, keySuffix(property.name)];
    // A secret's faults come from the runtime, which describes its values by their kind alone.
    const faults = property.secret
      ? [
          expression(
            call(
              context.runtime("reportFaults"),
              id(value),
              concat(...propertyPath),
              context.errors,
              faultPropertyShape(property, context),
              context.depth,
            ),
          ),
        ]
      : reportValue(property.shape, value, propertyPath, context);
    statements.push(constant(value, readProperty(context.nodes, input, property.name)));
    const mayBeAbsent = property.optional || resolve(property.shape, context.table).kind === "unknown";
    statements.push(...(mayBeAbsent ? [when(ne(id(value), undef()), faults)] : faults));
  }
  if (shape.additional) {
    const key = context.locals.take("key");
    const item = context.locals.take("entry");
    const skipped = [...shape.properties.map((property) => property.name), ...RESERVED_KEYS];
    const itemPath: Path = [call(context.runtime("keyPath"), concat(...path), id(key))];
    statements.push(
      forEachKey(key, input, [
        when(isOneOf(context.nodes, id(key), skipped), continueLoop()),
        constant(item, index(input, id(key))),
        ...reportValue(shape.additional, item, itemPath, context),
      ]),
    );
  }
  return statements;
}
