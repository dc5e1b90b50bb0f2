import type { Context } from "hono";
import { DOT_SEGMENT_PATH, INVALID_PATH, rawPath } from "../routing/request-path.js";
import type { RouteDefinition } from "../compiled/controller-definition.js";
import type { ErrorAnswers } from "../errors/error-answers.js";
import { allowedMethods } from "./method-not-allowed.js";

// What an app answers when no route matched: a 400 for a path the router was
// never given (broken escapes, dot segments: see request-path.ts), a 405 with
// `Allow` when the path is a route's with another method, a 404 otherwise.

export function notFoundAnswer(
  routes: readonly Pick<RouteDefinition, "method" | "honoPath">[],
  errors: ErrorAnswers,
): (c: Context) => Response | Promise<Response> {
  const allowed = allowedMethods(routes);
  return (c) => {
    if (c.req.path === INVALID_PATH) {
      return errors.refuse(c, 400, `the request path is not valid percent-encoding: ${shown(rawPath(c.req.url, c.env))}`, "path");
    }
    if (c.req.path === DOT_SEGMENT_PATH) {
      const detail = `the request path has a "." or ".." segment, which honest does not resolve: ${shown(rawPath(c.req.url, c.env))}`;
      return errors.refuse(c, 400, detail, "path");
    }
    const allow = allowed(c.req.path);
    if (allow === undefined) return errors.refuse(c, 404, `no route matches ${c.req.method} ${c.req.path}`, "route");
    return errors.refuse(c, 405, `${c.req.method} is not allowed on ${c.req.path}; allowed: ${allow}`, "method", { allow });
  };
}

/** A path short enough for a message. */
function shown(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
