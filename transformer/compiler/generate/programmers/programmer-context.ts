import type ts from "typescript";
import { call, expression, gt, id, when } from "../factories/nodes.js";
import type { RuntimeExport } from "../module-imports.js";
import type { ShapeFunctions } from "./shape-functions.js";

// What a programmer needs while it writes one function: fresh local names,
// the runtime's helpers, and the file's other shape functions.

export class ProgrammerContext {
  #count = 0;
  /** The function's `depth` parameter: how many named shapes deep the value is. */
  readonly depth = id("depth");

  constructor(readonly functions: ShapeFunctions) {}

  /** A local name not used before in this function: `p0`, `n1`, ... */
  fresh(prefix: string): string {
    return `${prefix}${this.#count++}`;
  }

  /** For a recursive shape's function: a 400 once the value nests past the limit, before the stack could. */
  nestingGuard(): ts.Statement {
    return when(gt(this.depth, this.runtime("MAX_NESTING")), expression(call(this.runtime("nestedTooDeep"))));
  }

  /** `__honest.name`: a helper of honest's runtime. */
  runtime(name: RuntimeExport): ts.Expression {
    return this.functions.runtime(name);
  }
}
