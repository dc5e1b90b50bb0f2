import * as __honest_import_users_user_service from "../users/user.service.js";
import * as __honest_import_config_app_config from "../config/app-config.js";
import * as __honest from "honest/internal";
import { HttpError, StatusCode } from "honest";
/** Users' posts, by two i64 path parameters. */
export class PostController {
    /** One post of a user; a 404 when the user has no such post. */
    async get([userId, postId]) {
        const user = this.users.find(userId);
        const title = this.users.postTitle(userId, postId);
        if (!user || title === undefined)
            throw new HttpError(StatusCode.NOT_FOUND, `user ${userId} has no post ${postId}`);
        return { id: postId, userId, author: user.name, title, site: this.config.name };
    }
    __honest_sync_get([userId, postId]) {
        const user = this.users.find(userId);
        const title = this.users.postTitle(userId, postId);
        if (!user || title === undefined)
            throw new HttpError(StatusCode.NOT_FOUND, `user ${userId} has no post ${postId}`);
        return { id: postId, userId, author: user.name, title, site: this.config.name };
    }
}
__honest.defineInjections(PostController, [
    ["users", () => __honest_import_users_user_service.UserService],
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
__honest.defineController(PostController, {
    routes: [
        { method: "GET", path: "/users/{user_id}/posts/{post_id}", member: "get", operationId: "PostController_get", synchronous: true, handler: __honest_route_PostController_get }
    ]
});
function __honest_route_PostController_get({ controller, controllerMethod, trace }) {
    return function PostController_get(c) {
        const user_id = __honest.parseI64Param(c.req.param("user_id"), "user_id");
        const post_id = __honest.parseI64Param(c.req.param("post_id"), "post_id");
        trace?.phase(c, "handler");
        const result = controllerMethod.call(controller, [user_id, post_id]);
        trace?.phase(c, "write answer");
        return __honest.sendWhenSettled(c, result, __honest.sendJson, __honest_write_Post);
    };
}
function __honest_write_Post(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeBigInt(value.id) + ",\"userId\":" + __honest.writeBigInt(value.userId) + ",\"author\":" + __honest.writeString(value.author) + ",\"title\":" + __honest.writeString(value.title) + ",\"site\":" + __honest.writeString(value.site) + "}";
}
