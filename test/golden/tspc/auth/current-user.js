import * as __honest_import_token_service from "./token-service.js";
import * as __honest_import_users_user_service from "../users/user.service.js";
import * as __honest from "honest/internal";
import { HttpError, logUser, StatusCode } from "honest";
/**
 * The signed-in user, for any handler that declares `user: From<CurrentUser>`:
 * resolved from `Authorization: Bearer <token>` before the request's body is
 * read, so a request without a valid token is a 401 whatever it sends.
 */
export class CurrentUser {
    /** How the OpenAPI document describes routes that take From<CurrentUser>. */
    static securityScheme = { type: "http", scheme: "bearer" };
    resolve(c) {
        const header = c.req.header("authorization");
        const token = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
        const id = token === undefined ? undefined : this.tokens.userOf(token);
        const user = id === undefined ? undefined : this.users.find(id);
        if (!user)
            throw new HttpError(StatusCode.UNAUTHORIZED, "sign in: send Authorization: Bearer <token>");
        // The request's access line names who made it (docs/guide/logs-and-traces.md, "Who made the request").
        logUser(c, user.id);
        return user;
    }
}
__honest.defineInjections(CurrentUser, [
    ["tokens", () => __honest_import_token_service.TokenService],
    ["users", () => __honest_import_users_user_service.UserService]
]);
