// The path the router matches, read from the request URL once per request.
// It is Hono's reading with one difference: a path whose percent-encoding is
// broken (`%E0%A4%A`, `%FF`, `%zz`) is not passed on half-decoded, where a
// placeholder could receive the raw text; it becomes INVALID_PATH, which no
// route matches, and the not-found handler answers 400 (as Fastify does).
//
// As in Hono, the path is decoded once here except for `%25` and the escapes
// decodeURI keeps (`%2F` among them), and Hono decodes a placeholder's value
// once more when the handler reads it: every escape is decoded exactly once,
// and `%2F` stays inside one parameter.

/** Matches no route: it does not start with `/`. */
export const INVALID_PATH = "(invalid percent-encoding)";

const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

export function requestPath(request: Request): string {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf(":") + 4);
  let end = start;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 37 /* % */) return decodedPath(url.slice(start, pathEnd(url, end)));
    if (code === 63 /* ? */ || code === 35 /* # */) break;
  }
  return url.slice(start, end);
}

/** The path as the client sent it, still percent-encoded, for messages. */
export function rawPath(url: string): string {
  const start = url.indexOf("/", url.indexOf(":") + 3);
  const query = url.indexOf("?", start);
  return url.slice(start, query === -1 ? undefined : query);
}

/** Where the path that has a `%` at `from` ends: at its query or fragment, if any. */
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
