import type ts from "typescript";
import type * as internal from "../../../runtime/internal.js";
import type { Nodes } from "./factories/nodes.js";

// The protocol between generated code and the runtime, typed by the runtime's
// own declarations (runtime/internal.ts): every name generated code uses to
// reach the runtime (a function of `honest/internal`, a key of a route
// definition, an input of the handler factory, a method of an input reader
// or of a reporter's errors) is checked against the type that declares it,
// so renaming one in the runtime is a compile error here, not a failing test.

/** What `honest/internal` exports. */
export type RuntimeExport = keyof typeof internal;

/** The names of `T`'s methods. */
export type MethodOf<T> = { [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string;

/** Syntax for each property of a runtime object of type `T`, required where `T` requires it. */
export type PropertiesOf<T> = { readonly [K in keyof T]: ts.Expression };

/** The names a route's handler factory may take from what createApp gives it. */
export type HandlerInput = keyof internal.RouteHandlerInputs & string;

/** `target.name(...args)`, `target` a runtime object of type `T`. */
export function invoke<T>(nodes: Nodes, target: ts.Expression, name: MethodOf<T>, ...args: ts.Expression[]): ts.CallExpression {
  return nodes.call(nodes.prop(target, name), ...args);
}

/** `target.name`, `target` a runtime object of type `T`. */
export function member<T>(nodes: Nodes, target: ts.Expression, name: keyof T & string): ts.PropertyAccessExpression {
  return nodes.prop(target, name);
}

/** `{ key: value, ... }`, an object the runtime reads as a `T`: each key one of `T`'s, every required one given. */
export function objectOf<T>(nodes: Nodes, properties: PropertiesOf<T>, multiLine = false): ts.ObjectLiteralExpression {
  const entries = Object.entries(properties as Record<string, ts.Expression | undefined>).filter(
    (entry): entry is [string, ts.Expression] => entry[1] !== undefined,
  );
  return nodes.object(entries, multiLine);
}

/** What writes syntax that calls the runtime: a generation's context, or a programmer's. */
export interface RuntimeSyntax {
  readonly nodes: Nodes;
  runtime(name: RuntimeExport): ts.Expression;
}
