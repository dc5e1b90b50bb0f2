import type { Context } from "hono";

// The user an access line names (docs/guide/logs-and-traces.md, "Who made the
// request"): a resolver that knows who is calling says so, and the request's
// line carries it as `user`. Only what the resolver gives is written, an id
// rather than the user's record, which may hold what a log must not.

const users = new WeakMap<Context, string>();

/**
 * Names the user of request `c` in its access line (`"user":"42"`): call it in a resolver once it knows who is
 * calling, with an id, never a secret.
 * @honest logUser
 */
export function logUser(c: Context, user: string | number | bigint): void {
  users.set(c, String(user));
}

/** The user a resolver named for request `c`, if any. */
export function loggedUser(c: Context): string | undefined {
  return users.get(c);
}
