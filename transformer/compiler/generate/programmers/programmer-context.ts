import type ts from "typescript";
import type { JsonShape, ShapeTable } from "../../model.js";
import type { Nodes } from "../factories/nodes.js";
import type { GenerationContext } from "../generation-context.js";
import { LocalNames } from "../local-names.js";
import type { RuntimeExport } from "../protocol.js";
import type { ShapeFunctions } from "./shape-functions.js";

// What a programmer needs while it writes one function: the file's
// generation (its vocabulary, shape table, runtime and other shape
// functions), and the names of the function's locals.

export class ProgrammerContext {
  readonly nodes: Nodes;
  readonly table: ShapeTable;
  readonly functions: ShapeFunctions;
  readonly runtime: (name: RuntimeExport) => ts.Expression;
  readonly locals: LocalNames;
  #usesDepth = false;

  /** `parameters`: the function's, which no local may shadow; the first is the value it handles. */
  constructor(
    generation: GenerationContext,
    readonly parameters: readonly string[],
  ) {
    this.nodes = generation.nodes;
    this.table = generation.table;
    this.functions = generation.functions;
    this.runtime = generation.runtime;
    this.locals = new LocalNames(parameters);
  }

  /** The function's `depth` parameter: how many named shapes deep the value is. */
  get depth(): ts.Identifier {
    this.#usesDepth = true;
    return this.nodes.id("depth");
  }

  /** The depth to pass the function of `shape`: one more where it is a named shape (a reference). */
  depthOf(shape: JsonShape): ts.Expression {
    return shape.kind === "reference" ? this.nodes.plus(this.depth, this.nodes.num(1)) : this.depth;
  }

  /** The function's parameters, written once its body is: its last, `depth`, only if the body reads it. */
  usedParameters(): string[] {
    return this.#usesDepth ? [...this.parameters] : this.parameters.filter((parameter) => parameter !== "depth");
  }

  /**
   * A local for what a value becomes (`role`: `number`, `copy`, `item`),
   * named after the value's local: `priceNumber` for `price`, `number` for the
   * function's own value.
   */
  derived(value: string, role: string): string {
    return this.locals.derived(value === this.parameters[0] ? "" : value, role);
  }

  /** For a recursive shape's function: a 400 once the value nests past the limit, before the stack could. */
  nestingGuard(): ts.Statement {
    const { when, gt, expression, call } = this.nodes;
    return when(gt(this.depth, this.runtime("MAX_NESTING")), expression(call(this.runtime("nestedTooDeep"))));
  }
}
