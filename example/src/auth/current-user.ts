import type { Context } from "hono";
import { HttpError, logUser, StatusCode } from "honest";
import type { Inject, SecurityScheme } from "honest";
import type { User, UserService } from "../users/user.service.js";
import type { TokenService } from "./token-service.js";

/**
 * The signed-in user, for any handler that declares `user: From<CurrentUser>`:
 * resolved from `Authorization: Bearer <token>` before the request's body is
 * read, so a request without a valid token is a 401 whatever it sends.
 */
export class CurrentUser {
  /** How the OpenAPI document describes routes that take From<CurrentUser>. */
  static readonly securityScheme = { type: "http", scheme: "bearer" } as const satisfies SecurityScheme;

  declare readonly tokens: Inject<TokenService>;
  declare readonly users: Inject<UserService>;

  resolve(c: Context): User {
    const header = c.req.header("authorization");
    const token = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
    const id = token === undefined ? undefined : this.tokens.userOf(token);
    const user = id === undefined ? undefined : this.users.find(id);
    if (!user) throw new HttpError(StatusCode.UNAUTHORIZED, "sign in: send Authorization: Bearer <token>");
    // The request's access line names who made it (docs/guide/logs-and-traces.md, "Who made the request").
    logUser(c, user.id);
    return user;
  }
}
