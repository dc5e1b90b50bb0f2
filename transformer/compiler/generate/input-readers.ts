import type ts from "typescript";
import type { InputReader, ReadInputs } from "../../../runtime/internal.js";
import type { Constraint, InputParameterModel, InputPropertyModel, InputReaderModel, InputValueType } from "../model.js";
import type { Nodes } from "./factories/nodes.js";
import { literalChoices } from "./path-parser.js";
import { constraintExpected } from "../shapes/constraint-facts.js";
import { constraintFaults } from "./programmers/constraint-checks.js";
import { invoke, type RuntimeExport, type RuntimeSyntax } from "./protocol.js";

// The reader of each `Query<T>`, `Header<T>` and `Cookie<T>` type one file's
// routes use, and of each `Env<T>` field's type (docs/guide/configuration.md,
// "Configuration"), declared once at the end of the file: a fresh object of `T`'s
// declared properties, each copied by the runtime's InputReader
// (runtime/inputs/input-reader.ts) with the parser of its type. Named after
// the source and the type (`__honest_query_ArticleFilter`), or, for a type
// written in place, after its properties (`__honest_header_x_request_id`),
// so that neither adding a file nor editing another route renames it:
//
//   const __honest_query_ArticleFilter_order_text = __honest.literalText(new Map([["asc", "asc"], ["desc", "desc"]]));
//   function __honest_query_ArticleFilter(input) {
//     const value = {};
//     input.one(value, "limit", __honest.numberText, false);
//     input.many(value, "ids", __honest.i64Text, false);
//     input.one(value, "order", __honest_query_ArticleFilter_order_text, true);
//     return value;
//   }
//
// A property's own functions are named after the type and the property, or,
// in a type written in place, after the source and the property alone
// (`__honest_header_x_request_id_check`, not `..._x_request_id_x_request_id_check`),
// and shared by the readers whose property reads and checks alike.
//
// A `Secret<T>` property is named first, `input.secret("TOKEN")`, so that no
// fault shows its value; an `Env<T>` variable's default is given as the text
// the variable would hold, `input.otherwise("PORT", "3000")`, and parsed and
// checked as a variable set to it.
//
// A property with constraint types (docs/guide/constraints.md, "Constraints") is given a check
// that refuses each constraint its parsed value fails, with the `expected`
// text of Json<T> bodies:
//
//   function __honest_query_ArticleFilter_limit_check(input, path, value) {
//     if (!Number.isInteger(value)) input.refuse(path, "integer", value);
//     if (!(value >= 1)) input.refuse(path, "number at least 1", value);
//   }
//
// `one`, `many` and `refuse` are InputReader's methods, named through its type (protocol.ts).

const TEXT_VALUES: Record<Exclude<InputValueType["kind"], "literals">, RuntimeExport> = {
  i64: "i64Text",
  number: "numberText",
  string: "stringText",
  boolean: "booleanText",
  date: "dateText",
  file: "fileValue",
};

const READERS: Record<keyof ReadInputs, RuntimeExport> = { query: "readQuery", header: "readHeaders", cookie: "readCookies" };

export class InputReaders implements RuntimeSyntax {
  readonly #names = new Map<string, string>();
  /** A property's literal reader or check (its base name and what it holds) → its name. */
  readonly #shared = new Map<string, string>();
  readonly #used = new Set<string>();
  readonly #declarations: ts.Statement[] = [];

  constructor(
    readonly nodes: Nodes,
    readonly runtime: (name: RuntimeExport) => ts.Expression,
  ) {}

  /** `__honest.readQuery(c, __honest_query_ArticleFilter)`: the parameter's value, or a 400 listing every fault. */
  read(parameter: InputParameterModel & { source: keyof ReadInputs }, context: ts.Expression): ts.Expression {
    return this.nodes.call(this.runtime(READERS[parameter.source]), context, this.reader(parameter));
  }

  /**
   * `__honest.readInputs(c, __honest_query_ArticleFilter, __honest_header_x_request_id, undefined)`:
   * a route's query, headers and cookies read together, refused with one 400
   * listing the faults of all of them.
   */
  readTogether(parameters: Partial<Record<keyof ReadInputs, InputParameterModel>>, context: ts.Expression): ts.Expression {
    const readerOf = (parameter: InputParameterModel | undefined) => (parameter ? this.reader(parameter) : this.nodes.undef());
    return this.nodes.call(
      this.runtime("readInputs"),
      context,
      readerOf(parameters.query),
      readerOf(parameters.header),
      readerOf(parameters.cookie),
    );
  }

  /** `__honest.readForm(c, settings.bodyLimit, __honest_form_Upload)`: a `Form<T>` is the body, read within the limit (a promise). */
  readForm(parameter: InputParameterModel, context: ts.Expression, limit: ts.Expression): ts.Expression {
    return this.nodes.call(this.runtime("readForm"), context, limit, this.reader(parameter));
  }

