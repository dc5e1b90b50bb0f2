// The range of `i64` (docs/guide/path-parameters.md, "Path parameter types";
// docs/guide/json-bodies-and-responses.md, "JSON bodies and responses"): a signed 64-bit integer, as a path parameter, a query value
// or a JSON number gives it.

export const MIN_I64 = -(2n ** 63n);
export const MAX_I64 = 2n ** 63n - 1n;
