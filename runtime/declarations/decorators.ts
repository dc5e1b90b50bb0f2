import type { MiddlewareHandler } from "hono";
import { notCompiled } from "./not-compiled.js";

// The decorators only exist for the type checker: the transformer removes them
// and emits route registrations instead. Their types accept both standard
// decorators (value, context) and `experimentalDecorators` (target, key, descriptor).

type AnyClass = abstract new (...args: never) => unknown;

/** Options of `@Controller`. */
export interface ControllerOptions {
  /** Prepended to every route path of the controller, e.g. `"/api"`. */
  readonly prefix?: string;
}

export type ClassDecorator = (target: AnyClass, context?: unknown) => void;
export type RouteDecorator = (target: object, context: unknown, descriptor?: PropertyDescriptor) => void;

/**
 * Marks a class as a controller whose route methods become Hono routes.
 * @honest Controller
 */
export function Controller(options?: ControllerOptions): ClassDecorator {
  return notCompiled(`@Controller(${options?.prefix === undefined ? "" : JSON.stringify(options)})`);
}

/**
 * `GET <path>`: the method handles GET requests to the path (`{name}` placeholders allowed).
 * @honest route GET
 */
export function Get(path: string): RouteDecorator {
  return notCompiled(`@Get(${JSON.stringify(path)})`);
}

/**
 * `POST <path>`.
 * @honest route POST
 */
export function Post(path: string): RouteDecorator {
  return notCompiled(`@Post(${JSON.stringify(path)})`);
}

/**
 * `PUT <path>`.
 * @honest route PUT
 */
export function Put(path: string): RouteDecorator {
  return notCompiled(`@Put(${JSON.stringify(path)})`);
}

/**
 * `DELETE <path>`.
 * @honest route DELETE
 */
export function Delete(path: string): RouteDecorator {
  return notCompiled(`@Delete(${JSON.stringify(path)})`);
}

/**
 * `PATCH <path>`.
 * @honest route PATCH
 */
export function Patch(path: string): RouteDecorator {
  return notCompiled(`@Patch(${JSON.stringify(path)})`);
}

/**
 * Hono middleware to run before each route of the controller (on the class)
 * or before this route (on a handler), in the order given: after the app's
 * `createApp({ use })`, then the class's, then the handler's.
 * @honest Use
 */
export function Use(...middleware: MiddlewareHandler[]): ClassDecorator & RouteDecorator {
  return notCompiled(`@Use(${middleware.length === 1 ? "middleware" : `${middleware.length} middleware`})`);
}
