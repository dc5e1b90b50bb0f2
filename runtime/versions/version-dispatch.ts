import type { Context } from "hono";
import type { RouteHandler } from "../compiled/controller-definition.js";
import { HttpError } from "../errors/http-error.js";

// With versions in a header, one method and path has a route per version:
// one handler in the router reads the header and runs that version's route
// (docs/guide/versions.md, "Where the version goes"). A request without the
// header is a 400 naming it; a version the path does not have, a 404 naming
// those it has. Every answer varies by the header, for caches.

/**
 * The route of each version at one method and path, as one handler. `behindMiddleware` wraps the refusal in the
 * app's middleware, as honest's own 404 is, so that CORS headers reach it too.
 */
export function versionDispatch(
  header: string,
  byVersion: ReadonlyMap<string, RouteHandler>,
  route: string,
  behindMiddleware: (refusal: RouteHandler) => RouteHandler,
): RouteHandler {
  const versions = [...byVersion.keys()].join(", ");
  const refused = behindMiddleware((c) => {
    const asked = c.req.header(header)?.trim();
    if (asked === undefined || asked === "") {
      throw new HttpError(400, `${route} needs the ${header} header, naming one of its versions: ${versions}`);
    }
    throw new HttpError(404, `${route} has no version ${JSON.stringify(asked)}; its versions: ${versions}`);
  });
  const dispatch = (c: Context) => {
    c.header("vary", header, { append: true });
    const asked = c.req.header(header)?.trim();
    const handler = asked === undefined ? undefined : byVersion.get(asked);
    return handler === undefined ? refused(c) : handler(c);
  };
  Object.defineProperty(dispatch, "name", { value: `${[...byVersion.values()][0]?.name ?? "route"}_versions` });
  return dispatch;
}
