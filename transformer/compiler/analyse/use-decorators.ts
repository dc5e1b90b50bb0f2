import type ts from "typescript";
import type { HonestSymbols } from "./honest-symbols.js";
import { decoratorCalls } from "./honest-decorators.js";

// `@Use(...)`: Hono middleware for a controller's routes or one route. The
// decorator goes; its arguments stay as written, evaluated where the class is
// declared, as a decorator's arguments would be (docs/guide/middleware.md, "Middleware").

/** The `@Use(...)` decorators on a class or a class member, in the order written. */
export function useDecorators(symbols: HonestSymbols, node: ts.Node): ts.Decorator[] {
  return decoratorCalls(symbols.facts.syntax, node)
    .filter(({ call }) => symbols.tagOfCall(call) === "Use")
    .map(({ decorator }) => decorator);
}

/** The middleware expressions of those decorators, the first decorator's first. */
export function middlewareOf(decorators: readonly ts.Decorator[]): ts.Expression[] {
  return decorators.flatMap((decorator) => [...(decorator.expression as ts.CallExpression).arguments]);
}
