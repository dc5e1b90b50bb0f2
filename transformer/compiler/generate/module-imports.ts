import type ts from "typescript";
import type * as internal from "../../../runtime/internal.js";
import type { ValueReference } from "../model.js";
import { id, memberAccess, namespaceImport, prop } from "./factories/nodes.js";

// The imports generated code needs in one file. Each module is imported as a
// namespace and read by property access, because that form survives both ESM
// and CommonJS emit for synthesized imports (a synthesized named import is
// not rewritten to `module_1.Name` under CommonJS).

export const RUNTIME_MODULE = "honest/internal";

/** What `honest/internal` exports: the compiler checks every name generated code calls. */
export type RuntimeExport = keyof typeof internal;

export class ModuleImports {
  readonly #names = new Map<string, string>();

  /** The namespace identifier for `specifier`, importing it on first use. */
  namespace(specifier: string): ts.Identifier {
    let name = this.#names.get(specifier);
    if (name === undefined) {
      name = specifier === RUNTIME_MODULE ? "__honest" : `__honest_import_${this.#names.size}`;
      this.#names.set(specifier, name);
    }
    return id(name);
  }

  /** `__honest.name`: a member of honest's runtime for generated code. */
  runtime(name: RuntimeExport): ts.PropertyAccessExpression {
    return prop(this.namespace(RUNTIME_MODULE), name);
  }

  /** An expression for the referenced value. */
  value(reference: ValueReference): ts.Expression {
    if (reference.kind === "local") return id(reference.name);
    return reference.exportPath.reduce<ts.Expression>(memberAccess, this.namespace(reference.specifier));
  }

  declarations(): ts.ImportDeclaration[] {
    return [...this.#names].map(([specifier, name]) => namespaceImport(name, specifier));
  }
}
