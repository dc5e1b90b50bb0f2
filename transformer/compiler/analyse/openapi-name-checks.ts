import type ts from "typescript";
import { messages, routeLabel } from "../diagnostic-messages.js";
import type { ControllerModel, ResolverParameterModel, RouteModel } from "../model.js";
import { operationIdOf } from "../operation-names.js";
import type { AnalysisContext } from "./analysis-context.js";

// Program-wide checks of the names the OpenAPI document gives
// (docs/guide/openapi-and-clients.md, "Operation ids, tags and descriptions"): each operation's id is
// its own, and a security scheme's name stands for one scheme.

/** Two operations with one id in the OpenAPI document: an `@operationId` another route has, or takes by default (operation-names.ts). */
export function reportDuplicateOperationIds(context: AnalysisContext, controllers: readonly ControllerModel[]): void {
  const label = (controller: ControllerModel, route: RouteModel) =>
    routeLabel({ method: route.method, path: route.path, handler: `${controller.className}.${route.member}` });
  const firstById = new Map<string, { readonly controller: ControllerModel; readonly route: RouteModel }>();
  for (const controller of controllers) {
    for (const route of controller.routes) {
      const id = operationIdOf(controller, route);
      const earlier = firstById.get(id);
      if (earlier === undefined) firstById.set(id, { controller, route });
      else if (route.doc?.operationId !== undefined || earlier.route.doc?.operationId !== undefined)
        context.sink.error(
          route.declaration.name,
          messages.OperationDocTag.duplicateOperationId({
            operationId: id,
            route: label(controller, route),
            earlier: label(earlier.controller, earlier.route),
          }),
        );
    }
  }
}

/**
 * Two resolvers whose schemes go by one name in the document, at least one
 * of them by its `securitySchemeName`, must declare the same scheme: they
 * share its entry (openapi/security-requirements.ts).
 */
export function reportSecuritySchemeClashes(context: AnalysisContext, controllers: readonly ControllerModel[]): void {
  const byName = new Map<string, { readonly resolver: ResolverParameterModel; readonly scheme: string }>();
  const reported = new Set<ts.ClassDeclaration>();
  for (const controller of controllers) {
    for (const route of controller.routes) {
      for (const parameter of route.parameters) {
        if (parameter.kind !== "resolver" || parameter.securityScheme === undefined) continue;
        const name = parameter.securitySchemeName ?? parameter.className;
        const scheme = canonicalJson(parameter.securityScheme);
        const earlier = byName.get(name);
        if (earlier === undefined) byName.set(name, { resolver: parameter, scheme });
        else if (
          earlier.resolver.declaration !== parameter.declaration &&
          (parameter.securitySchemeName !== undefined || earlier.resolver.securitySchemeName !== undefined) &&
          earlier.scheme !== scheme &&
          !reported.has(parameter.declaration)
        ) {
          reported.add(parameter.declaration);
          context.sink.error(
            parameter.declaration.name ?? parameter.declaration,
            messages.SecuritySchemeNotConstant.nameClash({ className: parameter.className, name, other: earlier.resolver.className }),
          );
        }
      }
    }
  }
}

/** JSON text with each object's keys in order, so that two equal schemes give one text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
