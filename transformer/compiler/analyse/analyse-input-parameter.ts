import type ts from "typescript";
import type { Fail, HonestMessage } from "../diagnostics.js";
import { messages, onInputProperty } from "../diagnostic-messages.js";
import type { InputParameterModel, InputPropertyModel, InputReaderModel, InputSource, InputValueType, ReadSource } from "../model.js";
import { docCommentOf } from "./doc-comments.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";
import { type LiteralDefault, literalDefaults } from "./binding-defaults.js";
import { envVariableMistake } from "./env-variables.js";
import { pagingMaxMistake } from "./analyse-paging.js";
import { backtrackingMistake } from "./pattern-backtracking.js";
import { inputConstraintMistakes, splitConstraints, textValueShape, type ValidConstraint } from "./input-constraints.js";
import { type ConstraintRead, ConstraintReader } from "./json-constraints.js";
import { pathValueType } from "./path-value-type.js";
import { isSecretDeclaration, propertyDeclaration, warnUnmarkedSecret } from "./secret-fields.js";

// A `Query<T>`, `Header<T>`, `Cookie<T>` or `Form<T>` parameter (docs/guide/query-headers-cookies.md,
// "Query strings, headers and cookies"; docs/guide/forms-and-uploads.md, "Forms and file uploads"): `T` is an
// object type whose properties are each a type written as text (the path
// parameters' table) or an array of one; in a `Form<T>` also `File` or
// `File[]` (the Web's File).

const SOURCES: Record<string, InputSource> = { Query: "query", Header: "header", Cookie: "cookie", Form: "form" };

/** Whether a marker tag is one of these parameters. */
export function isInputTag(tag: string): boolean {
  return tag in SOURCES;
}

/** A property's mistake is reported once per compilation, however many routes use its type (docs/reference/diagnostics.md, "Compile-time diagnostics"). */
const reportedProperties = new WeakMap<object, Set<ts.Node>>();

export function analyseInputParameter(
  context: AnalysisContext,
  parameter: ts.ParameterDeclaration,
  tag: string,
  argument: ts.TypeNode | undefined,
  fail: Fail,
): InputParameterModel | undefined {
  const source = SOURCES[tag]!;
  const paging = source === "query" && argument ? pagingMaxMistake(context, argument) : undefined;
  if (paging) {
    fail(parameter, paging);
    return undefined;
  }
  const read = analyseInputType(
    context,
    { at: parameter, tag, source, argument, defaults: literalDefaults(context.facts.syntax, parameter) },
    fail,
  );
  return read && { kind: "input", ...read, source };
}

/** Where a type's properties are read from, and the node a mistake of the type as a whole is reported at. */
export interface InputTypeUse {
  /** The parameter, or for `Env<T>` the field. */
  readonly at: ts.Node;
  readonly tag: string;
  readonly source: ReadSource;
  readonly argument: ts.TypeNode | undefined;
  /** The handler's destructuring defaults; `Env<T>` takes its own from the properties (env-variables.ts). */
  readonly defaults?: ReadonlyMap<string, LiteralDefault>;
}

