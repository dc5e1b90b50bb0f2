import type { MiddlewareHandler } from "hono";
import type { HttpMethod } from "../common/http-method.js";
import type { Resolver } from "./markers.js";
import { listController, recordingClassDecorator, recordingMemberDecorator } from "./decorator-records.js";

// The transformer removes these decorators and emits route registrations
// instead. They run only in generator mode (docs/setup/typescript-7.md, "TypeScript 7: generator
// mode"), where they record what they decorate and do nothing else
// (decorator-records.ts). Their types accept both standard decorators
// (value, context) and `experimentalDecorators` (target, key, descriptor).

type AnyClass = abstract new (...args: never) => unknown;

/** Options of `@Controller`. */
export interface ControllerOptions {
  /** Prepended to every route path of the controller, e.g. `"/api"`. */
  readonly prefix?: string;
  /**
   * The API version of every route of the controller, a string literal (`"2"`): in the path (`/v2/items`) or a
   * header, as the plugin entry's `versioning` says (docs/guide/versions.md, "Declaring a version").
   */
  readonly version?: string;
}

export type ClassDecorator = (target: AnyClass, context?: unknown) => void;
export type RouteDecorator = (target: object, context: unknown, descriptor?: PropertyDescriptor) => void;

/**
 * Marks a class as a controller whose route methods become Hono routes.
 * @honest Controller
 */
export function Controller(options?: ControllerOptions): ClassDecorator {
  return recordingClassDecorator((records, target) => {
    records.controller = true;
    records.prefix = options?.prefix;
    listController(target);
  });
}

/**
 * Marks a class as a per-request component: built with `new T()` for a request the first time something reads it
 * in that request, its `Inject` fields filled, and finished after the answer by its `close(end: RequestEnd)`, if
 * it has one. App-wide components and controllers reach it through a `Current<T>` field
 * (docs/guide/request-scope.md, "Work that lives for one request").
 * @honest PerRequest
 */
export function PerRequest(): ClassDecorator {
  // In generator mode the generated module marks the class (definePerRequest); the transformer removes the decorator.
  return () => {};
}

/**
 * `GET <path>`: the method handles GET requests to the path (`{name}` placeholders allowed).
 * @honest route GET
 */
export function Get(path: string): RouteDecorator {
  return route("GET", path);
}

/**
 * `POST <path>`.
 * @honest route POST
 */
export function Post(path: string): RouteDecorator {
  return route("POST", path);
}

/**
 * `PUT <path>`.
 * @honest route PUT
 */
export function Put(path: string): RouteDecorator {
  return route("PUT", path);
}

/**
 * `DELETE <path>`.
 * @honest route DELETE
 */
export function Delete(path: string): RouteDecorator {
  return route("DELETE", path);
}

/**
 * `PATCH <path>`.
 * @honest route PATCH
 */
export function Patch(path: string): RouteDecorator {
  return route("PATCH", path);
}

/**
 * `WS <path>`: the method serves WebSocket connections at the path, opened by a GET with `Upgrade: websocket`
 * (`{name}` placeholders allowed). It takes a `Connection<In, Out>` parameter, the open WebSocket, beside any
 * inputs of the upgrade request (`Path<T>`, `Query<T>`, `Header<T>`, `Cookie<T>`, `From<R>`), and returns
 * `Promise<void>`: the connection lasts while it runs (docs/guide/websockets.md, "WebSocket routes").
 * @honest socket
 */
export function Socket(path: string): RouteDecorator {
  // Recorded as what it is on the wire, a GET: the generated module's check of stale routes compares methods and paths.
  return route("GET", path);
}

/**
 * Hono middleware to run before each route of the controller (on the class)
 * or before this route (on a handler), in the order given: after the app's
 * `createApp({ use })`, then the class's, then the handler's.
 * @honest Use
 */
