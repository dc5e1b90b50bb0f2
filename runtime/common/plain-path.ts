// The paths honest serves its own routes at (the OpenAPI document, the
// documentation page, the health probes) are plain: no placeholder a router
// would read as a parameter, nothing a client would send escaped.

/** One or more segments of letters, digits and the characters a path may hold unescaped, minus Hono's `:`, `*`, `{`, `}` and `?`. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9\-._~!$&'()+,;=@]+)+$/;

/** Whether `path` is plain, with no `.` or `..` segment. */
export function isPlainPath(path: unknown): path is string {
  return typeof path === "string" && PLAIN_PATH.test(path) && !path.split("/").some((segment) => segment === "." || segment === "..");
}

/** What a plain path is, for messages. */
export const PLAIN_PATH_RULE =
  'a path starts with "/" and has one or more segments of letters, digits and - . _ ~ ! $ & \' ( ) + , ; = @, with no placeholder, ' +
  "wildcard, query, empty segment or . and .. segment";
