// The attribute names of OpenTelemetry's semantic conventions for HTTP
// servers that honest writes, and honest's own (docs/guide/logs-and-traces.md,
// "Traces"). Never a query string, a header or a body: `url.path` is the path
// alone.

export const HTTP_REQUEST_METHOD = "http.request.method";
export const HTTP_REQUEST_METHOD_ORIGINAL = "http.request.method_original";
export const HTTP_ROUTE = "http.route";
export const HTTP_RESPONSE_STATUS_CODE = "http.response.status_code";
export const URL_PATH = "url.path";
export const URL_SCHEME = "url.scheme";
export const ERROR_TYPE = "error.type";
/** The request id the app gives each request, which the request-id part of the app sets as `c.get("requestId")`. */
export const HTTP_REQUEST_ID = "http.request.id";
/** The route's operationId in the OpenAPI document. */
export const HONEST_OPERATION_ID = "honest.operation_id";

/** The methods the conventions name as they are; any other is `_OTHER`, with the method as sent beside it. */
const KNOWN_METHODS = new Set(["CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE", "QUERY"]);

/** Sets `http.request.method` (and `http.request.method_original` for a method the conventions do not know) on `attributes`. */
export function setMethod(attributes: Record<string, string | number>, method: string): void {
  if (KNOWN_METHODS.has(method)) {
    attributes[HTTP_REQUEST_METHOD] = method;
    return;
  }
  attributes[HTTP_REQUEST_METHOD] = "_OTHER";
  attributes[HTTP_REQUEST_METHOD_ORIGINAL] = method;
}

/** `url.scheme` from the request's URL. */
export function schemeOf(url: string): string {
  return url.startsWith("https:") ? "https" : "http";
}

/** `error.type` of a 5xx: the class of what was thrown, as the conventions ask, or else the status. */
export function errorTypeOf(status: number, error: unknown): string {
  if (error === undefined) return String(status);
  return error instanceof Error ? error.constructor.name || "Error" : typeof error;
}
