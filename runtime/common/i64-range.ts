// The range of `i64` (docs/guide/path-parameters.md, "Path parameter types";
// docs/guide/json-bodies-and-responses.md, "JSON bodies and responses"): a signed 64-bit integer, as a path parameter, a query value
// or a JSON number gives it.

// Literals, -(2n ** 63n) and 2n ** 63n - 1n, so that a bundle not using them drops them.
export const MIN_I64 = -9223372036854775808n;
export const MAX_I64 = 9223372036854775807n;
