import type ts from "typescript";
import type { HonoMiddlewareName, ShapeTable } from "../model.js";
import { createNodes, type Nodes } from "./factories/nodes.js";
import type { SyntaxFactory } from "./factories/syntax-factory.js";
import { InputReaders } from "./input-readers.js";
import { ModuleImports } from "./module-imports.js";
import { ShapeFunctions } from "./programmers/shape-functions.js";
import type { RuntimeExport } from "./protocol.js";

// What generate/ needs while it writes one file (a source file the rewrite
// completes, or the module `honest generate` writes), in one object, as
// analyse/ has analysis-context.ts: the vocabulary of the compiler's syntax
// factory, the program's shape table, and what the file declares on first
// use: its imports, the functions of its JSON shapes, and the readers of its
// query strings, headers and cookies, and the names of its routes' handler
// factories.

export class GenerationContext {
  readonly nodes: Nodes;
  readonly imports: ModuleImports;
  readonly functions: ShapeFunctions;
  readonly readers: InputReaders;
  readonly routeFactoryNames = new DeclaredNames();
  /** `__honest.name`: a member of honest's runtime (the imports' own). */
  readonly runtime: (name: RuntimeExport) => ts.PropertyAccessExpression;

  constructor(
    factory: SyntaxFactory,
    readonly table: ShapeTable,
    /** Hono middleware calls that become honest's own (ProgramModel's `honoMiddlewareCalls`). */
    readonly honoMiddlewareCalls: ReadonlyMap<ts.Node, HonoMiddlewareName> = new Map(),
    /** The handlers of routes that run in a request scope (ProgramModel's `requestScoped`). */
    readonly requestScoped: ReadonlySet<ts.Node> = new Set(),
  ) {
    this.nodes = createNodes(factory);
    this.imports = new ModuleImports(this.nodes);
    this.runtime = this.imports.runtime;
    this.functions = new ShapeFunctions(this.nodes, table);
    this.readers = new InputReaders(this.nodes, this.runtime);
  }

  /**
   * A middleware expression as written, or `__honest.cors(...)` for hono/cors's `cors(...)` and its kin
   * (runtime/middleware/), with `args` in place of the call's own where the rewrite has visited them.
   */
  middleware(expression: ts.Expression, args?: readonly ts.Expression[]): ts.Expression {
    const name = this.honoMiddlewareCalls.get(expression);
    if (name === undefined) return expression;
    return this.nodes.call(this.runtime(name), ...(args ?? (expression as ts.CallExpression).arguments));
  }
}

/** Names of functions a file declares: each once, `name_2` after `name` (two members that read alike once made identifiers). */
export class DeclaredNames {
  readonly #taken = new Set<string>();

  take(base: string): string {
    let name = base;
    for (let n = 2; this.#taken.has(name); n++) name = `${base}_${n}`;
    this.#taken.add(name);
    return name;
  }
}
