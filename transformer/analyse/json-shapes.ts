import ts from "typescript";
import type { Constraint, DocComment, JsonShape, NamedShape, ObjectShape, PropertyShape, ShapeTable } from "../model.js";
import { docCommentOf } from "./doc-comments.js";
import type { HonestSymbols } from "./honest-symbols.js";
import { type ConstraintRead, ConstraintReader, constraintProblems } from "./json-constraints.js";

// What a `Json<T>` type means as JSON, read from the type checker: the shape
// that validators and serializers are generated from, or the reasons the
// type cannot travel as JSON, each at a property path (`.items[].createdAt`).
//
// Object types become named shapes in one program-wide table, so that every
// use of `Item` shares its generated code and recursive types (a tree of
// comments) are references to themselves.

export interface ShapeProblem {
  /** Relative to the `Json<T>` type: "" for `T` itself, `.tags[]`, `.owner.name`. */
  readonly path: string;
  readonly message: string;
  /** The property declaration to change, where there is one; otherwise the `Json<T>` that uses the type. */
  readonly node?: ts.Node;
  /** The problem is in how the type is used (a type parameter left open), not in a declaration. */
  readonly atUse?: boolean;
  /** A constraint type that cannot apply where it is (README, "Constraints"), rather than a type JSON cannot carry. */
  readonly constraint?: boolean;
}

export type ShapeResult = { readonly shape: JsonShape } | { readonly problems: readonly ShapeProblem[] };

interface TableEntry {
  readonly id: number;
  readonly name: string;
  readonly doc: DocComment | undefined;
  shape: JsonShape | undefined;
  recursive: boolean;
}

interface Visit {
  /** The table id, assigned up front for object types and on re-entry for others. */
  id: number | undefined;
}

/** Scalar types an intersection may brand: `string & { __brand: "Id" }`. */
const SCALAR = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike | ts.TypeFlags.BooleanLike;

const HINTS: Readonly<Record<string, string>> = {
  Date: "declare it as string (an ISO 8601 date) and convert where you use it",
  Map: "use Record<string, T> or an array of entries",
  Set: "use an array",
};

export class JsonShapes {
  readonly #checker: ts.TypeChecker;
  readonly #program: ts.Program;
  readonly #entries: TableEntry[] = [];
  readonly #results = new Map<ts.Type, ShapeResult>();
  /** Types in the order their results were cached, so a failed recursive visit can forget what it built. */
  readonly #cached: ts.Type[] = [];
  readonly #visiting = new Map<ts.Type, Visit>();
  readonly #reported = new Map<ts.Node, Set<string>>();
  readonly #constraints: ConstraintReader;

  constructor(program: ts.Program, symbols: HonestSymbols) {
    this.#program = program;
    this.#checker = program.getTypeChecker();
    this.#constraints = new ConstraintReader(symbols);
  }

  shapeOf(type: ts.Type): ShapeResult {
    return this.#visit(type);
  }

