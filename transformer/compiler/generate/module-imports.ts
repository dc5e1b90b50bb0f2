import type ts from "typescript";
import type { ValueReference } from "../model.js";
import type { Nodes } from "./factories/nodes.js";
import type { RuntimeExport } from "./protocol.js";

// The imports generated code needs in one file, each declared on first use.
// Each module is imported as a namespace and read by property access,
// because that form survives both ESM and CommonJS emit for synthesized
// imports (a synthesized named import is not rewritten to `module_1.Name`
// under CommonJS). honest's runtime is `__honest`; any other module is named
// after its specifier (`__honest_import_item_store` for "./item-store.js"),
// so that a file's other imports keep their names whatever it adds.

export const RUNTIME_MODULE = "honest/internal";

export class ModuleImports {
  readonly #names = new Map<string, string>();
  readonly #taken = new Set<string>();

  constructor(readonly nodes: Nodes) {}

  /** The namespace identifier for `specifier`, importing it on first use. */
  namespace(specifier: string): ts.Identifier {
    let name = this.#names.get(specifier);
    if (name === undefined) {
      const base = specifier === RUNTIME_MODULE ? "__honest" : `__honest_import_${specifierPart(specifier)}`;
      name = base;
      for (let n = 2; this.#taken.has(name); n++) name = `${base}_${n}`;
      this.#names.set(specifier, name);
      this.#taken.add(name);
    }
    return this.nodes.id(name);
  }

  /** `__honest.name`: a member of honest's runtime for generated code. */
  readonly runtime = (name: RuntimeExport): ts.PropertyAccessExpression => this.nodes.prop(this.namespace(RUNTIME_MODULE), name);

  /** An expression for the referenced value. */
  value(reference: ValueReference): ts.Expression {
    if (reference.kind === "local") return this.nodes.id(reference.name);
    return reference.exportPath.reduce<ts.Expression>(this.nodes.memberAccess, this.namespace(reference.specifier));
  }

  declarations(): ts.ImportDeclaration[] {
    return [...this.#names].map(([specifier, name]) => this.nodes.namespaceImport(name, specifier));
  }
}

/** `item_store` for "./item-store.js", `items_item_store` for "../items/item-store.js", `hono_cors` for "hono/cors". */
function specifierPart(specifier: string): string {
  const part = specifier
    .replace(/\.[cm]?[jt]sx?$/, "")
    .split("/")
    .filter((segment) => segment !== "" && segment !== "." && segment !== "..")
    .join("_")
    .replace(/[^A-Za-z0-9_$]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return part === "" ? "module" : part;
}
