import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { Constraint, JsonShape, StringFormat } from "../model.js";
import { inUnionOrder } from "./union-order.js";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";
import type { HonestSymbols } from "./honest-symbols.js";

// Constraint types (docs/guide/constraints.md, "Constraints") as json-shapes.ts meets them: a
// member of an intersection (`string & MinLength<1>`) whose only property
// is declared by a type alias tagged `@honest constraint`. What each
// constraint reads from its argument, what it applies to, and why a use of
// it cannot be checked.

/** A constraint as the program wrote it, or why it cannot be one. */
export type ConstraintRead =
  | { readonly constraint: Constraint; readonly text: string }
  | { readonly mistake: HonestMessage; readonly text: string };

type Target = "string" | "number" | "array" | "object";

interface ConstraintKind {
  readonly kind: Constraint["kind"];
  readonly target: Target;
  /** What its argument is: a count (whole, at least 0), a bound, a step (above 0), a regex, a format, or nothing. */
  readonly argument: "count" | "bound" | "step" | "regex" | "format" | "none";
}

const KINDS: Readonly<Record<string, ConstraintKind>> = {
  MinLength: { kind: "minLength", target: "string", argument: "count" },
  MaxLength: { kind: "maxLength", target: "string", argument: "count" },
  Pattern: { kind: "pattern", target: "string", argument: "regex" },
  Format: { kind: "format", target: "string", argument: "format" },
  Minimum: { kind: "minimum", target: "number", argument: "bound" },
  Maximum: { kind: "maximum", target: "number", argument: "bound" },
  ExclusiveMinimum: { kind: "exclusiveMinimum", target: "number", argument: "bound" },
  ExclusiveMaximum: { kind: "exclusiveMaximum", target: "number", argument: "bound" },
  MultipleOf: { kind: "multipleOf", target: "number", argument: "step" },
  Integer: { kind: "integer", target: "number", argument: "none" },
  MinItems: { kind: "minItems", target: "array", argument: "count" },
  MaxItems: { kind: "maxItems", target: "array", argument: "count" },
  MinProperties: { kind: "minProperties", target: "object", argument: "count" },
  MaxProperties: { kind: "maxProperties", target: "object", argument: "count" },
};

const FORMATS: readonly StringFormat[] = ["email", "uuid", "uri", "date-time", "date", "password"];

export class ConstraintReader {
  constructor(readonly symbols: HonestSymbols) {}

  /** The constraint an intersection member is, or undefined when it is not one of honest's. */
  read(member: FactType): ConstraintRead | undefined {
    const { facts } = this.symbols;
    const { TypeFlags } = facts.flags;
    if (!(facts.typeFlags(member) & TypeFlags.Object)) return undefined;
    const properties = facts.properties(member);
    if (properties.length !== 1) return undefined;
    const declaration = facts.declarations(properties[0]!)[0];
    const alias = declaration?.parent?.parent;
    if (!alias || !facts.syntax.isTypeLiteralNode(declaration.parent) || !facts.syntax.isTypeAliasDeclaration(alias)) return undefined;
    const aliasSymbol = facts.symbolAt(alias.name);
    const tag = aliasSymbol && this.symbols.tagOfSymbol(aliasSymbol);
    const name = tag?.startsWith("constraint ") ? tag.slice("constraint ".length) : undefined;
    const kind = name === undefined ? undefined : KINDS[name];
    if (!name || !kind) return undefined;
    const argumentType = withoutUndefined(facts, facts.typeOfSymbol(properties[0]!));
    const written = inUnionOrder(facts, facts.unionMembers(argumentType) ?? [argumentType])
      .filter((member) => !(facts.typeFlags(member) & TypeFlags.Undefined))
      .map((member) => facts.typeText(member))
      .join(" | ");
    const text = kind.argument === "none" ? name : `${name}<${written}>`;
    const mistake = (message: HonestMessage) => ({ mistake: message, text });
    const misused = messages.MisusedConstraint;
    const value = facts.literalValue(argumentType);
    switch (kind.argument) {
      case "none":
        return { constraint: { kind: "integer" }, text };
      case "regex": {
        if (typeof value !== "string") return mistake(misused.notAStringLiteral({ constraint: text, name }));
        try {
          new RegExp(value, "u");
        } catch (error) {
          return mistake(misused.invalidExpression({ constraint: text, error: (error as Error).message }));
        }
        return { constraint: { kind: "pattern", source: value }, text };
      }
      case "format": {
        const format = typeof value === "string" ? (value as StringFormat) : undefined;
        if (format === undefined || !FORMATS.includes(format)) {
          return mistake(misused.unknownFormat({ constraint: text, name, formats: FORMATS }));
        }
        return { constraint: { kind: "format", format }, text };
      }
      default: {
        if (typeof value !== "number") {
          return mistake(misused.notANumberLiteral({ constraint: text, name, example: kind.argument === "bound" ? 0 : 1 }));
        }
        if (kind.argument === "count" && !(Number.isInteger(value) && value >= 0)) {
          return mistake(misused.notACount({ constraint: text, name }));
        }
        if (kind.argument === "step" && !(value > 0)) return mistake(misused.stepNotAboveZero({ constraint: text, name }));
        return { constraint: { kind: kind.kind, value } as Constraint, text };
      }
    }
  }
}

