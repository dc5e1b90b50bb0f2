import type { AppLog } from "../telemetry/app-log.js";
import type { Context, MiddlewareHandler } from "hono";
import type { UpgradeWebSocket } from "hono/ws";
import type { HttpMethod } from "../common/http-method.js";
import { existingRecordsOf } from "../declarations/decorator-records.js";
import { honoPathOf, synchronousCopyName } from "../common/route-names.js";
import type { OpenStreams } from "../response/open-streams.js";
import type { RateLimitDefinition, RouteRateLimit } from "../rate-limit/route-rate-limit.js";
import type { SocketSettings } from "../socket/socket-settings.js";
import type { PhaseMarks } from "../tracing/phase-marks.js";

// The contract between the code the transformer generates and createApp: each
// compiled controller class carries a definition of its routes, stored under a
// registered symbol so that no reflection or global registry is needed.

/** Per-application settings the generated handlers read. */
export interface RouteSettings {
  readonly bodyLimit: number;
  /** Ms of silence after which an `Sse<T>` stream sends a comment line; 0 for none. */
  readonly heartbeat: number;
  /** Ms a streamed answer may wait for its client to take an item before it is cut off; 0 for ever. */
  readonly streamStallTimeout: number;
  /** The app's open streams, which shutdown ends. */
  readonly streams: OpenStreams;
  /** What upgrades a socket route's request to a WebSocket: createApp's `upgradeWebSocket` (docs/guide/websockets.md, "On each runtime"). */
  readonly upgradeWebSocket?: UpgradeWebSocket<any, any>;
  /** createApp's `sockets`: origins, outgoing limits and pings (docs/guide/websockets.md, "Limits and liveness"). */
  readonly sockets: SocketSettings;
  /** Where a stream's or a socket's faults are logged (docs/guide/logs-and-traces.md, "Logs"). */
  readonly log: AppLog;
}

export type RouteHandler = (c: Context) => Response | Promise<Response>;

/** A route as createApp reads it, once defineController has filled in what the generated definition left out (DefinedRoute). */
export interface RouteDefinition<Controller = any> {
  readonly method: HttpMethod;
  /** The effective path as written, with `{param}` placeholders: what the route table prints. */
  readonly path: string;
  /** The same path in Hono's syntax (`/items/:id`). */
  readonly honoPath: string;
  /** The handler method's name, for messages. */
  readonly member: string;
  /** The route's operationId in the OpenAPI document, which its spans carry (docs/guide/logs-and-traces.md, "Traces"). */
  readonly operationId?: string;
  /** `@Use(...)` on the handler: middleware run before it, after the controller's. */
  readonly use?: readonly MiddlewareHandler[];
  /** The name of the handler's copy without `async`, when it never awaits (see app/controller-method.ts). */
  readonly synchronousCopy?: string;
  /** `@Socket(path)`: a WebSocket route, whose GET upgrades (docs/guide/websockets.md, "WebSocket routes"). */
  readonly socket?: boolean;
  /** The return type has `Response`: what the handler answers may lack the headers middleware set before next() (middleware/middleware-chain.ts). */
  readonly answersWithResponse?: boolean;
  /** The route's components can reach a `@PerRequest()` one: its handler runs in a request scope (app/scoped-handler.ts). */
  readonly requestScope?: boolean;
  /** `@RateLimit(...)` on the handler or its class: the requests its window allows (docs/guide/rate-limits.md, "Rate limits"). */
  readonly rateLimit?: RateLimitDefinition;
  /** The route's API version (docs/guide/versions.md, "Versions"), with `versionHeader` when a header carries it. */
  readonly version?: string;
  /** The header a request names its version in; only with versions in a header (docs/guide/versions.md, "Where the version goes"). */
  readonly versionHeader?: string;
  /** `Deprecation`, `Sunset` and `Link` for a deprecated route's answers, by lower-case name (docs/guide/versions.md, "Deprecating a route"). */
  readonly lifecycleHeaders?: Readonly<Record<string, string>>;
  /** Builds the Hono handler bound to the application's controller instance, once, at startup. */
  readonly handler: (inputs: RouteHandlerInputs<Controller>) => RouteHandler;
}

/**
 * A route as generated code defines it: its Hono path only where it is not
 * honoPathOf(path), and `synchronous: true` instead of the copy's name
 * (runtime/common/route-names.ts).
 */
export interface DefinedRoute<Controller = any> extends Omit<RouteDefinition<Controller>, "honoPath" | "synchronousCopy"> {
  readonly honoPath?: string;
  /** The handler never awaits: the class has a copy of it without `async` (see app/controller-method.ts). */
  readonly synchronous?: boolean;
}