  /** Whether a problem at `node` is new: one mistake, one diagnostic, however many routes use the type. */
  firstReport(node: ts.Node, message: string): boolean {
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
  bodyProblems(root: JsonShape): ShapeProblem[] {
    const problems: ShapeProblem[] = [];
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
          for (const method of shape.methods) {
            problems.push({
              path: `${path}.${method}`,
              message:
                "is a method; a request body is plain JSON data, so the handler would receive an object without it. Use an interface or a type alias for the body",
            });
          }
          for (const property of shape.properties) {
            if (property.name === "__proto__" || property.name === "constructor") {
              problems.push({
                path: `${path}.${property.name}`,
                message: "is a key honest always drops from request bodies, so it could never arrive; rename the property",
              });
            } else {
              walk(property.shape, `${path}.${property.name}`);
            }
          }
          if (shape.additional) walk(shape.additional, `${path}[string]`);
          return;
        default:
          return;
      }
    };
    walk(root, "");
    return problems;
  }

  #visit(type: ts.Type): ShapeResult {
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

  #allocate(type: ts.Type): number {
    const id = this.#entries.length;
    const symbol = type.aliasSymbol ?? type.getSymbol();
    // The standard library's comments describe `Partial<T>` itself, not the program's data.
    const standard = symbol?.declarations?.some((declaration) => this.#program.isSourceFileDefaultLibrary(declaration.getSourceFile()));
    const doc = symbol && !symbol.name.startsWith("__") && !standard ? docCommentOf(symbol) : undefined;
    this.#entries.push({ id, name: this.#name(type), doc, shape: undefined, recursive: false });
    return id;
  }

  #name(type: ts.Type): string {
    const text = this.#checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
    return text.startsWith("{") ? "object" : text;
  }

  /** Types that need no table entry: primitives, literals, and what can never be JSON. */
  #simple(type: ts.Type): ShapeResult | undefined {
    const flags = type.flags;
    const problem = (message: string): ShapeResult => ({ problems: [{ path: "", message }] });
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { shape: { kind: "unknown" } };
    if (flags & ts.TypeFlags.StringLiteral) return { shape: { kind: "literal", value: (type as ts.StringLiteralType).value } };
    if (flags & ts.TypeFlags.NumberLiteral) return { shape: { kind: "literal", value: (type as ts.NumberLiteralType).value } };
    if (flags & ts.TypeFlags.BooleanLiteral) return { shape: { kind: "literal", value: this.#checker.typeToString(type) === "true" } };
    if (flags & ts.TypeFlags.Boolean) return { shape: { kind: "boolean" } };
    if (flags & ts.TypeFlags.String) return { shape: { kind: "string" } };
    if (flags & ts.TypeFlags.Number) return { shape: { kind: "number" } };
    if (flags & ts.TypeFlags.BigInt) return { shape: { kind: "bigint" } };
    if (flags & ts.TypeFlags.Null) return { shape: { kind: "null" } };
    if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) {
      return problem("can be undefined, which JSON cannot carry; use null, or make the property optional");
    }
    if (flags & ts.TypeFlags.BigIntLiteral) return problem(`is the bigint literal ${this.#checker.typeToString(type)}; declare it as i64`);
    if (flags & ts.TypeFlags.ESSymbolLike) return problem("is a symbol, which cannot travel as JSON");
    if (flags & ts.TypeFlags.Never) return problem("is never, so no JSON value could match it");
    if (flags & ts.TypeFlags.TypeParameter) {
      const message = `is the type parameter ${this.#checker.typeToString(type)}, which honest cannot check at run time; use a concrete type, such as Page<Item>`;
      return { problems: [{ path: "", message, atUse: true }] };
    }
    if (flags & (ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) {
      return problem(`is the template type ${this.#checker.typeToString(type)}, which honest cannot check; declare it as string`);
    }
    if (flags & ts.TypeFlags.NonPrimitive)
      return problem("is object, which says nothing about its properties; declare an interface, or use Record<string, unknown>");
    return undefined;
  }

  #isPlainObject(type: ts.Type): boolean {
    if (type.isIntersection()) return !type.types.some((member) => member.flags & SCALAR || this.#constraints.read(member));
    return !!(type.flags & ts.TypeFlags.Object) && !this.#checker.isArrayType(type) && !this.#checker.isTupleType(type);
  }

  #compose(type: ts.Type): ShapeResult {
    if (type.isUnion()) return this.#union(type.types);
    if (type.isIntersection()) {
      const constrained = this.#constrained(type);
      if (constrained) return constrained;
      // `string & { __brand: "Id" }`: the brand exists only for the type checker.
      const primitive = type.types.find((member) => member.flags & SCALAR);
      if (primitive) return this.#visit(primitive);
      return this.#object(type);
    }
    if (this.#checker.isArrayType(type)) {
      return within("[]", this.#visit(this.#checker.getTypeArguments(type as ts.TypeReference)[0]!), (element) => ({
        kind: "array",
        element,
      }));
    }
    if (this.#checker.isTupleType(type)) return this.#tuple(type as ts.TupleTypeReference);
    if (type.flags & ts.TypeFlags.Object) return this.#object(type);
    return { problems: [{ path: "", message: `has the type ${this.#checker.typeToString(type)}, which honest cannot check as JSON` }] };
  }

  /**
   * `string & MinLength<1>`, `number & Integer`, `string[] & MaxItems<10>`:
   * the shape of the rest of the intersection with the constraints attached,
   * or undefined when no member is a constraint type.
   */
  #constrained(type: ts.IntersectionType): ShapeResult | undefined {
    const reads: ConstraintRead[] = [];
    const others: ts.Type[] = [];
    for (const member of type.types) {
      const read = this.#constraints.read(member);
      if (read) reads.push(read);
      else others.push(member);
    }
    if (reads.length === 0) return undefined;
    const problem = (message: string): ShapeProblem => ({ path: "", message, constraint: true });
    const misused = reads.flatMap((read) => ("problem" in read ? [problem(read.problem)] : []));
    if (misused.length > 0) return { problems: misused };
    // A brand beside a scalar (`string & { __brand: "Id" } & MinLength<1>`) exists only for the type checker.
    const base = others.find((member) => member.flags & SCALAR) ?? (others.length === 1 ? others[0] : undefined);
    if (!base) {
      const texts = reads.map((read) => read.text).join(" & ");
      return {
        problems: [problem(`has ${texts} on an intersection of object types; constraints apply to a string, a number or an array`)],
      };
    }
    const result = this.#visit(base);
    if ("problems" in result) return result;
    const valid = reads as readonly { readonly constraint: Constraint; readonly text: string }[];
    const problems = constraintProblems(result.shape, valid);
    if (problems.length > 0) return { problems: problems.map(problem) };
    const shape = result.shape as Extract<JsonShape, { kind: "string" | "number" | "array" }>;
    return { shape: { ...shape, constraints: [...(shape.constraints ?? []), ...valid.map((read) => read.constraint)] } };
  }

  #union(types: readonly ts.Type[]): ShapeResult {
    const problems: ShapeProblem[] = [];
    const members: JsonShape[] = [];
    const hasTrue = types.some((member) => member.flags & ts.TypeFlags.BooleanLiteral && this.#checker.typeToString(member) === "true");
    const hasFalse = types.some((member) => member.flags & ts.TypeFlags.BooleanLiteral && this.#checker.typeToString(member) === "false");
    if (hasTrue && hasFalse) members.push({ kind: "boolean" });
    for (const member of types) {
      if (hasTrue && hasFalse && member.flags & ts.TypeFlags.BooleanLiteral) continue;
      const result = this.#visit(member);
      if ("problems" in result) problems.push(...result.problems);
      else if (result.shape.kind === "union") members.push(...result.shape.members);
      else members.push(result.shape);
    }
    if (problems.length > 0) return { problems };
    if (members.some((member) => member.kind === "unknown")) return { shape: { kind: "unknown" } };
    return { shape: members.length === 1 ? members[0]! : { kind: "union", members } };
  }

  #tuple(type: ts.TupleTypeReference): ShapeResult {
    const target = type.target;
    const elementTypes = this.#checker.getTypeArguments(type);
    const problems: ShapeProblem[] = [];
    const elements: JsonShape[] = [];
    let rest: JsonShape | undefined;
    for (const [index, elementType] of elementTypes.entries()) {
      const flags = target.elementFlags[index]!;
      const result = flags & ts.ElementFlags.Optional ? this.#withoutUndefined(elementType).result : this.#visit(elementType);
      if ("problems" in result) {
        problems.push(...prefixed(`[${index}]`, result.problems));
      } else if (flags & ts.ElementFlags.Variable) {
        if (index !== elementTypes.length - 1) {
          problems.push({
            path: `[${index}]`,
            message: "is a rest element before the end of the tuple; honest checks a rest element only at the end, as in [A, ...B[]]",
          });
        }
        rest = result.shape;
      } else {
        elements.push(result.shape);
      }
    }
    if (problems.length > 0) return { problems };
    return { shape: { kind: "tuple", elements, required: Math.min(target.minLength, elements.length), rest } };
  }

  #object(type: ts.Type): ShapeResult {
    if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
      return { problems: [{ path: "", message: `is a function (${this.#checker.typeToString(type)}), which cannot travel as JSON` }] };
    }
    const symbol = type.getSymbol();
    if (symbol && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) && this.#isStandardLibrary(symbol)) {
      const hint = HINTS[symbol.name] ?? "use an interface of JSON values instead";
      return { problems: [{ path: "", message: `is a ${symbol.name}, which JSON cannot carry; ${hint}` }] };
    }
    const problems: ShapeProblem[] = [];
    const properties: PropertyShape[] = [];
    const methods: string[] = [];
    for (const property of this.#checker.getPropertiesOfType(type)) {
      const name = property.getName();
      // Symbol-keyed and #private members are never JSON data.
      if (name.startsWith("__@") || name.startsWith("__#")) continue;
      if (property.flags & ts.SymbolFlags.Method) {
        methods.push(name);
        continue;
      }
      const result = this.#property(property);
      if ("problems" in result) {
        // The innermost property declaration is where the fix goes.
        const located = result.problems.map((found) => (found.node || found.atUse ? found : { ...found, node: property.valueDeclaration }));
        problems.push(...prefixed(`.${name}`, located));
      } else {
        const doc = docCommentOf(property);
        properties.push({ name, optional: result.optional, shape: result.shape, ...(doc && { doc }) });
      }
    }
    let additional: JsonShape | undefined;
    for (const index of this.#checker.getIndexInfosOfType(type)) {
      if (index.keyType.flags & ts.TypeFlags.String) {
        const result = this.#visit(index.type);
        if ("problems" in result) problems.push(...prefixed("[string]", result.problems));
        else additional = result.shape;
      } else if (!(index.keyType.flags & ts.TypeFlags.Number)) {
        problems.push({
          path: "",
          message: `has an index signature keyed by ${this.#checker.typeToString(index.keyType)}; JSON keys are strings, so use Record<string, T>`,
        });
      }
    }
    const numberIndex = this.#checker.getIndexInfoOfType(type, ts.IndexKind.Number);
    if (numberIndex && !additional) {
      problems.push({ path: "", message: "has a number index signature; JSON keys are strings, so use Record<string, T> or an array" });
    }
    if (problems.length > 0) return { problems };
    const shape: ObjectShape = { kind: "object", properties, additional, methods };
    return { shape };
  }

  /** A property's shape; `undefined` in its type makes it optional, since JSON cannot carry undefined. */
  #property(
    property: ts.Symbol,
  ): { readonly shape: JsonShape; readonly optional: boolean } | { readonly problems: readonly ShapeProblem[] } {
    const { result, couldBeUndefined } = this.#withoutUndefined(this.#checker.getTypeOfSymbol(property));
    const optional = couldBeUndefined || !!(property.flags & ts.SymbolFlags.Optional);
    return "problems" in result ? result : { shape: result.shape, optional };
  }

  /** The shape of a type with `undefined` taken out of it, for what may be absent. */
  #withoutUndefined(type: ts.Type): { readonly result: ShapeResult; readonly couldBeUndefined: boolean } {
    const isUndefined = (member: ts.Type) => !!(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void));
    if (!type.isUnion() || !type.types.some(isUndefined)) return { result: this.#visit(type), couldBeUndefined: false };
    return { result: this.#union(type.types.filter((member) => !isUndefined(member))), couldBeUndefined: true };
  }

  #isStandardLibrary(symbol: ts.Symbol): boolean {
    const declarations = symbol.declarations ?? [];
    return (
      declarations.length > 0 && declarations.every((declaration) => this.#program.isSourceFileDefaultLibrary(declaration.getSourceFile()))
    );
  }
}

function prefixed(path: string, problems: readonly ShapeProblem[]): ShapeProblem[] {
  return problems.map((problem) => ({ ...problem, path: path + problem.path }));
}

function within(path: string, result: ShapeResult, wrap: (shape: JsonShape) => JsonShape): ShapeResult {
  return "problems" in result ? { problems: prefixed(path, result.problems) } : { shape: wrap(result.shape) };
}