/** `T`'s properties, each read from text; undefined after reporting what cannot be. */
export function analyseInputType(context: AnalysisContext, use: InputTypeUse, fail: Fail): InputReaderModel | undefined {
  const { facts, sink } = context;
  const { TypeFlags, SymbolFlags } = facts.flags;
  const { at: parameter, tag, source, argument } = use;
  const defaults = use.defaults ?? new Map<string, LiteralDefault>();
  const type = argument && facts.typeOfTypeNode(argument);
  const written = `${tag}<${argument?.getText() ?? "T"}>`;
  if (!argument || !type || !isPlainObjectType(facts, type)) {
    fail(parameter, messages.InputNotObject({ written, tag, source, type: type && facts.typeText(type) }));
    return undefined;
  }
  const constraints = new ConstraintReader(context.symbols);
  // `Query<Filter & MinProperties<1>>` would otherwise pass with its constraint unchecked.
  const onObject = (facts.intersectionMembers(type) ?? []).flatMap((member) => {
    const read = constraints.read(member);
    return read ? [read.text] : [];
  });
  if (onObject.length > 0) {
    fail(parameter, messages.MisusedConstraint.onInput({ written, constraints: onObject }));
    return undefined;
  }
  let reported = reportedProperties.get(sink);
  if (!reported) reportedProperties.set(sink, (reported = new Set()));
  const properties: InputPropertyModel[] = [];
  let ok = true;
  for (const symbol of facts.properties(type)) {
    const name = facts.symbolName(symbol);
    const at = facts.valueDeclaration(symbol) ?? parameter;
    const report = (message: HonestMessage) => {
      ok = false;
      if (reported.has(at)) return;
      if (at !== parameter) reported.add(at);
      fail(at, message);
    };
    const property = { written, name };
    if (source === "header" && name !== name.toLowerCase()) {
      report(messages.HeaderNameCase({ written, name }));
      continue;
    }
    const declared = facts.valueDeclaration(symbol);
    const secret = isSecretDeclaration(context.symbols, declared);
    // An environment variable is no request's: Env<T> has the marker and no warning.
    const input = source === "env" ? undefined : propertyDeclaration(context.symbols, symbol);
    if (input) warnUnmarkedSecret(sink, context.symbols, input, name, written);
    let defaultText: string | undefined;
    if (source === "env") {
      const variable = envVariableMistake(context, written, name, declared);
      if ("mistake" in variable) {
        report(variable.mistake);
        continue;
      }
      defaultText = variable.defaultText;
    }
    const propertyType = facts.typeOfSymbol(symbol);
    const optional = (facts.symbolFlags(symbol) & SymbolFlags.Optional) !== 0 || holds(facts, propertyType, TypeFlags.Undefined);
    // `string[] & MaxItems<3>` constrains the array, `(number & Integer)[]` each value, `number & Integer` the one value.
    const outer = splitConstraints(constraints, facts.nonNullableType(propertyType));
    const array = facts.isArrayType(outer.base);
    const inner = array ? splitConstraints(constraints, facts.typeArguments(outer.base)[0]!) : { base: outer.base, reads: outer.reads };
    const valueType: InputValueType | undefined = holds(facts, propertyType, TypeFlags.Null)
      ? undefined
      : source === "form" && isWebFile(facts, inner.base)
        ? { kind: "file" }
        : pathValueType(facts, inner.base);
    if (!valueType || name === "__proto__") {
      const reason =
        name === "__proto__"
          ? messages.UnsupportedInputType.prototype({ source })
          : messages.UnsupportedInputType.notText({ type: facts.typeText(propertyType), source });
      report(onInputProperty(property, reason));
      continue;
    }
    if (valueType.kind === "file") {
      // A file has no text value for a constraint to check.
      if (inner.reads.length > 0 || outer.reads.length > 0) {
        fail(at, onInputProperty(property, messages.MisusedConstraint.onFile()));
        ok = false;
        continue;
      }
      const doc = docCommentOf(facts, symbol);
      properties.push({ name, optional, array, type: valueType, ...(doc && { doc }) });
      continue;
    }
    const valueShape = textValueShape(valueType);
    const mistakes = [
      ...inputConstraintMistakes(inner.reads, valueShape),
      ...(array ? inputConstraintMistakes(outer.reads, { kind: "array", element: valueShape }) : []),
    ];
    if (mistakes.length > 0) {
      ok = false;
      if (!reported.has(at)) for (const mistake of mistakes) fail(at, onInputProperty(property, mistake));
      if (at !== parameter) reported.add(at);
      continue;
    }
    const backtracking = backtrackingMistake(inner.reads as readonly ValidConstraint[]);
    if (backtracking !== undefined) {
      report(onInputProperty(property, backtracking));
      continue;
    }
    const valid = (reads: readonly ConstraintRead[]) => (reads as readonly ValidConstraint[]).map((read) => read.constraint);
    const doc = docCommentOf(facts, symbol);
    properties.push({
      name,
      optional,
      array,
      type: valueType,
      ...(inner.reads.length > 0 && { constraints: valid(inner.reads) }),
      ...(array && outer.reads.length > 0 && { arrayConstraints: valid(outer.reads) }),
      ...(doc && { doc }),
      ...(defaults.has(name) && { default: defaults.get(name)! }),
      ...(secret && { secret }),
      ...(defaultText !== undefined && { defaultText }),
    });
  }
  if (!ok) return undefined;
  const typeName = facts.syntax.isTypeReferenceNode(argument) ? argument.getText() : "";
  return { source, typeName, properties };
}

/** An object type with declared properties only: not an array, a function, a primitive, or a type with an index signature. */
function isPlainObjectType(facts: CompilerFacts, type: FactType): boolean {
  const parts = facts.intersectionMembers(type) ?? [type];
  if (!parts.every((part) => facts.typeFlags(part) & facts.flags.TypeFlags.Object)) return false;
  if (facts.isArrayType(type) || facts.isTupleType(type)) return false;
  if (facts.callSignatures(type).length > 0 || facts.constructSignatures(type).length > 0) return false;
  return facts.indexInfos(type).length === 0;
}

/** The global `File` (the Web's, which Node 20 and every Hono runtime have), not some other type of that name. */
function isWebFile(facts: CompilerFacts, type: FactType): boolean {
  const symbol = facts.typeSymbol(type);
  if (symbol === undefined || facts.symbolName(symbol) !== "File") return false;
  const global = facts.globalTypeSymbol("File");
  return global !== undefined && facts.declaredTypeOfSymbol(global) === type;
}

function holds(facts: CompilerFacts, type: FactType, flag: number): boolean {
  return (facts.unionMembers(type) ?? [type]).some((member) => (facts.typeFlags(member) & flag) !== 0);
}
