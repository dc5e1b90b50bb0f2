import { nodeExchangeIn } from "../common/node-exchange.js";

// The path the router matches, read from the request URL once per request.
// It is Hono's reading with two differences, both of which make a path no
// route can match, which the not-found handler answers with a 400:
//
// - A path whose percent-encoding is broken (`%E0%A4%A`, `%FF`, `%zz`) is not
//   passed on half-decoded, where a placeholder could receive the raw text: it
//   becomes INVALID_PATH (as Fastify answers it).
// - A path with a `.` or `..` segment, plain or percent-encoded (`/x/../health`,
//   `/items/%2e%2e/health`, `/items/./1`), becomes DOT_SEGMENT_PATH. URL
//   parsers resolve such segments, @hono/node-server's among them, so the route
//   served would not be the path a gateway in front checked (`/items/…` serving
//   `/health`). On Node the request as the client wrote it is still at hand and
//   is checked; elsewhere the URL is checked as the runtime hands it over.
//
// As in Hono, the path is decoded once here except for `%25` and the escapes
// decodeURI keeps (`%2F` among them), and Hono decodes a placeholder's value
// once more when the handler reads it: every escape is decoded exactly once,
// and `%2F` stays inside one parameter.

/** Matches no route: it does not start with `/`. */
export const INVALID_PATH = "(invalid percent-encoding)";
/** Matches no route: it does not start with `/`. */
export const DOT_SEGMENT_PATH = "(dot segment)";

const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** A segment that is `.` or `..`, each dot written as itself or as `%2e`. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=[/?#]|$)/i;

export function requestPath(request: Request, options?: { env?: unknown }): string {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf(":") + 4);
  const target = nodeTarget(options?.env);
  if (target === undefined ? hasDotSegment(url, start) : hasDotSegment(target, 0)) return DOT_SEGMENT_PATH;
  let end = start;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 37 /* % */) return decodedPath(url.slice(start, pathEnd(url, end)));
    if (code === 63 /* ? */ || code === 35 /* # */) break;
  }
  return url.slice(start, end);
}

/**
 * The path as the client sent it, still percent-encoded, for messages: on
 * Node the request target itself (the URL may have been normalised since),
 * elsewhere the URL's path.
 */
export function rawPath(url: string, env?: unknown): string {
  const target = nodeTarget(env);
  if (target !== undefined) return pathOf(target, 0);
  return pathOf(url, url.indexOf("/", url.indexOf(":") + 3));
}

/** On @hono/node-server, the request target exactly as the client wrote it. */
function nodeTarget(env: unknown): string | undefined {
  const url = nodeExchangeIn(env)?.incoming.url;
  if (typeof url !== "string") return undefined;
  // An absolute-form target (`GET http://host/path`): its path starts after the authority.
  if (url.charCodeAt(0) === 47 /* / */) return url;
  const authority = url.indexOf("//");
  const path = authority === -1 ? -1 : url.indexOf("/", authority + 2);
  return path === -1 ? "/" : url.slice(path);
}

/** Whether the path of `url` from `start` has a dot segment; without `/.` or `%2` in the URL it cannot. */
function hasDotSegment(url: string, start: number): boolean {
  if (url.indexOf("/.", start) === -1 && url.indexOf("%2", start) === -1) return false;
  return DOT_SEGMENT.test(pathOf(url, start));
}

/** The path of `url` from `start`, without its query or fragment. */
function pathOf(url: string, start: number): string {
  return url.slice(start, pathEnd(url, start));
}

/** Where the path that has reached `from` ends: at its query or fragment, if any. */
function pathEnd(url: string, from: number): number {
  const query = url.indexOf("?", from);
  const fragment = url.indexOf("#", from);
  if (query === -1) return fragment === -1 ? url.length : fragment;
  return fragment === -1 ? query : Math.min(query, fragment);
}

function decodedPath(path: string): string {
  if (MALFORMED_ESCAPE.test(path)) return INVALID_PATH;
  try {
    // decodeURIComponent throws on any escape that is not UTF-8; decodeURI then cannot.
    decodeURIComponent(path);
    return decodeURI(path.includes("%25") ? path.replace(/%25/g, "%2525") : path);
  } catch {
    return INVALID_PATH;
  }
}
