import type { Constraint, JsonShape, NamedShape, ObjectShape } from "../model.js";
import { constraintExpected, formatCheck, inCheckOrder, isCostly, patternSource } from "../shapes/constraint-facts.js";
import { expectedText } from "../shapes/shape-traits.js";
import type { CodeWriter } from "./code-writer.js";
import { typeNameOf } from "./client-names.js";
import type { ClientTypes } from "./client-types.js";

// The response checks of a generated client (docs/guide/openapi-and-clients.md,
// "Checking what the app answers"): each route's answer type as an
// AnswerShape, the data honest/client's checkAnswer walks. A named type is a
// constant of its own (`ItemShape`), referred to by a function
// (`() => ItemShape`) so that declaration order and recursion do not matter.
// Only the module's `responseChecks` refers to them: a client that does not
// import it ships none.

export class ClientChecks {
  readonly #names = new Map<number, string>();
  readonly #pending: NamedShape[] = [];
  /** The honest/client functions the shapes' tests call. */
  readonly imports = new Set<string>();

  constructor(readonly types: ClientTypes) {}

  /** The AnswerShape of `shape`, as an expression. */
  shapeOf(shape: JsonShape): string {
    switch (shape.kind) {
      case "string":
      case "number":
        return shape.constraints?.length ? `{ ${shape.kind}: ${this.#constraints(shape.constraints, shape.kind)} }` : `"${shape.kind}"`;
      case "boolean":
      case "null":
      case "bigint":
      case "date":
      case "unknown":
        return `"${shape.kind}"`;
      case "literal":
        return `{ literal: ${JSON.stringify(shape.value)} }`;
      case "array": {
        const constraints = shape.constraints?.length ? `, constraints: ${this.#constraints(shape.constraints, "array")}` : "";
        return `{ items: ${this.shapeOf(shape.element)}${constraints} }`;
      }
      case "tuple": {
        const rest = shape.rest ? `, rest: ${this.shapeOf(shape.rest)}` : "";
        const elements = shape.elements.map((element) => this.shapeOf(element)).join(", ");
        return `{ tuple: [${elements}], required: ${shape.required}${rest}, expected: ${JSON.stringify(expectedText(shape, this.types.table))} }`;
      }
      case "object": {
        const { properties, others } = this.#objectMembers(shape);
        return `{ ${[`properties: [${properties.join(", ")}]`, ...others].join(", ")} }`;
      }
      case "union":
        return `{ anyOf: [${shape.members.map((member) => this.shapeOf(member)).join(", ")}], expected: ${JSON.stringify(expectedText(shape, this.types.table))} }`;
      case "reference": {
        // As the client's types do: a named type its own constant, another written where it is used.
        const entry = this.types.entry(shape.id);
        return this.types.isDeclared(entry) ? `() => ${this.#nameOf(entry)}` : this.shapeOf(entry.shape);
      }
    }
  }

  /** The AnswerShape a route's check gives checkAnswer: a named type's constant itself, rather than a function returning it. */
  checkOf(shape: JsonShape): string {
    if (shape.kind !== "reference") return this.shapeOf(shape);
    const entry = this.types.entry(shape.id);
    return this.types.isDeclared(entry) ? this.#nameOf(entry) : this.checkOf(entry.shape);
  }

  /** The constants of the named types used, each once and after an empty line; declaring one may use more. */
  writeDeclarations(writer: CodeWriter): void {
    for (let index = 0; index < this.#pending.length; index++) {
      const entry = this.#pending[index]!;
      const name = this.#names.get(entry.id)!;
      const { shape } = entry;
      writer.line();
      if (shape.kind !== "object" || shape.properties.length === 0) {
        writer.line(`const ${name}: AnswerShape = ${this.shapeOf(shape)};`);
        continue;
      }
      // A declared object one property a line, as its interface is written.
      const { properties, others } = this.#objectMembers(shape);
      writer.block(
        `const ${name}: AnswerShape = {`,
        () => {
          writer.block(
            "properties: [",
            () => {
              for (const property of properties) writer.line(`${property},`);
            },
            "],",
          );
          for (const other of others) writer.line(`${other},`);
        },
        "};",
      );
    }
  }

  /** An object's properties (`["id", "bigint"]`) and its other members (`additional: ...`, `constraints: [...]`). */
  #objectMembers(shape: ObjectShape): { properties: string[]; others: string[] } {
    const properties = shape.properties.map(
      (property) => `[${JSON.stringify(property.name)}, ${this.shapeOf(property.shape)}${property.optional ? ", true" : ""}]`,
    );
    const others: string[] = [];
    if (shape.additional) others.push(`additional: ${this.shapeOf(shape.additional)}`);
    if (shape.constraints?.length) others.push(`constraints: ${this.#constraints(shape.constraints, "count")}`);
    return { properties, others };
  }

  #nameOf(entry: NamedShape): string {
    let name = this.#names.get(entry.id);
    if (name === undefined) {
      name = this.types.unique.take(`${typeNameOf(entry)}Shape`);
      this.#names.set(entry.id, name);
      this.#pending.push(entry);
    }
    return name;
  }

  /** `[[(value) => test, "expected"], ...]`, in the order the server checks them; `value` a string, number, array, or an object's count of properties. */
  #constraints(constraints: readonly Constraint[], kind: "string" | "number" | "array" | "count"): string {
    const parameter = { string: "value: string", number: "value: number", array: "value: readonly unknown[]", count: "value: number" }[
      kind
    ];
    const entries = inCheckOrder(constraints).map((constraint) => {
      const costly = isCostly(constraint) ? ", true" : "";
      return `[(${parameter}) => ${this.#test(constraint)}, ${JSON.stringify(constraintExpected(constraint))}${costly}]`;
    });
    return `[${entries.join(", ")}]`;
  }

  /** Whether `value` meets the constraint, as TypeScript. */
  #test(constraint: Constraint): string {
    switch (constraint.kind) {
      case "minLength":
        return `${this.#use("codePointLength")}(value) >= ${constraint.value}`;
      case "maxLength":
        return `${this.#use("codePointLength")}(value) <= ${constraint.value}`;
      case "pattern":
        return `/${patternSource(constraint.source)}/u.test(value)`;
      case "format":
        return `${this.#use(formatCheck(constraint.format))}(value)`;
      case "minimum":
      case "minProperties":
        return `value >= ${constraint.value}`;
      case "maximum":
      case "maxProperties":
        return `value <= ${constraint.value}`;
      case "exclusiveMinimum":
        return `value > ${constraint.value}`;
      case "exclusiveMaximum":
        return `value < ${constraint.value}`;
      case "multipleOf":
        return `${this.#use("isMultipleOf")}(value, ${constraint.value})`;
      case "integer":
        return "Number.isInteger(value)";
      case "minItems":
        return `value.length >= ${constraint.value}`;
      case "maxItems":
        return `value.length <= ${constraint.value}`;
    }
  }

  #use(name: string): string {
    this.imports.add(name);
    return name;
  }
}
