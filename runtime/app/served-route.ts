import type { RouteHandler } from "../compiled/controller-definition.js";

// A GET route honest serves itself, next to the controllers' (the OpenAPI
// document and its page: openapi/openapi-routes.ts; the health probes:
// health/health-routes.ts). Hono answers HEAD with it too.

export interface ServedRoute {
  readonly path: string;
  readonly handler: RouteHandler;
  /** What the route table prints after the arrow; the page's second path and its files are not listed. */
  readonly listedAs?: string;
  /** What it is, for messages: "the OpenAPI document". */
  readonly name: string;
  /** The option that put it there, as written in createApp's options: "openapi.docs". */
  readonly option: string;
  /** Whether it runs behind createApp's `use` middleware: the document does, a probe does not (docs/guide/health.md, "Middleware"). */
  readonly behindMiddleware: boolean;
}