export function Use(...middleware: MiddlewareHandler[]): ClassDecorator & RouteDecorator {
  // Decorators apply from the bottom up: each earlier @Use goes before what is recorded.
  const onClass = recordingClassDecorator((records) => {
    records.use = [...middleware, ...records.use];
  });
  const onMember = recordingMemberDecorator((records, member) => {
    records.memberUse.set(member, [...middleware, ...(records.memberUse.get(member) ?? [])]);
  });
  return (target: object, context?: unknown, descriptor?: PropertyDescriptor) => {
    const isClass = typeof target === "function" && (context === undefined || (context as { readonly kind?: unknown }).kind === "class");
    if (isClass) onClass(target as Function, context);
    else onMember(target, context, descriptor);
  };
}

/** Options of `@RateLimit`: how many requests a client may make in a window. */
export interface RateLimitOptions {
  /** The requests allowed in each window: a whole number from 1, written as a literal. */
  readonly limit: number;
  /** The window: a duration (`"30s"`, `"1m"`, `"1h"`; units ms, s, m, h, d) or a number of ms, up to 7 days. */
  readonly window: `${number}${"ms" | "s" | "m" | "h" | "d"}` | number;
  /**
   * A resolver (docs/guide/resolvers.md) whose value keys the count instead of the client address: a string, a
   * number, a bigint, or an object with an `id` of one of those (a user). A request it resolves to `undefined`
   * counts by client address.
   */
  readonly by?: abstract new (
    ...args: never
  ) => Resolver;
}

/**
 * Limits the requests each client may make to this route (on a handler), or to each route of the controller, each
 * counted on its own (on the class), to `limit` per fixed `window`; past it, a 429 with Retry-After. Counted in
 * memory, or in Redis when the app has one (docs/guide/rate-limits.md, "Rate limits").
 * @honest RateLimit
 */
export function RateLimit(_options: RateLimitOptions): ClassDecorator & RouteDecorator {
  // The compiler reads the options from the source, in both build modes; the transformer removes the decorator.
  return () => {};
}

/**
 * The API version of this route, a string literal (`"2"`), instead of its controller's
 * (docs/guide/versions.md, "Declaring a version").
 * @honest Version
 */
export function Version(_version: string): RouteDecorator {
  // The compiler reads the version from the source, in both build modes; the transformer removes the decorator.
  return () => {};
}

/** Options of `@Sunset`. */
export interface SunsetOptions {
  /** Where the route's successor is (`"/v3/items"`, or a full URL): sent as `Link: <...>; rel="successor-version"`. */
  readonly successor?: string;
}

/**
 * The date (`"2027-06-30"`, a string literal) after which this route (on a handler) or each route of the
 * controller (on the class) may stop answering: sent as `Sunset` (RFC 8594) beside the `Deprecation` its
 * `@deprecated` tag gives (RFC 9745), and a successor `Link` (docs/guide/versions.md, "Deprecating a route").
 * @honest Sunset
 */
export function Sunset(_date: string, _options?: SunsetOptions): ClassDecorator & RouteDecorator {
  // The compiler reads the date and options from the source, in both build modes; the transformer removes the decorator.
  return () => {};
}

/**
 * Sends a strong ETag made from the JSON text the route answers with, and answers 304 to an If-None-Match that
 * lists it, on a GET route. The handler runs first: the 304 saves the body's bytes, not its work; a validator
 * resolver answers before the handler (docs/guide/conditional-requests.md, "From the answer: @BodyETag").
 * @honest BodyETag
 */
export function BodyETag(): RouteDecorator {
  // The compiler reads it from the source, in both build modes; the transformer removes the decorator.
  return () => {};
}

/**
 * The route's `Cache-Control` on its successful answers and its 304s, written as a string literal:
 * `@CacheControl("private, max-age=60")` (docs/guide/conditional-requests.md, "Cache-Control").
 * @honest CacheControl
 */
export function CacheControl(_value: string): RouteDecorator {
  return () => {};
}

function route(method: HttpMethod, path: string): RouteDecorator {
  return recordingMemberDecorator((records, member) => {
    records.routes.push({ method, path, member });
  });
}
