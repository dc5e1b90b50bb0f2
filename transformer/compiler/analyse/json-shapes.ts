import type ts from "typescript";
import type { Constraint, DocComment, JsonShape, NamedShape, ObjectShape, PropertyShape, ShapeTable } from "../model.js";
import type { CompilerFacts, FactSymbol, FactType } from "../facts/compiler-facts.js";
import { docCommentOf } from "./doc-comments.js";
import { inUnionOrder } from "./union-order.js";
import type { HonestSymbols } from "./honest-symbols.js";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import { type ConstraintRead, ConstraintReader, constrainsObjects, constraintMistakes } from "./json-constraints.js";
import { backtrackingMistake } from "./pattern-backtracking.js";
import { isDateType } from "./date-type.js";
import { isSecretDeclaration, propertyDeclaration } from "./secret-fields.js";

/** Keys a body never keeps, whatever the declared type says (docs/guide/json-bodies-and-responses.md, "What the handler receives"). */
const DROPPED_KEYS = new Set(["__proto__", "constructor"]);

// What a `Json<T>` type means as JSON, read from the type checker: the shape
// that validators and serializers are generated from, or the reasons the
// type cannot travel as JSON, each at a property path (`.items[].createdAt`).
//
// Object types become named shapes in one program-wide table, so that every
// use of `Item` shares its generated code and recursive types (a tree of
// comments) are references to themselves. Types are read through the
// compiler's facts (compiler-facts.ts), so TypeScript 6 and 7 give one table.

export interface ShapeMistake {
  /** Relative to the `Json<T>` type: "" for `T` itself, `.tags[]`, `.owner.name`. */
  readonly path: string;
  /**
   * A type JSON cannot carry (TS991014), a constraint type that cannot apply
   * where it is (TS991023), or a Pattern that backtracks (TS991033).
   */
  readonly reason: HonestMessage;
  /** The property declaration to change, where there is one; otherwise the `Json<T>` that uses the type. */
  readonly node?: ts.Node;
  /** The mistake is in how the type is used (a type parameter left open), not in a declaration. */
  readonly atUse?: boolean;
}

/** A property of a request body's type, where TS991044 may point: its path from the body, its name and its declaration. */
export interface BodyProperty {
  readonly path: string;
  readonly name: string;
  readonly declaration: ts.PropertySignature | ts.PropertyDeclaration;
}

export type ShapeResult = { readonly shape: JsonShape } | { readonly mistakes: readonly ShapeMistake[] };

interface TableEntry {
  readonly id: number;
  readonly name: string;
  /** The type alias a `Json<T>` names it by, when the type's own name differs (NamedShape.alias). */
  alias?: string;
  readonly doc: DocComment | undefined;
  shape: JsonShape | undefined;
  recursive: boolean;
}

interface Visit {
  /** The table id, assigned up front for object types and on re-entry for others. */
  id: number | undefined;
}

export class JsonShapes {
  readonly #facts: CompilerFacts;
  readonly #symbols: HonestSymbols;
  /** Each object property's declaration, where one is written with a type. */
  readonly #declarations = new WeakMap<PropertyShape, ts.PropertySignature | ts.PropertyDeclaration>();
  /** Scalar types an intersection may brand: `string & { __brand: "Id" }`. */
  readonly #scalar: number;
  readonly #entries: TableEntry[] = [];
  readonly #results = new Map<FactType, ShapeResult>();
  /** Types in the order their results were cached, so a failed recursive visit can forget what it built. */
  readonly #cached: FactType[] = [];
  readonly #visiting = new Map<FactType, Visit>();
  readonly #reported = new Map<ts.Node, Set<string>>();
  readonly #constraints: ConstraintReader;

  constructor(symbols: HonestSymbols) {
    this.#facts = symbols.facts;
    this.#symbols = symbols;
    const { TypeFlags } = this.#facts.flags;
    this.#scalar = TypeFlags.StringLike | TypeFlags.NumberLike | TypeFlags.BigIntLike | TypeFlags.BooleanLike;
    this.#constraints = new ConstraintReader(symbols);
  }

