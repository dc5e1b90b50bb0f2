import type ts from "typescript";
import { isDeepStrictEqual } from "node:util";
import { controllerRouteLabel, messages } from "../diagnostic-messages.js";
import type { ControllerModel, ResolverParameterModel, RouteModel } from "../model.js";
import { operationIdOf } from "../operation-names.js";
import type { AnalysisContext } from "./analysis-context.js";

// Program-wide checks of the names the OpenAPI document gives
// (docs/guide/openapi-and-clients.md, "Operation ids, tags and descriptions"): each operation's id is
// its own, and a security scheme's name stands for one scheme.

/** Two operations with one id in the OpenAPI document: an `@operationId` another route has, or takes by default (operation-names.ts). */
export function reportDuplicateOperationIds(context: AnalysisContext, controllers: readonly ControllerModel[]): void {
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
            route: controllerRouteLabel(controller, route),
            earlier: controllerRouteLabel(earlier.controller, earlier.route),
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
  const byName = new Map<string, ResolverParameterModel>();
  const reported = new Set<ts.ClassDeclaration>();
  for (const controller of controllers) {
    for (const route of controller.routes) {
      for (const parameter of route.parameters) {
        if (parameter.kind !== "resolver" || parameter.securityScheme === undefined) continue;
        const name = parameter.securitySchemeName ?? parameter.className;
        const earlier = byName.get(name);
        if (earlier === undefined) byName.set(name, parameter);
        else if (
          earlier.declaration !== parameter.declaration &&
          (parameter.securitySchemeName !== undefined || earlier.securitySchemeName !== undefined) &&
          !isDeepStrictEqual(earlier.securityScheme, parameter.securityScheme) &&
          !reported.has(parameter.declaration)
        ) {
          reported.add(parameter.declaration);
          context.sink.error(
            parameter.declaration.name ?? parameter.declaration,
            messages.SecuritySchemeNotConstant.nameClash({ className: parameter.className, name, other: earlier.className }),
          );
        }
      }
    }
  }
}