/** Why these constraints cannot apply to a value of this shape: one reason per constraint, or for a pair that no value satisfies. */
export function constraintMistakes(
  shape: JsonShape,
  reads: readonly { readonly constraint: Constraint; readonly text: string }[],
): HonestMessage[] {
  const mistakes: HonestMessage[] = [];
  const target: Target | undefined =
    shape.kind === "string" || shape.kind === "number" || shape.kind === "array" || shape.kind === "object" ? shape.kind : undefined;
  for (const { constraint, text } of reads) {
    const wanted = targetOf(constraint);
    if (wanted === target) continue;
    mistakes.push(messages.MisusedConstraint.wrongTarget({ constraint: text, wanted, value: shape, target }));
  }
  if (mistakes.length > 0) return mistakes;
  const find = (kind: Constraint["kind"]) => reads.find((read) => read.constraint.kind === kind);
  const boundOf = (read: { readonly constraint: Constraint }) => (read.constraint as { readonly value: number }).value;
  const contradiction = (low: Constraint["kind"], high: Constraint["kind"], strict: boolean) => {
    const lower = find(low);
    const upper = find(high);
    if (!lower || !upper) return;
    if (strict ? boundOf(lower) < boundOf(upper) : boundOf(lower) <= boundOf(upper)) return;
    mistakes.push(messages.MisusedConstraint.unsatisfiable({ lower: lower.text, upper: upper.text, target }));
  };
  contradiction("minLength", "maxLength", false);
  contradiction("minItems", "maxItems", false);
  contradiction("minProperties", "maxProperties", false);
  contradiction("minimum", "maximum", false);
  contradiction("exclusiveMinimum", "exclusiveMaximum", true);
  contradiction("minimum", "exclusiveMaximum", true);
  contradiction("exclusiveMinimum", "maximum", true);
  return mistakes;
}

/** Whether the constraint applies to objects, which json-shapes.ts reads as a named type of their own. */
export function constrainsObjects(read: ConstraintRead): boolean {
  return "constraint" in read && targetOf(read.constraint) === "object";
}

function targetOf(constraint: Constraint): Target {
  return Object.values(KINDS).find((kind) => kind.kind === constraint.kind)!.target;
}

function withoutUndefined(facts: CompilerFacts, type: FactType): FactType {
  const members = facts.unionMembers(type);
  if (!members) return type;
  const defined = members.filter((member) => !(facts.typeFlags(member) & facts.flags.TypeFlags.Undefined));
  return defined.length === 1 ? defined[0]! : type;
}
