// The IETF httpapi working group's RateLimit header fields, as
// draft-ietf-httpapi-ratelimit-headers-10 writes them in Structured Field
// syntax (docs/guide/rate-limits.md, "The headers"): `RateLimit-Policy`, the route's quota `q`
// per window `w` seconds; `RateLimit`, what remains `r` and the seconds `t`
// until the window ends. Each route's limit is its one policy, "default".

/** `"default";q=5;w=60`: fixed for the route, made once. */
export function policyHeader(limit: number, windowMs: number): string {
  return `"default";q=${limit};w=${Math.ceil(windowMs / 1000)}`;
}

/** `"default";r=0;t=42`. */
export function rateLimitHeader(remaining: number, secondsLeft: number): string {
  return `"default";r=${remaining};t=${secondsLeft}`;
}

/** Whole seconds until the window ends, at least 1 while any of it is left: what Retry-After and `t` say. */
export function secondsLeft(msLeft: number): number {
  return Math.max(1, Math.ceil(msLeft / 1000));
}
