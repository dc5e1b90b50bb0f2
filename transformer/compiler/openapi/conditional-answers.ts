import type { RouteModel } from "../model.js";
import type { Schema } from "./schema.js";

// What a route that declares validators or Cache-Control (docs/guide/conditional-requests.md, "In the document and
// the client") adds to its operation: the If-* request headers it honours, the ETag, Last-Modified and
// Cache-Control headers of its answers, and its 304 (GET) or 412 (writes).

/** Which validators the route sends, and whether it is a GET (304) or a write (412). */
interface Declared {
  readonly etag: boolean;
  readonly lastModified: boolean;
  readonly read: boolean;
}

function declaredOf(route: RouteModel): Declared | undefined {
  const { validator, bodyETag } = route.conditional ?? {};
  if (!validator && !bodyETag) return undefined;
  return {
    etag: bodyETag === true || validator?.validators.etag === true,
    lastModified: validator?.validators.lastModified === true,
    read: route.method === "GET",
  };
}

const ETAG_HEADER: Schema = {
  description:
    'The entity tag of what the route answered with, quotes included (`"7"`, `W/"7"`): send it back in If-None-Match or If-Match.',
  schema: { type: "string" },
};

const LAST_MODIFIED_HEADER: Schema = {
  description:
    "When the resource last changed, as an HTTP-date (`Fri, 02 Jan 2026 03:04:05 GMT`): send it back in If-Modified-Since or If-Unmodified-Since.",
  schema: { type: "string" },
};

/** The headers the route's successful answers (and its 304) carry. */
export function conditionalHeaders(route: RouteModel): Schema | undefined {
  const declared = declaredOf(route);
  const cacheControl = route.conditional?.cacheControl;
  const headers: Record<string, Schema> = {};
  if (declared?.etag) headers.ETag = ETAG_HEADER;
  if (declared?.lastModified) headers["Last-Modified"] = LAST_MODIFIED_HEADER;
  if (cacheControl !== undefined) {
    headers["Cache-Control"] = { description: `Always \`${cacheControl}\`.`, schema: { type: "string", const: cacheControl } };
  }
  return Object.keys(headers).length === 0 ? undefined : headers;
}

/** The If-* header parameters the route honours: If-None-Match and If-Modified-Since on a GET, If-Match and If-Unmodified-Since on a write. */
export function conditionalParameters(route: RouteModel): Schema[] {
  const declared = declaredOf(route);
  if (!declared) return [];
  const parameter = (name: string, description: string) => ({ name, in: "header", description, schema: { type: "string" } });
  const parameters: Schema[] = [];
  if (declared.read && declared.etag) {
    parameters.push(
      parameter("If-None-Match", "Entity tags of copies the client holds (or `*`): one that is current is answered 304, without a body."),
    );
  }
  if (declared.read && declared.lastModified) {
    parameters.push(
      parameter(
        "If-Modified-Since",
        "An HTTP-date: when the resource has not changed since, the answer is 304, without a body (ignored beside If-None-Match).",
      ),
    );
  }
  if (!declared.read && declared.etag) {
    parameters.push(
      parameter(
        "If-Match",
        "Entity tags the client's copy had (or `*`): unless one is current, the route answers 412 without changing anything.",
      ),
    );
  }
  if (!declared.read && declared.lastModified) {
    parameters.push(
      parameter(
        "If-Unmodified-Since",
        "An HTTP-date: if the resource changed after it, the route answers 412 without changing anything (ignored beside If-Match).",
      ),
    );
  }
  return parameters;
}

/** A GET's 304, with the headers its 200 would have had; undefined for a route without validators or for a write. */
export function notModifiedResponse(route: RouteModel): Schema | undefined {
  const declared = declaredOf(route);
  if (!declared?.read) return undefined;
  const headers = conditionalHeaders(route);
  const named = [...(declared.etag ? ["If-None-Match"] : []), ...(declared.lastModified ? ["If-Modified-Since"] : [])].join(" or ");
  return {
    description: `Not Modified: the copy the client named in ${named} is current; no body.`,
    ...(headers && { headers }),
  };
}

/** Whether the route answers 412 to a failed If-Match or If-Unmodified-Since: a write whose resolver gives validators. */
export function answersPreconditionFailed(route: RouteModel): boolean {
  return route.conditional?.validator !== undefined && route.method !== "GET";
}
