// The range of `i64` (README, "Path parameter types", "JSON bodies and
// responses"): a signed 64-bit integer, as a path parameter, a query value
// or a JSON number gives it.

export const MIN_I64 = -(2n ** 63n);
export const MAX_I64 = 2n ** 63n - 1n;