  shapeOf(type: FactType): ShapeResult {
    return this.#visit(type);
  }

  /**
   * Records the type alias a `Json<T>` wrote for a named shape (`PatchDto`
   * for `Partial<UpdateDto>`), asking `alias` only when what was `written`
   * is not the type's own name; the first alias recorded stays.
   */
  nameByAlias(shape: JsonShape, written: string, alias: () => string | undefined): void {
    const entry = shape.kind === "reference" ? this.#entries[shape.id] : undefined;
    if (!entry || entry.alias !== undefined || entry.name === written) return;
    const name = alias();
    if (name !== undefined && name !== entry.name) entry.alias = name;
  }

  /** Whether a mistake at `node` is new: one mistake, one diagnostic, however many routes use the type. */
  firstReport(node: ts.Node, { text: message }: HonestMessage): boolean {
    let messages = this.#reported.get(node);
    if (!messages) this.#reported.set(node, (messages = new Set()));
    if (messages.has(message)) return false;
    messages.add(message);
    return true;
  }

  /** The named shapes built so far, indexed by id. */
  table(): ShapeTable {
    return this.#entries.map(
      (entry): NamedShape => ({
        id: entry.id,
        name: entry.name,
        ...(entry.alias !== undefined && { alias: entry.alias }),
        shape: entry.shape ?? { kind: "unknown" },
        recursive: entry.recursive,
        ...(entry.doc && { doc: entry.doc }),
      }),
    );
  }

  /**
   * What a request body of this shape cannot be, beyond being JSON: a class
   * with methods (the handler would get a plain object without them), or a
   * property named `__proto__` or `constructor` (such keys are always dropped).
   */
  bodyMistakes(root: JsonShape): ShapeMistake[] {
    const mistakes: ShapeMistake[] = [];
    this.#eachBodyObject(root, (object, path) => {
      for (const method of object.methods) {
        mistakes.push({ path: `${path}.${method}`, reason: messages.UnsupportedJsonType.methodInBody() });
      }
      for (const property of object.properties) {
        if (DROPPED_KEYS.has(property.name)) {
          mistakes.push({ path: `${path}.${property.name}`, reason: messages.UnsupportedJsonType.droppedKeyInBody() });
        }
      }
    });
    return mistakes;
  }

  /** The declared properties of the objects a body of this shape holds, each object once, with the path of its first place. */
  bodyProperties(root: JsonShape): BodyProperty[] {
    const found: BodyProperty[] = [];
    this.#eachBodyObject(root, (object, path) => {
      for (const property of object.properties) {
        const declaration = this.#declarations.get(property);
        if (declaration) found.push({ path: `${path}.${property.name}`, name: property.name, declaration });
      }
    });
    return found;
  }

  /**
   * Every object a body of `root`'s shape holds, with the path of its first place (`.items[].tags`), each reached once
   * through references; not within a key the body never keeps (`__proto__`, `constructor`).
   */
  #eachBodyObject(root: JsonShape, visit: (object: Extract<JsonShape, { kind: "object" }>, path: string) => void): void {
    const seen = new Set<number>();
    const walk = (shape: JsonShape, path: string): void => {
      switch (shape.kind) {
        case "reference":
          if (seen.has(shape.id)) return;
          seen.add(shape.id);
          walk(this.#entries[shape.id]!.shape!, path);
          return;
        case "array":
          walk(shape.element, `${path}[]`);
          return;
        case "tuple":
          for (const [index, element] of shape.elements.entries()) walk(element, `${path}[${index}]`);
          if (shape.rest) walk(shape.rest, `${path}[]`);
          return;
        case "union":
          for (const member of shape.members) walk(member, path);
          return;
        case "object":
          visit(shape, path);
          for (const property of shape.properties) {
            if (!DROPPED_KEYS.has(property.name)) walk(property.shape, `${path}.${property.name}`);
          }
          if (shape.additional) walk(shape.additional, `${path}[string]`);
          return;
        default:
          return;
      }
    };
    walk(root, "");
  }

  #visit(type: FactType): ShapeResult {
    const cached = this.#results.get(type);
    if (cached) return cached;
    const simple = this.#simple(type);
    if (simple) return simple;

    const visiting = this.#visiting.get(type);
    if (visiting) {
      visiting.id ??= this.#allocate(type);
      this.#entries[visiting.id]!.recursive = true;
      return { shape: { kind: "reference", id: visiting.id } };
    }
    const isObject = this.#isPlainObject(type);
    const visit: Visit = { id: isObject ? this.#allocate(type) : undefined };
    const cachedBefore = this.#cached.length;
    this.#visiting.set(type, visit);
    const result = this.#compose(type);
    this.#visiting.delete(type);

    let final = result;
    if ("shape" in result && result.shape.kind === "union") final = { shape: this.#named(result.shape, type) };
    if (visit.id !== undefined) {
      const entry = this.#entries[visit.id]!;
      if ("shape" in result) {
        entry.shape = result.shape;
        final = { shape: { kind: "reference", id: visit.id } };
      } else if (entry.recursive) {
        // Results built meanwhile refer to this failed entry; forget them.
        for (const stale of this.#cached.splice(cachedBefore)) this.#results.delete(stale);
      }
    }
    this.#results.set(type, final);
    this.#cached.push(type);
    return final;
  }

  /** A union with the name of the non-generic type alias that declares it (`type Payment = Card | Cash`), for generated names. */
  #named(union: Extract<JsonShape, { kind: "union" }>, type: FactType): JsonShape {
    const symbol = this.#facts.aliasSymbol(type);
    const declaration = symbol && this.#facts.declarations(symbol).find(this.#facts.syntax.isTypeAliasDeclaration);
    return declaration && !declaration.typeParameters ? { ...union, alias: this.#facts.symbolName(symbol) } : union;
  }

  #allocate(type: FactType): number {
    const id = this.#entries.length;
    const symbol = this.#facts.aliasSymbol(type) ?? this.#facts.typeSymbol(type);
    // The standard library's comments describe `Partial<T>` itself, not the program's data.
    const documented = symbol && !this.#facts.symbolName(symbol).startsWith("__") && !this.#isStandardLibrary(symbol);
    const doc = documented ? docCommentOf(this.#facts, symbol) : undefined;
    this.#entries.push({ id, name: this.#name(type), doc, shape: undefined, recursive: false });
    return id;
  }

  #name(type: FactType): string {
    const text = this.#facts.typeText(type, { noTruncation: true });
    return text.startsWith("{") ? "object" : text;
  }

  /** Types that need no table entry: primitives, literals, and what can never be JSON. */
  #simple(type: FactType): ShapeResult | undefined {
    const facts = this.#facts;
    const { TypeFlags } = facts.flags;
    const flags = facts.typeFlags(type);
    const mistake = (reason: HonestMessage): ShapeResult => ({ mistakes: [{ path: "", reason }] });
    const unsupported = messages.UnsupportedJsonType;
    if (flags & (TypeFlags.Any | TypeFlags.Unknown)) return { shape: { kind: "unknown" } };
    if (flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BooleanLiteral)) {
      return { shape: { kind: "literal", value: facts.literalValue(type)! } };
    }
    if (flags & TypeFlags.Boolean) return { shape: { kind: "boolean" } };
    if (flags & TypeFlags.String) return { shape: { kind: "string" } };
    if (flags & TypeFlags.Number) return { shape: { kind: "number" } };
    if (flags & TypeFlags.BigInt) return { shape: { kind: "bigint" } };
    if (flags & TypeFlags.Null) return { shape: { kind: "null" } };
    if (flags & (TypeFlags.Undefined | TypeFlags.Void)) return mistake(unsupported.canBeUndefined());
    if (flags & TypeFlags.BigIntLiteral) return mistake(unsupported.bigintLiteral({ type: facts.typeText(type) }));
    if (flags & TypeFlags.ESSymbolLike) return mistake(unsupported.symbol());
    if (flags & TypeFlags.Never) return mistake(unsupported.never());
    if (flags & TypeFlags.TypeParameter) {
      return { mistakes: [{ path: "", reason: unsupported.typeParameter({ type: facts.typeText(type) }), atUse: true }] };
    }
    if (flags & (TypeFlags.TemplateLiteral | TypeFlags.StringMapping))
      return mistake(unsupported.templateType({ type: facts.typeText(type) }));
    if (flags & TypeFlags.NonPrimitive) return mistake(unsupported.object());
    if (isDateType(facts, type)) return { shape: { kind: "date" } };
    return undefined;
  }

  #isScalar(type: FactType): boolean {
    return (this.#facts.typeFlags(type) & this.#scalar) !== 0;
  }

  #isPlainObject(type: FactType): boolean {
    const facts = this.#facts;
    const members = facts.intersectionMembers(type);
    if (members) {
      // `Partial<User> & MinProperties<1>` is an object type of its own: a named shape, its own parser and schema.
      const reads = members.map((member) => this.#constraints.read(member));
      if (reads.some((read) => read && constrainsObjects(read))) return !members.some((member) => this.#isScalar(member));
      return !members.some((member, index) => this.#isScalar(member) || reads[index]);
    }
    return !!(facts.typeFlags(type) & facts.flags.TypeFlags.Object) && !facts.isArrayType(type) && !facts.isTupleType(type);
  }

  #compose(type: FactType): ShapeResult {
    const facts = this.#facts;
    const union = facts.unionMembers(type);
    if (union) return this.#union(inUnionOrder(facts, union));
    const intersection = facts.intersectionMembers(type);
    if (intersection) {
      const constrained = this.#constrained(intersection);
      if (constrained) return constrained;
      // `string & { __brand: "Id" }`: the brand exists only for the type checker.
      const primitive = intersection.find((member) => this.#isScalar(member));
      if (primitive) return this.#visit(primitive);
      return this.#object(type);
    }
    if (facts.isArrayType(type)) {
      return within("[]", this.#visit(facts.typeArguments(type)[0]!), (element) => ({
        kind: "array",
        element,
      }));
    }
    if (facts.isTupleType(type)) return this.#tuple(type);
    if (facts.typeFlags(type) & facts.flags.TypeFlags.Object) return this.#object(type);
    return { mistakes: [{ path: "", reason: messages.UnsupportedJsonType.otherType({ type: facts.typeText(type) }) }] };
  }

  /**
   * `string & MinLength<1>`, `number & Integer`, `string[] & MaxItems<10>`:
   * the shape of the rest of the intersection with the constraints attached,
   * or undefined when no member is a constraint type.
   */
  #constrained(members: readonly FactType[]): ShapeResult | undefined {
    const reads: ConstraintRead[] = [];
    const others: FactType[] = [];
    for (const member of members) {
      const read = this.#constraints.read(member);
      if (read) reads.push(read);
      else others.push(member);
    }
    if (reads.length === 0) return undefined;
    const mistake = (reason: HonestMessage): ShapeMistake => ({ path: "", reason });
    const misused = reads.flatMap((read) => ("mistake" in read ? [mistake(read.mistake)] : []));
    if (misused.length > 0) return { mistakes: misused };
    // A brand beside a scalar (`string & { __brand: "Id" } & MinLength<1>`) exists only for the type checker.
    const base = others.find((member) => this.#isScalar(member)) ?? (others.length === 1 ? others[0] : undefined);
    if (!base) {
      return { mistakes: [mistake(messages.MisusedConstraint.onObjects({ constraints: reads.map((read) => read.text) }))] };
    }
    const result = this.#visit(base);
    if ("mistakes" in result) return result;
    // An object type is a named shape: its constraints go on the object (this intersection's own entry, #visit).
    const constrained = result.shape.kind === "reference" ? this.#entries[result.shape.id]!.shape : result.shape;
    if (!constrained) return { mistakes: [mistake(messages.MisusedConstraint.onObjects({ constraints: reads.map((read) => read.text) }))] };
    const valid = reads as readonly { readonly constraint: Constraint; readonly text: string }[];
    const mistakes = constraintMistakes(constrained.kind === "object" ? constrained : result.shape, valid);
    if (mistakes.length > 0) return { mistakes: mistakes.map(mistake) };
    const backtracking = backtrackingMistake(valid);
    if (backtracking !== undefined) return { mistakes: [mistake(backtracking)] };
    const shape = (constrained.kind === "object" ? constrained : result.shape) as Extract<
      JsonShape,
      { kind: "string" | "number" | "array" | "object" }
    >;
    return { shape: { ...shape, constraints: [...(shape.constraints ?? []), ...valid.map((read) => read.constraint)] } };
  }

  #union(types: readonly FactType[]): ShapeResult {
    const facts = this.#facts;
    const isBooleanLiteral = (member: FactType) => (facts.typeFlags(member) & facts.flags.TypeFlags.BooleanLiteral) !== 0;
    const mistakes: ShapeMistake[] = [];
    const members: JsonShape[] = [];
    const hasTrue = types.some((member) => isBooleanLiteral(member) && facts.literalValue(member) === true);
    const hasFalse = types.some((member) => isBooleanLiteral(member) && facts.literalValue(member) === false);
    if (hasTrue && hasFalse) members.push({ kind: "boolean" });
    for (const member of types) {
      if (hasTrue && hasFalse && isBooleanLiteral(member)) continue;
      const result = this.#visit(member);
      if ("mistakes" in result) mistakes.push(...result.mistakes);
      else if (result.shape.kind === "union") members.push(...result.shape.members);
      else members.push(result.shape);
    }
    if (mistakes.length > 0) return { mistakes };
    if (members.some((member) => member.kind === "unknown")) return { shape: { kind: "unknown" } };
    // A Date is a string in JSON: beside a string, nothing would tell which one a text is.
    const texts = members.filter((member) => member.kind === "string" || (member.kind === "literal" && typeof member.value === "string"));
    if (texts.length > 0 && members.some((member) => member.kind === "date")) {
      return { mistakes: [{ path: "", reason: messages.UnsupportedJsonType.dateOrString() }] };
    }
    return { shape: members.length === 1 ? members[0]! : { kind: "union", members } };
  }

  #tuple(type: FactType): ShapeResult {
    const { ElementFlags } = this.#facts.flags;
    const { elementFlags, minLength } = this.#facts.tupleShape(type);
    const elementTypes = this.#facts.typeArguments(type);
    const mistakes: ShapeMistake[] = [];
    const elements: JsonShape[] = [];
    let rest: JsonShape | undefined;
    for (const [index, elementType] of elementTypes.entries()) {
      const flags = elementFlags[index]!;
      const result = flags & ElementFlags.Optional ? this.#withoutUndefined(elementType).result : this.#visit(elementType);
      if ("mistakes" in result) {
        mistakes.push(...prefixed(`[${index}]`, result.mistakes));
      } else if (flags & ElementFlags.Variable) {
        if (index !== elementTypes.length - 1) {
          mistakes.push({ path: `[${index}]`, reason: messages.UnsupportedJsonType.restBeforeEnd() });
        }
        rest = result.shape;
      } else {
        elements.push(result.shape);
      }
    }
    if (mistakes.length > 0) return { mistakes };
    return { shape: { kind: "tuple", elements, required: Math.min(minLength, elements.length), rest } };
  }

  #object(type: FactType): ShapeResult {
    const facts = this.#facts;
    const { TypeFlags, SymbolFlags } = facts.flags;
    if (facts.callSignatures(type).length > 0 || facts.constructSignatures(type).length > 0) {
      return { mistakes: [{ path: "", reason: messages.UnsupportedJsonType.function({ type: facts.typeText(type) }) }] };
    }
    const symbol = facts.typeSymbol(type);
    if (symbol && facts.symbolFlags(symbol) & (SymbolFlags.Interface | SymbolFlags.Class) && this.#isStandardLibrary(symbol)) {
      return { mistakes: [{ path: "", reason: messages.UnsupportedJsonType.standardLibrary({ name: facts.symbolName(symbol) }) }] };
    }
    const mistakes: ShapeMistake[] = [];
    const properties: PropertyShape[] = [];
    const methods: string[] = [];
    for (const property of facts.properties(type)) {
      const name = facts.symbolName(property);
      // Symbol-keyed and #private members are never JSON data.
      if (name.startsWith("__@") || name.startsWith("__#")) continue;
      if (facts.symbolFlags(property) & SymbolFlags.Method) {
        methods.push(name);
        continue;
      }
      const result = this.#property(property);
      if ("mistakes" in result) {
        // The innermost property declaration is where the fix goes.
        const located = result.mistakes.map((found) =>
          found.node || found.atUse ? found : { ...found, node: facts.valueDeclaration(property) },
        );
        mistakes.push(...prefixed(`.${name}`, located));
      } else {
        const doc = docCommentOf(facts, property);
        const declaration = propertyDeclaration(this.#symbols, property);
        const secret = isSecretDeclaration(this.#symbols, declaration);
        const entry: PropertyShape = {
          name,
          optional: result.optional,
          shape: result.shape,
          ...(doc && { doc }),
          ...(secret && { secret }),
        };
        if (declaration) this.#declarations.set(entry, declaration);
        properties.push(entry);
      }
    }
    let additional: JsonShape | undefined;
    let numberIndex = false;
    for (const index of facts.indexInfos(type)) {
      const keyFlags = facts.typeFlags(index.keyType);
      if (keyFlags & TypeFlags.String) {
        const result = this.#visit(index.valueType);
        if ("mistakes" in result) mistakes.push(...prefixed("[string]", result.mistakes));
        else additional = result.shape;
      } else if (keyFlags & TypeFlags.Number) {
        numberIndex = true;
      } else {
        mistakes.push({ path: "", reason: messages.UnsupportedJsonType.indexSignature({ key: facts.typeText(index.keyType) }) });
      }
    }
    if (numberIndex && !additional) {
      mistakes.push({ path: "", reason: messages.UnsupportedJsonType.numberIndexSignature() });
    }
    if (mistakes.length > 0) return { mistakes };
    const shape: ObjectShape = { kind: "object", properties, additional, methods };
    return { shape };
  }

  /** A property's shape; `undefined` in its type makes it optional, since JSON cannot carry undefined. */
  #property(
    property: FactSymbol,
  ): { readonly shape: JsonShape; readonly optional: boolean } | { readonly mistakes: readonly ShapeMistake[] } {
    const facts = this.#facts;
    const { result, couldBeUndefined } = this.#withoutUndefined(facts.typeOfSymbol(property));
    const optional = couldBeUndefined || !!(facts.symbolFlags(property) & facts.flags.SymbolFlags.Optional);
    return "mistakes" in result ? result : { shape: result.shape, optional };
  }

  /** The shape of a type with `undefined` taken out of it, for what may be absent. */
  #withoutUndefined(type: FactType): { readonly result: ShapeResult; readonly couldBeUndefined: boolean } {
    const facts = this.#facts;
    const { TypeFlags } = facts.flags;
    const isUndefined = (member: FactType) => !!(facts.typeFlags(member) & (TypeFlags.Undefined | TypeFlags.Void));
    const members = facts.unionMembers(type);
    if (!members?.some(isUndefined)) return { result: this.#visit(type), couldBeUndefined: false };
    return { result: this.#union(inUnionOrder(facts, members).filter((member) => !isUndefined(member))), couldBeUndefined: true };
  }

  #isStandardLibrary(symbol: FactSymbol): boolean {
    const fileNames = this.#facts.declarationFileNames(symbol);
    return fileNames.length > 0 && fileNames.every((fileName) => this.#facts.isDefaultLibraryFile(fileName));
  }
}

function prefixed(path: string, mistakes: readonly ShapeMistake[]): ShapeMistake[] {
  return mistakes.map((mistake) => ({ ...mistake, path: path + mistake.path }));
}

function within(path: string, result: ShapeResult, wrap: (shape: JsonShape) => JsonShape): ShapeResult {
  return "mistakes" in result ? { mistakes: prefixed(path, result.mistakes) } : { shape: wrap(result.shape) };
}
