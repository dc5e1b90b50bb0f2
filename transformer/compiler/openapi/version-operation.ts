import type { RouteModel } from "../model.js";
import type { Schema } from "./schema.js";

// What versions add to the document (docs/guide/versions.md, "A document per
// version"): a version's document has its routes and those without a version;
// with versions in a header, a versioned operation takes that header, its one
// value the version; a deprecated operation's answers list the Deprecation,
// Sunset and Link headers it sends.

/** The routes a version's document has: that version's, and those without a version. */
export function routesOfVersion(routes: readonly RouteModel[], version: string): RouteModel[] {
  return routes.filter((route) => route.version === undefined || route.version === version);
}

/** With versions in a header, the header a versioned operation is asked for with. */
export function versionParameters(route: RouteModel): Schema[] {
  if (route.versionHeader === undefined || route.version === undefined) return [];
  return [
    {
      name: route.versionHeader,
      in: "header",
      description: `The API version: ${route.version}.`,
      required: true,
      schema: { type: "string", enum: [route.version] },
    },
  ];
}

const LIFECYCLE_HEADERS = {
  deprecation: {
    Deprecation: {
      description: "When the operation was or will be deprecated: `@` and Unix seconds (RFC 9745).",
      schema: { type: "string" },
    },
  },
  sunset: {
    Sunset: { description: "When the operation may stop answering, as an HTTP-date (RFC 8594).", schema: { type: "string" } },
  },
  successor: {
    Link: { description: 'Where its successor is: `rel="successor-version"` (RFC 8594).', schema: { type: "string" } },
  },
} as const;

/** The responses, each that is not a reference (which may carry no headers) listing the lifecycle headers the route sends. */
export function withLifecycleHeaders(route: RouteModel, responses: Record<string, Schema>): Record<string, Schema> {
  const lifecycle = route.lifecycle;
  if (!lifecycle) return responses;
  const headers = Object.assign(
    {},
    ...(["deprecation", "sunset", "successor"] as const).map((name) => (lifecycle[name] === undefined ? {} : LIFECYCLE_HEADERS[name])),
  ) as Schema;
  if (Object.keys(headers).length === 0) return responses;
  const result: Record<string, Schema> = {};
  for (const [status, response] of Object.entries(responses)) {
    result[status] =
      "$ref" in response ? response : { ...response, headers: { ...((response.headers as Schema | undefined) ?? {}), ...headers } };
  }
  return result;
}
