import * as __honest_import_auth_current_user from "../auth/current-user.js";
import * as __honest from "honest/internal";
/** The signed-in user, behind a resolver that declares a bearer security scheme. */
export class MeController {
    /**
     * The signed-in user: a resolver (CurrentUser) turns the bearer token into a User, or answers 401.
     * @operationId GetCurrentUser
     */
    async me(user) {
        return user;
    }
    __honest_sync_me(user) {
        return user;
    }
}
__honest.defineController(MeController, {
    routes: [
        { method: "GET", path: "/me", member: "me", operationId: "GetCurrentUser", synchronous: true, handler: __honest_route_MeController_me }
    ]
});
function __honest_route_MeController_me({ controller, controllerMethod, component, trace }) {
    const currentUserResolver = __honest.synchronousResolver(component(__honest_import_auth_current_user.CurrentUser), __honest_import_auth_current_user.CurrentUser);
    return function MeController_me(c) {
        trace?.phase(c, "resolve CurrentUser");
        const currentUser = currentUserResolver.resolve(c);
        trace?.phase(c, "handler");
        const result = controllerMethod.call(controller, currentUser);
        trace?.phase(c, "write answer");
        return __honest.sendWhenSettled(c, result, __honest.sendJson, __honest_write_User);
    };
}
function __honest_write_User(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeBigInt(value.id) + ",\"name\":" + __honest.writeString(value.name) + "}";
}
