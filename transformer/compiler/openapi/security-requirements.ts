import type ts from "typescript";
import type { ResolverParameterModel, RouteModel } from "../model.js";
import { type Schema, sortedByName } from "./schema.js";

// Resolvers that declare a security scheme (docs/guide/openapi-and-clients.md, "OpenAPI and clients")
// become `components.securitySchemes`, named by `securitySchemeName` or else
// after the class, and each route that takes `From<R>` requires them.
// Resolvers that give one name share its scheme (analysis has checked that
// their schemes agree). A resolver that may give undefined lets a request
// through without it, so the requirement is optional.

export class SecuritySchemes {
  readonly #names = new Map<ts.ClassDeclaration, string>();
  readonly #schemes = new Map<string, Schema>();

  /** The route's `security`, or undefined when none of its resolvers declares a scheme. */
  requirementsOf(route: RouteModel): Schema[] | undefined {
    const resolvers = route.parameters.filter(
      (parameter): parameter is ResolverParameterModel => parameter.kind === "resolver" && parameter.securityScheme !== undefined,
    );
    if (resolvers.length === 0) return undefined;
    const required: Record<string, string[]> = {};
    const all: Record<string, string[]> = {};
    for (const resolver of resolvers) {
      const name = this.#nameOf(resolver);
      all[name] = [];
      if (!resolver.optional) required[name] = [];
    }
    return Object.keys(required).length === resolvers.length ? [required] : [all, required];
  }

  /** `components.securitySchemes`, by name. */
  components(): Record<string, Schema> {
    return sortedByName(this.#schemes);
  }

  #nameOf(resolver: ResolverParameterModel): string {
    const given = resolver.securitySchemeName;
    if (given !== undefined) {
      if (!this.#schemes.has(given)) this.#schemes.set(given, resolver.securityScheme!);
      return given;
    }
    let name = this.#names.get(resolver.declaration);
    if (name === undefined) {
      name = resolver.className;
      for (let count = 2; this.#schemes.has(name); count++) name = `${resolver.className}_${count}`;
      this.#names.set(resolver.declaration, name);
      this.#schemes.set(name, resolver.securityScheme!);
    }
    return name;
  }
}
