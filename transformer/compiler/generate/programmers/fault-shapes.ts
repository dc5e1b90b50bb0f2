import type ts from "typescript";
import type { JsonShape, ObjectShape, PropertyShape } from "../../model.js";
import type { FaultShape } from "../../../../runtime/internal.js";
import { objectOf } from "../protocol.js";
import type { ProgrammerContext } from "./programmer-context.js";
import { resolve } from "../../shapes/shape-traits.js";

// A reporter runs only for a refused body, so what it checks is written as
// data that the runtime's reportObject and reportFaults read
// (runtime/body/fault-shapes.ts), not as code per type:
//
//   function __honest_report_CreateDto(input, path, errors, depth) {
//     __honest.reportObject(input, path, errors, [["name", "string"], ["tags", { items: "string" }, true], ["dims", __honest_report_Dims]], depth);
//   }
//
// A shape the data cannot say (a union, a tuple, a constrained value) is
// reported by a function of its own, which the data names. A `Secret<T>`
// property's shape is wrapped, `["password", { secret: "string" }]`, so that
// its faults, and those of what it holds, never show the value.

type ScalarKind = Extract<FaultShape, string>;

const SCALARS: ReadonlySet<string> = new Set<ScalarKind>(["string", "number", "boolean", "null", "bigint", "date", "unknown"]);

/** `shape` as a FaultShape, or undefined when only code of its own can report it. */
export function faultShape(shape: JsonShape, context: ProgrammerContext): ts.Expression | undefined {
  const { str } = context.nodes;
  if (shape.kind === "reference") return context.functions.reporter(shape);
  if ((shape.kind === "string" || shape.kind === "number") && shape.constraints?.length) return undefined;
  if (SCALARS.has(shape.kind)) return str(shape.kind satisfies string);
  if (shape.kind === "array" && !shape.constraints?.length) {
    return objectOf<Extract<FaultShape, { items: unknown }>>(context.nodes, { items: propertyShape(shape.element, context) });
  }
  return undefined;
}

/**
 * A property's FaultShape: `{ secret }` around it for a `Secret<T>`, whose faults say only what kind of value came
 * (docs/guide/json-bodies-and-responses.md, "Secrets").
 */
export function faultPropertyShape(property: PropertyShape, context: ProgrammerContext): ts.Expression {
  const shape = propertyShape(property.shape, context);
  return property.secret ? objectOf<Extract<FaultShape, { secret: unknown }>>(context.nodes, { secret: shape }) : shape;
}

/** `shape` as a FaultShape, its own reporter `{ inPlace }` where data cannot say it. */
function propertyShape(shape: JsonShape, context: ProgrammerContext): ts.Expression {
  return (
    faultShape(shape, context) ??
    objectOf<Extract<FaultShape, { inPlace: unknown }>>(context.nodes, { inPlace: context.functions.reporter(shape) })
  );
}

/** Whether `shape`'s FaultShape names a reporter, which is then given the depth. */
export function namesReporter(shape: JsonShape): boolean {
  if ((shape.kind === "string" || shape.kind === "number") && shape.constraints?.length) return true;
  if (SCALARS.has(shape.kind)) return false;
  if (shape.kind === "array" && !shape.constraints?.length) return namesReporter(shape.element);
  return true;
}

/** The properties of an object without an index signature, as the runtime's FaultProperty entries; undefined for one with. */
export function faultProperties(shape: ObjectShape, context: ProgrammerContext): ts.Expression | undefined {
  const { array, str, bool } = context.nodes;
  if (shape.additional) return undefined;
  const entries: ts.Expression[] = [];
  for (const property of shape.properties) {
    // An `unknown` property has no faults to report.
    if (property.shape.kind === "unknown") continue;
    const mayBeAbsent = property.optional || resolve(property.shape, context.table).kind === "unknown";
    entries.push(array([str(property.name), faultPropertyShape(property, context), ...(mayBeAbsent ? [bool(true)] : [])]));
  }
  return array(entries);
}
