import type { Context } from "hono";

// The contract between the code the transformer generates and createApp: each
// compiled controller class carries a definition of its routes, stored under a
// registered symbol so that no reflection or global registry is needed.

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** Per-application settings the generated handlers read. */
export interface RouteSettings {
  readonly bodyLimit: number;
}

export type RouteHandler = (c: Context) => Response | Promise<Response>;

export interface RouteDefinition<Controller = any> {
  readonly method: HttpMethod;
  /** The effective path as written, with `{param}` placeholders: what the route table prints. */
  readonly path: string;
  /** The same path in Hono's syntax (`/items/:id`). */
  readonly honoPath: string;
  /** The handler method's name, for messages. */
  readonly member: string;
  /** Builds the Hono handler bound to the application's controller instance. */
  readonly handler: (controller: Controller, settings: RouteSettings) => RouteHandler;
}

export interface ControllerDefinition<Controller = any> {
  readonly routes: readonly RouteDefinition<Controller>[];
}

const controllerKey = Symbol.for("honest.controller");

export function defineController<C>(controller: abstract new () => C, definition: ControllerDefinition<C>): void {
  Object.defineProperty(controller, controllerKey, { value: definition });
}

/** The definition the transformer attached to `controller` itself (not inherited), if any. */
export function controllerDefinition(controller: Function): ControllerDefinition | undefined {
  return Object.hasOwn(controller, controllerKey) ? (controller as unknown as Record<symbol, ControllerDefinition>)[controllerKey] : undefined;
}