/**
 * What createApp gives each route's handler factory. Generated code takes
 * only those it uses, by these names (`({ controller, controllerMethod }) => ...`):
 * the compiler reads the names from this interface.
 */
export interface RouteHandlerInputs<Controller = any> {
  /** The application's instance of the controller. */
  readonly controller: Controller;
  readonly settings: RouteSettings;
  /** What the handler calls (app/controller-method.ts). */
  readonly controllerMethod: ControllerMethod;
  /** The app's instances of the resolvers its `From<R>` parameters name. */
  readonly component: ComponentOf;
  /** The route's `@RateLimit`, counted in the app's store; undefined for a route without one. */
  readonly rateLimit: RouteRateLimit | undefined;
  /** What the handler marks its phases with when the app traces; undefined when it does not (tracing/phase-marks.ts). */
  readonly trace: PhaseMarks | undefined;
}

/** The application's instance of a component, built by its injector (one per app, providers in place of classes). */
export type ComponentOf = <T>(component: abstract new () => T) => T;

export type ControllerMethod = (this: unknown, ...args: never[]) => unknown;

export interface ControllerDefinition<Controller = any> {
  /** `@Use(...)` on the class: middleware run before each of its routes, after the app's. */
  readonly use?: readonly MiddlewareHandler[];
  readonly routes: readonly DefinedRoute<Controller>[];
}

/** A definition as defineController stored it: its routes filled in, with each copied handler as the class declared it. */
export interface StoredControllerDefinition<Controller = any> {
  readonly use?: readonly MiddlewareHandler[];
  readonly routes: readonly RouteDefinition<Controller>[];
  readonly declared: ReadonlyMap<string, unknown>;
}

const controllerKey = Symbol.for("honest.controller");

/**
 * In generator mode the definition carries no middleware: `@Use(...)`'s
 * arguments are expressions in the user's file, which the decorator recorded
 * when it ran (docs/setup/typescript-7.md, "TypeScript 7: generator mode"). The transformer's
 * definitions carry their own, and its decorators never run.
 */
function withRecordedMiddleware<C>(
  controller: Function,
  definition: Omit<StoredControllerDefinition<C>, "declared">,
): Omit<StoredControllerDefinition<C>, "declared"> {
  const records = existingRecordsOf(controller);
  if (!records) return definition;
  return {
    ...definition,
    use: definition.use ?? records.use,
    routes: definition.routes.map((route) => {
      const use = route.use ?? records.memberUse.get(route.member);
      return use === undefined ? route : { ...route, use };
    }),
  };
}

export function defineController<C>(controller: abstract new () => C, definition: ControllerDefinition<C>): void {
  if (Object.hasOwn(controller, controllerKey)) {
    throw new Error(
      `honest: ${controller.name} is registered twice: its file was compiled by the honest transformer, and the module \`honest generate\` ` +
        "wrote registers it too. Build one way (TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md): remove the import of the generated module, or the transformer plugin.",
    );
  }
  const routes = definition.routes.map(filledIn);
  // Taken now, as the module loads: a method replaced later (a test's spy) is then told apart from the copied one.
  const prototype = controller.prototype as Record<string, unknown>;
  const declared = new Map(
    routes.filter((route) => route.synchronousCopy !== undefined).map((route) => [route.member, prototype[route.member]]),
  );
  const stored: StoredControllerDefinition<C> = { ...withRecordedMiddleware(controller, { ...definition, routes }), declared };
  Object.defineProperty(controller, controllerKey, { value: stored });
}

/** The route with its Hono path and its synchronous copy's name (each key written out: this runs for every route at startup). */
function filledIn<C>(route: DefinedRoute<C>): RouteDefinition<C> {
  return {
    method: route.method,
    path: route.path,
    honoPath: route.honoPath ?? honoPathOf(route.path),
    member: route.member,
    operationId: route.operationId,
    use: route.use,
    synchronousCopy: route.synchronous ? synchronousCopyName(route.member) : undefined,
    answersWithResponse: route.answersWithResponse,
    socket: route.socket,
    requestScope: route.requestScope,
    rateLimit: route.rateLimit,
    version: route.version,
    versionHeader: route.versionHeader,
    lifecycleHeaders: route.lifecycleHeaders,
    handler: route.handler,
  };
}

/** The definition the transformer attached to `controller` itself (not inherited), if any. */
export function controllerDefinition(controller: Function): StoredControllerDefinition | undefined {
  return Object.hasOwn(controller, controllerKey)
    ? (controller as unknown as Record<symbol, StoredControllerDefinition>)[controllerKey]
    : undefined;
}
