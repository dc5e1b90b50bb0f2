import ts from "typescript";
import { controllerDecorator, routeDecorators } from "../../compiler/analyse/analyse-controller.js";
import type { HonestSymbols } from "../../compiler/analyse/honest-symbols.js";
import { parseRoutePath } from "../../compiler/analyse/route-path.js";
import type { HttpMethod } from "../../compiler/model.js";
import { joinPaths } from "../../../runtime/common/join-paths.js";

// The route a method serves, read from its decorators as a hover needs it:
// `GET /api/items/{id}` and its placeholders, whether or not the rest of the
// handler is yet free of mistakes (the diagnostics say what is wrong).

export interface HandlerRoute {
  /** `WS` for a `@Socket` route, as the route table prints it. */
  readonly method: HttpMethod | "WS";
  /** With the controller's prefix, as the route table prints it. */
  readonly path: string;
  readonly placeholders: readonly string[];
}

export function routeOfHandler(symbols: HonestSymbols, handler: ts.MethodDeclaration): HandlerRoute | undefined {
  const [route] = routeDecorators(symbols, handler);
  const written = route?.call.arguments[0];
  if (!route || !written || !ts.isStringLiteralLike(written)) return undefined;
  const parsed = parseRoutePath(written.text);
  if (!parsed.ok) return undefined;
  const controller = ts.isClassDeclaration(handler.parent) ? handler.parent : undefined;
  return {
    method: route.socket ? "WS" : route.method,
    path: joinPaths(prefixOf(symbols, controller), written.text),
    placeholders: parsed.placeholders,
  };
}

/** `@Controller({ prefix: "/api" })`'s prefix; "" without one, or when it is not written as a string. */
function prefixOf(symbols: HonestSymbols, controller: ts.ClassDeclaration | undefined): string {
  const options = controller && (controllerDecorator(symbols, controller)?.expression as ts.CallExpression | undefined)?.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options)) return "";
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === "prefix" && ts.isStringLiteralLike(property.initializer)) {
      return property.initializer.text;
    }
  }
  return "";
}
