import type ts from "typescript";
import type { Constraint, InputParameterModel, InputPropertyModel, InputSource, InputValueType } from "../model.js";
import { bool, call, constant, expression, functionDeclaration, id, object, prop, ret, str, undef } from "./factories/nodes.js";
import type { ModuleImports, RuntimeExport } from "./module-imports.js";
import { literalChoices } from "./path-parser.js";
import { constraintExpected, constraintFaults } from "./programmers/constraint-checks.js";

// The reader of each `Query<T>`, `Header<T>` and `Cookie<T>` type one file's
// routes use, declared once at the end of the file: a fresh object of `T`'s
// declared properties, each copied by the runtime's InputReader
// (runtime/inputs/input-reader.ts) with the parser of its type. Named after
// the source and the type, numbered only within the file
// (`__honest_query_ArticleFilter`, `__honest_header_0` for a type written in
// place), so that adding a file changes no other file's output:
//
//   const __honest_query_ArticleFilter_order = __honest.literalText(new Map([["asc", "asc"], ["desc", "desc"]]));
//   function __honest_query_ArticleFilter(input) {
//     const value = {};
//     input.one(value, "limit", __honest.numberText, false);
//     input.many(value, "ids", __honest.i64Text, false);
//     input.one(value, "order", __honest_query_ArticleFilter_order, true);
//     return value;
//   }
//
// A property with constraint types (README, "Constraints") is given a check
// that refuses each constraint its parsed value fails, with the `expected`
// text of Json<T> bodies:
//
//   function __honest_query_ArticleFilter_limit_check(input, path, value) {
//     if (!Number.isInteger(value)) input.refuse(path, "integer", value);
//     if (!(value >= 1)) input.refuse(path, "number at least 1", value);
//   }

const TEXT_VALUES: Record<Exclude<InputValueType["kind"], "literals">, RuntimeExport> = {
  i64: "i64Text",
  number: "numberText",
  string: "stringText",
  boolean: "booleanText",
  file: "fileValue",
};

const READERS: Record<Exclude<InputSource, "form">, RuntimeExport> = { query: "readQuery", header: "readHeaders", cookie: "readCookies" };

export class InputReaders {
  readonly #names = new Map<string, string>();
  readonly #used = new Set<string>();
  readonly #declarations: ts.Statement[] = [];
  /** Types written in place, numbered per source: `__honest_header_0`. */
  readonly #unnamed: Record<InputSource, number> = { query: 0, header: 0, cookie: 0, form: 0 };

  constructor(readonly imports: ModuleImports) {}

  /** `__honest.readQuery(c, __honest_query_ArticleFilter)`: the parameter's value, or a 400 listing every fault. */
  read(parameter: InputParameterModel & { source: Exclude<InputSource, "form"> }, context: ts.Expression): ts.Expression {
    return call(this.imports.runtime(READERS[parameter.source]), context, this.reader(parameter));
  }

  /**
   * `__honest.readInputs(c, __honest_query_ArticleFilter, __honest_header_0, undefined)`:
   * a route's query, headers and cookies read together, refused with one 400
   * listing the faults of all of them.
   */
  readTogether(parameters: Partial<Record<Exclude<InputSource, "form">, InputParameterModel>>, context: ts.Expression): ts.Expression {
    const readerOf = (parameter: InputParameterModel | undefined) => (parameter ? this.reader(parameter) : undef());
    return call(
      this.imports.runtime("readInputs"),
      context,
      readerOf(parameters.query),
      readerOf(parameters.header),
      readerOf(parameters.cookie),
    );
  }

  /** `__honest.readForm(c, settings.bodyLimit, __honest_form_Upload)`: a `Form<T>` is the body, read within the limit (a promise). */
  readForm(parameter: InputParameterModel, context: ts.Expression, limit: ts.Expression): ts.Expression {
    return call(this.imports.runtime("readForm"), context, limit, this.reader(parameter));
  }

  /** The readers asked for so far, and the parsers they share. */
  declarations(): readonly ts.Statement[] {
    return this.#declarations;
  }

  /** The reader function of the parameter's type, declared on first use. */
  reader(parameter: InputParameterModel): ts.Identifier {
    const key = `${parameter.source} ${parameter.typeName || `#${this.#unnamed[parameter.source]}`} ${JSON.stringify(parameter.properties)}`;
    let name = this.#names.get(key);
    if (name === undefined) {
      name = this.#freeName(parameter);
      this.#names.set(key, name);
      this.#declare(name, parameter.properties);
    }
    return id(name);
  }

  #freeName({ source, typeName }: InputParameterModel): string {
    const part = typeName.replace(/[^A-Za-z0-9_$]+/g, "_").replace(/^_+|_+$/g, "");
    return this.#free(part === "" ? `__honest_${source}_${this.#unnamed[source]++}` : `__honest_${source}_${part}`);
  }

  /** `base`, or `base_2`, ... when a declaration of this file already has it. */
  #free(base: string): string {
    let name = base;
    for (let n = 2; this.#used.has(name); n++) name = `${base}_${n}`;
    this.#used.add(name);
    return name;
  }

  #declare(name: string, properties: readonly InputPropertyModel[]): void {
    const input = id("input");
    const value = id("value");
    const body: ts.Statement[] = [constant("value", object([]))];
    for (const property of properties) {
      let type: ts.Expression;
      if (property.type.kind === "literals") {
        const choices = this.#free(`${name}_${property.name.replace(/[^A-Za-z0-9_$]/g, "_")}`);
        this.#declarations.push(constant(choices, call(this.imports.runtime("literalText"), literalChoices(property.type.values))));
        type = id(choices);
      } else {
        type = this.imports.runtime(TEXT_VALUES[property.type.kind]);
      }
      const method = prop(input, property.array ? "many" : "one");
      const part = `${name}_${property.name.replace(/[^A-Za-z0-9_$]/g, "_")}`;
      const checks = [this.#check(`${part}_check`, property.constraints), this.#check(`${part}_array_check`, property.arrayConstraints)];
      while (checks.length > 0 && checks.at(-1) === undefined) checks.pop();
      const passed = checks.map((check) => check ?? id("undefined"));
      body.push(expression(call(method, value, str(property.name), type, bool(!property.optional), ...passed)));
    }
    body.push(ret(value));
    this.#declarations.push(functionDeclaration(name, ["input"], body));
  }

  /** `function name(input, path, value)`: one `input.refuse` for each constraint `value` fails (patterns only within the bounds); undefined when there are none. */
  #check(base: string, constraints: readonly Constraint[] | undefined): ts.Identifier | undefined {
    if (constraints === undefined || constraints.length === 0) return undefined;
    const name = this.#free(base);
    const [input, path, value] = [id("input"), id("path"), id("value")];
    const refusals = constraintFaults(constraints, value, this.imports, (constraint) =>
      expression(call(prop(input, "refuse"), path, str(constraintExpected(constraint)), value)),
    );
    this.#declarations.push(functionDeclaration(name, ["input", "path", "value"], refusals));
    return id(name);
  }
}