  /** The readers asked for so far, and the parsers they share. */
  declarations(): readonly ts.Statement[] {
    return this.#declarations;
  }

  /** The reader function of the parameter's type (or an `Env<T>` field's), declared on first use. */
  reader(parameter: InputReaderModel): ts.Identifier {
    const key = `${parameter.source} ${parameter.typeName} ${JSON.stringify(parameter.properties, (name, value) => (name === "doc" ? undefined : value))}`;
    let name = this.#names.get(key);
    if (name === undefined) {
      name = this.#freeName(parameter);
      this.#names.set(key, name);
      // A type written in place has its properties' functions named after the source alone: the reader's name already lists them.
      const owner = identifierPart(parameter.typeName) ? name : `__honest_${parameter.source}`;
      this.#declare(name, owner, parameter.properties);
    }
    return this.nodes.id(name);
  }

  /** After the type, or for a type written in place, its properties: `__honest_header_x_request_id`. */
  #freeName({ source, typeName, properties }: InputReaderModel): string {
    const part = identifierPart(typeName) || identifierPart(properties.map((property) => property.name).join("_")).slice(0, 40);
    return this.#free(`__honest_${source}_${part || "none"}`);
  }

  /** `base`, or `base_2`, ... when a declaration of this file already has it. */
  #free(base: string): string {
    let name = base;
    for (let n = 2; this.#used.has(name); n++) name = `${base}_${n}`;
    this.#used.add(name);
    return name;
  }

  /** `base`, or `base_2`, ... for another of the same base name; the same name for the same `content`. */
  #sharedName(base: string, content: string): { readonly name: string; readonly fresh: boolean } {
    const key = `${base} ${content}`;
    const known = this.#shared.get(key);
    if (known !== undefined) return { name: known, fresh: false };
    const name = this.#free(base);
    this.#shared.set(key, name);
    return { name, fresh: true };
  }

  /** The reader `name`, its properties' functions named after `owner`. */
  #declare(name: string, owner: string, properties: readonly InputPropertyModel[]): void {
    const { id, constant, object, call, expression, str, bool, ret, functionDeclaration } = this.nodes;
    const input = id("input");
    const value = id("value");
    const body: ts.Statement[] = [constant("value", object([]))];
    for (const property of properties) {
      let type: ts.Expression;
      const part = `${owner}_${property.name.replace(/[^A-Za-z0-9_$]/g, "_")}`;
      if (property.type.kind === "literals") {
        const text = this.#sharedName(`${part}_text`, JSON.stringify(property.type.values));
        if (text.fresh) {
          this.#declarations.push(constant(text.name, call(this.runtime("literalText"), literalChoices(this.nodes, property.type.values))));
        }
        type = id(text.name);
      } else {
        type = this.runtime(TEXT_VALUES[property.type.kind]);
      }
      const checks = [this.#check(`${part}_check`, property.constraints), this.#check(`${part}_array_check`, property.arrayConstraints)];
      while (checks.length > 0 && checks.at(-1) === undefined) checks.pop();
      const passed = checks.map((check) => check ?? id("undefined"));
      // Said before the read, which may fault or fall back on the default.
      if (property.secret) body.push(expression(invoke<InputReader>(this.nodes, input, "secret", str(property.name))));
      if (property.defaultText !== undefined) {
        body.push(expression(invoke<InputReader>(this.nodes, input, "otherwise", str(property.name), str(property.defaultText))));
      }
      const read = invoke<InputReader>(
        this.nodes,
        input,
        property.array ? "many" : "one",
        value,
        str(property.name),
        type,
        bool(!property.optional),
        ...passed,
      );
      body.push(expression(read));
    }
    body.push(ret(value));
    // A type without properties reads nothing.
    this.#declarations.push(functionDeclaration(name, properties.length > 0 ? ["input"] : [], body));
  }

  /** `function name(input, path, value)`: one `input.refuse` for each constraint `value` fails (patterns only within the bounds); undefined when there are none. */
  #check(base: string, constraints: readonly Constraint[] | undefined): ts.Identifier | undefined {
    if (constraints === undefined || constraints.length === 0) return undefined;
    const { id, expression, str, functionDeclaration } = this.nodes;
    const { name, fresh } = this.#sharedName(base, JSON.stringify(constraints));
    if (!fresh) return id(name);
    const [input, path, value] = [id("input"), id("path"), id("value")];
    const refusals = constraintFaults(constraints, value, this, (constraint) =>
      expression(invoke<InputReader>(this.nodes, input, "refuse", path, str(constraintExpected(constraint)), value)),
    );
    this.#declarations.push(functionDeclaration(name, ["input", "path", "value"], refusals));
    return id(name);
  }
}

function identifierPart(text: string): string {
  return text.replace(/[^A-Za-z0-9_$]+/g, "_").replace(/^_+|_+$/g, "");
}
