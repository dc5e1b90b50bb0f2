// @ts-nocheck
// Written by `npx honest generate` from ../tsconfig.json. Do not edit: run the command again after changing a controller
// (TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md). It registers every controller's routes for createApp().
import * as __honest_import_admin_admin_controller from "./admin/admin.controller.js";
import * as __honest_import_items_item_store from "./items/item-store.js";
import * as __honest from "honest/internal";
import * as __honest_import_auth_current_user from "./auth/current-user.js";
import * as __honest_import_auth_token_service from "./auth/token-service.js";
import * as __honest_import_users_user_service from "./users/user.service.js";
import * as __honest_import_auth_session_controller from "./auth/session.controller.js";
import * as __honest_import_config_app_config from "./config/app-config.js";
import * as __honest_import_chat_chat_room from "./chat/chat-room.js";
import * as __honest_import_chat_chat_controller from "./chat/chat.controller.js";
import * as __honest_import_database_database from "./database/database.js";
import * as __honest_import_database_unit_of_work from "./database/unit-of-work.js";
import * as __honest_import_home_controller from "./home.controller.js";
import * as __honest_import_items_item_feed from "./items/item-feed.js";
import * as __honest_import_items_item_version from "./items/item-version.js";
import * as __honest_import_items_item_controller from "./items/item.controller.js";
import * as __honest_import_honest from "honest";
import * as __honest_import_items_photo_controller from "./items/photo.controller.js";
import * as __honest_import_posts_post_controller from "./posts/post.controller.js";
import * as __honest_import_stock_stock_count from "./stock/stock-count.js";
import * as __honest_import_stock_stock_controller from "./stock/stock.controller.js";
import * as __honest_import_todos_todo_controller from "./todos/todo.controller.js";
import * as __honest_import_users_me_controller from "./users/me.controller.js";
__honest.defineInjections(__honest_import_admin_admin_controller.AdminController, [
    ["store", () => __honest_import_items_item_store.ItemStore]
]);
__honest.defineInjections(__honest_import_auth_current_user.CurrentUser, [
    ["tokens", () => __honest_import_auth_token_service.TokenService],
    ["users", () => __honest_import_users_user_service.UserService]
]);
__honest.defineInjections(__honest_import_auth_session_controller.SessionController, [
    ["users", () => __honest_import_users_user_service.UserService],
    ["tokens", () => __honest_import_auth_token_service.TokenService]
]);
__honest.defineInjections(__honest_import_auth_token_service.TokenService, [
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
__honest.defineTopicFields(__honest_import_chat_chat_room.ChatRoom, [
    ["posts", "chat.posts", { write: __honest_write_ChatPosted, parse: __honest_parse_ChatPosted, report: __honest_report_ChatPosted, exact: false }]
]);
__honest.defineInjections(__honest_import_chat_chat_controller.ChatController, [
    ["room", () => __honest_import_chat_chat_room.ChatRoom]
]);
__honest.defineEnvFields(__honest_import_config_app_config.AppConfig, [
    ["env", __honest_env_Settings]
]);
__honest.defineInjections(__honest_import_database_database.Database, [
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
__honest.defineInjections(__honest_import_database_unit_of_work.UnitOfWork, [
    ["database", () => __honest_import_database_database.Database]
]);
__honest.definePerRequest(__honest_import_database_unit_of_work.UnitOfWork);
__honest.defineInjections(__honest_import_home_controller.HomeController, [
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
__honest.defineTopicFields(__honest_import_items_item_feed.ItemFeed, [
    ["feed", "items.changes", { write: __honest_write_ItemChange, parse: __honest_parse_ItemChange, report: __honest_report_ItemChange, exact: true }]
]);
__honest.defineInjections(__honest_import_items_item_store.ItemStore, [
    ["work", () => __honest_import_database_unit_of_work.UnitOfWork, "current"],
    ["database", () => __honest_import_database_database.Database]
]);
__honest.defineInjections(__honest_import_items_item_version.ItemVersion, [
    ["store", () => __honest_import_items_item_store.ItemStore]
]);
__honest.defineInjections(__honest_import_items_item_controller.ItemController, [
    ["store", () => __honest_import_items_item_store.ItemStore],
    ["log", () => __honest_import_honest.Logger]
]);
__honest.defineInjections(__honest_import_items_photo_controller.PhotoController, [
    ["store", () => __honest_import_items_item_store.ItemStore]
]);
__honest.defineInjections(__honest_import_posts_post_controller.PostController, [
    ["users", () => __honest_import_users_user_service.UserService],
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
__honest.defineInjections(__honest_import_stock_stock_count.StockCount, [
    ["store", () => __honest_import_items_item_store.ItemStore]
]);
__honest.defineInjections(__honest_import_stock_stock_controller.StockController, [
    ["store", () => __honest_import_items_item_store.ItemStore]
]);
__honest.defineController(__honest_import_admin_admin_controller.AdminController, {
    routes: [
        { method: "GET", path: "/admin/stats", member: "stats", operationId: "AdminController_stats", requestScope: true, handler: __honest_route_AdminController_stats }
    ]
});
function __honest_route_AdminController_stats({ controller, controllerMethod, trace }) {
    return async function AdminController_stats(c) {
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Stats);
    };
}
__honest.defineController(__honest_import_auth_session_controller.SessionController, {
    routes: [
        { method: "POST", path: "/session", member: "signIn", operationId: "SessionController_signIn", handler: __honest_route_SessionController_signIn }
    ]
});
function __honest_route_SessionController_signIn({ controller, settings, controllerMethod, trace }) {
    return async function SessionController_signIn(c) {
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_SignIn, __honest_report_SignIn);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, body);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Session, 201);
    };
}
__honest.defineController(__honest_import_chat_chat_controller.ChatController, {
    routes: [
        { method: "GET", path: "/chat", member: "chat", operationId: "ChatController_chat", socket: true, handler: __honest_route_ChatController_chat }
    ]
});
function __honest_route_ChatController_chat({ controller, settings, controllerMethod, component, trace }) {
    const currentUserResolver = __honest.synchronousResolver(component(__honest_import_auth_current_user.CurrentUser), __honest_import_auth_current_user.CurrentUser);
    const messages = { parse: __honest_parse_ChatMessage, report: __honest_report_ChatMessage, exact: false, write: __honest_write_ChatPost };
    return function ChatController_chat(c) {
        trace?.phase(c, "resolve CurrentUser");
        const currentUser = currentUserResolver.resolve(c);
        return __honest.openSocket(c, settings, messages, connection => controllerMethod.call(controller, connection, currentUser), trace?.lasting(c, "socket"));
    };
}
__honest.defineController(__honest_import_home_controller.HomeController, {
    routes: [
        { method: "GET", path: "/", member: "welcome", operationId: "HomeController_welcome", handler: __honest_route_HomeController_welcome },
        { method: "GET", path: "/health", member: "health", operationId: "HomeController_health", handler: __honest_route_HomeController_health },
        { method: "GET", path: "/info", member: "info", operationId: "HomeController_info", handler: __honest_route_HomeController_info }
    ]
});
function __honest_route_HomeController_welcome({ controller, controllerMethod, trace }) {
    return async function HomeController_welcome(c) {
        trace?.phase(c, "read inputs");
        const cookie = __honest.readCookies(c, __honest_cookie_theme);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, cookie);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Welcome);
    };
}
function __honest_route_HomeController_health({ controller, controllerMethod, trace }) {
    return async function HomeController_health(c) {
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Health);
    };
}
function __honest_route_HomeController_info({ controller, controllerMethod, trace }) {
    return async function HomeController_info(c) {
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Info);
    };
}
__honest.defineController(__honest_import_items_item_controller.ItemController, {
    routes: [
        { method: "GET", path: "/items", member: "list", operationId: "ItemController_list", requestScope: true, handler: __honest_route_ItemController_list },
        { method: "GET", path: "/items/changes", member: "changes", operationId: "ItemController_changes", requestScope: true, handler: __honest_route_ItemController_changes },
        { method: "GET", path: "/items/{id}", member: "get", operationId: "ItemController_get", requestScope: true, handler: __honest_route_ItemController_get },
        { method: "POST", path: "/items", member: "create", operationId: "ItemController_create", requestScope: true, handler: __honest_route_ItemController_create },
        { method: "POST", path: "/items/bulk", member: "createMany", operationId: "ItemController_createMany", requestScope: true, rateLimit: { limit: 5, window: 60000 }, handler: __honest_route_ItemController_createMany },
        { method: "PUT", path: "/items/{id}", member: "update", operationId: "ItemController_update", requestScope: true, handler: __honest_route_ItemController_update },
        { method: "DELETE", path: "/items/{id}", member: "remove", operationId: "ItemController_remove", requestScope: true, handler: __honest_route_ItemController_remove },
        { method: "PATCH", path: "/items/{id}", member: "patch", operationId: "ItemController_patch", requestScope: true, handler: __honest_route_ItemController_patch },
        { method: "GET", path: "/items/tagged/{tag}", member: "tagged", operationId: "ItemController_tagged", requestScope: true, handler: __honest_route_ItemController_tagged },
        { method: "GET", path: "/items/sorted/{order}", member: "sorted", operationId: "ItemController_sorted", requestScope: true, handler: __honest_route_ItemController_sorted },
        { method: "GET", path: "/items/in-stock/{inStock}", member: "inStock", operationId: "ItemController_inStock", requestScope: true, handler: __honest_route_ItemController_inStock },
        { method: "GET", path: "/items/{id}/quote/{quantity}", member: "quote", operationId: "ItemController_quote", requestScope: true, handler: __honest_route_ItemController_quote }
    ]
});
function __honest_route_ItemController_list({ controller, controllerMethod, trace }) {
    return async function ItemController_list(c) {
        trace?.phase(c, "read inputs");
        const query = __honest.readQuery(c, __honest_query_tag_limit_offset);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, query);
        trace?.phase(c, "write answer");
        return __honest.sendPage(c, result, __honest_write_Item_array, "offset", query);
    };
}
function __honest_route_ItemController_changes({ controller, settings, controllerMethod, trace }) {
    const eventWriters = new Map([["created", __honest_write_Item], ["updated", __honest_write_Item], ["removed", __honest_write_object_363da2]]);
    return async function ItemController_changes(c) {
        trace?.phase(c, "read inputs");
        const header = __honest.readHeaders(c, __honest_header_last_event_id);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, header, c);
        return __honest.sendSseEvents(c, result, eventWriters, settings, trace?.lasting(c, "stream"));
    };
}
function __honest_route_ItemController_get({ controller, controllerMethod, component, trace }) {
    const itemVersionResolver = component(__honest_import_items_item_version.ItemVersion);
    const send = __honest.orHttpError(__honest.sendJson);
    return async function ItemController_get(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "resolve ItemVersion");
        const itemVersion = await itemVersionResolver.resolve(c);
        trace?.phase(c, "preconditions");
        const notModified = __honest.checkPreconditions(c, itemVersion, "private, no-cache");
        if (notModified !== undefined)
            return notModified;
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id, itemVersion);
        trace?.phase(c, "write answer");
        __honest.answerHeaders(c, itemVersion, "private, no-cache");
        return send(c, result, __honest_write_Item);
    };
}
function __honest_route_ItemController_create({ controller, settings, controllerMethod, trace }) {
    const send = __honest.orHttpError(__honest.sendStatus);
    return async function ItemController_create(c) {
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_CreateDto, __honest_report_CreateDto);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, body, c);
        trace?.phase(c, "write answer");
        return send(c, result);
    };
}
function __honest_route_ItemController_createMany({ controller, settings, controllerMethod, rateLimit, trace }) {
    return async function ItemController_createMany(c) {
        trace?.phase(c, "rate limit");
        await rateLimit.take(c);
        trace?.phase(c, "read inputs");
        const header = __honest.readHeaders(c, __honest_header_x_request_id);
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_BulkDto, __honest_report_BulkDto);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, body, header, c);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Item_array, 201);
    };
}
function __honest_route_ItemController_update({ controller, settings, controllerMethod, component, trace }) {
    const itemVersionResolver = component(__honest_import_items_item_version.ItemVersion);
    const send = __honest.orHttpError(__honest.sendJson);
    return async function ItemController_update(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "resolve ItemVersion");
        const itemVersion = await itemVersionResolver.resolve(c);
        trace?.phase(c, "preconditions");
        const notModified = __honest.checkPreconditions(c, itemVersion);
        if (notModified !== undefined)
            return notModified;
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_UpdateDto, __honest_report_UpdateDto);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id, itemVersion, body);
        trace?.phase(c, "write answer");
        __honest.answerHeaders(c, await itemVersionResolver.resolve(c));
        return send(c, result, __honest_write_Item);
    };
}
function __honest_route_ItemController_remove({ controller, controllerMethod, trace }) {
    const send = __honest.orHttpError(__honest.sendStatus);
    return async function ItemController_remove(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id);
        trace?.phase(c, "write answer");
        return send(c, result);
    };
}
function __honest_route_ItemController_patch({ controller, settings, controllerMethod, trace }) {
    const send = __honest.orHttpError(__honest.sendJson);
    return async function ItemController_patch(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_PatchDto, __honest_report_PatchDto);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id, body);
        trace?.phase(c, "write answer");
        return send(c, result, __honest_write_Item);
    };
}
function __honest_route_ItemController_tagged({ controller, controllerMethod, trace }) {
    return async function ItemController_tagged(c) {
        const tag = __honest.parseStringParam(c.req.param("tag"), "tag");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, tag);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Item_array);
    };
}
function __honest_route_ItemController_sorted({ controller, controllerMethod, trace }) {
    const orderChoices = new Map([["asc", "asc"], ["desc", "desc"]]);
    return async function ItemController_sorted(c) {
        const order = __honest.parseLiteralParam(c.req.param("order"), "order", orderChoices);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, order);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Item_array);
    };
}
function __honest_route_ItemController_inStock({ controller, controllerMethod, trace }) {
    return async function ItemController_inStock(c) {
        const inStock = __honest.parseBooleanParam(c.req.param("inStock"), "inStock");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, inStock);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Item_array);
    };
}
function __honest_route_ItemController_quote({ controller, controllerMethod, trace }) {
    const send = __honest.orHttpError(__honest.sendJson);
    return async function ItemController_quote(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        const quantity = __honest.parseNumberParam(c.req.param("quantity"), "quantity");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, [id, quantity]);
        trace?.phase(c, "write answer");
        return send(c, result, __honest_write_Quote);
    };
}
__honest.defineController(__honest_import_items_photo_controller.PhotoController, {
    routes: [
        { method: "POST", path: "/items/{id}/photo", member: "upload", operationId: "PhotoController_upload", requestScope: true, handler: __honest_route_PhotoController_upload },
        { method: "GET", path: "/items/{id}/photo", member: "photo", operationId: "PhotoController_photo", requestScope: true, handler: __honest_route_PhotoController_photo }
    ]
});
function __honest_route_PhotoController_upload({ controller, settings, controllerMethod, trace }) {
    return async function PhotoController_upload(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "read body");
        const form = await __honest.readForm(c, settings.bodyLimit, __honest_form_photo_caption);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id, form);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Photo, 201);
    };
}
function __honest_route_PhotoController_photo({ controller, controllerMethod, trace }) {
    const mediaTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"];
    return async function PhotoController_photo(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id);
        trace?.phase(c, "write answer");
        return __honest.sendDownload(c, result, mediaTypes);
    };
}
__honest.defineController(__honest_import_posts_post_controller.PostController, {
    routes: [
        { method: "GET", path: "/users/{user_id}/posts/{post_id}", member: "get", operationId: "PostController_get", handler: __honest_route_PostController_get }
    ]
});
function __honest_route_PostController_get({ controller, controllerMethod, trace }) {
    return async function PostController_get(c) {
        const user_id = __honest.parseI64Param(c.req.param("user_id"), "user_id");
        const post_id = __honest.parseI64Param(c.req.param("post_id"), "post_id");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, [user_id, post_id]);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Post);
    };
}
__honest.defineController(__honest_import_stock_stock_controller.StockController, {
    routes: [
        { method: "GET", path: "/stock", member: "history", operationId: "StockController_history", requestScope: true, handler: __honest_route_StockController_history }
    ]
});
function __honest_route_StockController_history({ controller, controllerMethod, trace }) {
    return async function StockController_history(c) {
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_StockSnapshot_array);
    };
}
__honest.defineController(__honest_import_todos_todo_controller.TodoController, {
    routes: [
        { method: "GET", path: "/api/todos", member: "list", operationId: "TodoController_list", handler: __honest_route_TodoController_list }
    ]
});
function __honest_route_TodoController_list({ controller, controllerMethod, trace }) {
    return async function TodoController_list(c) {
        trace?.phase(c, "read inputs");
        const query = __honest.readQuery(c, __honest_query_dueBefore);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, query);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Todo_array);
    };
}
__honest.defineController(__honest_import_users_me_controller.MeController, {
    routes: [
        { method: "GET", path: "/me", member: "me", operationId: "GetCurrentUser", handler: __honest_route_MeController_me }
    ]
});
function __honest_route_MeController_me({ controller, controllerMethod, component, trace }) {
    const currentUserResolver = __honest.synchronousResolver(component(__honest_import_auth_current_user.CurrentUser), __honest_import_auth_current_user.CurrentUser);
    return async function MeController_me(c) {
        trace?.phase(c, "resolve CurrentUser");
        const currentUser = currentUserResolver.resolve(c);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, currentUser);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_User);
    };
}
__honest.defineSchedules(__honest_import_stock_stock_count.StockCount, [["take", "every", 2000, "2s"]]);
__honest.defineGeneratedApp({
    command: "npx honest generate",
    controllers: [
        {
            controller: __honest_import_admin_admin_controller.AdminController,
            prefix: "/admin",
            routes: [["GET", "/stats", "stats"]]
        },
        {
            controller: __honest_import_auth_session_controller.SessionController,
            routes: [["POST", "/session", "signIn"]]
        },
        {
            controller: __honest_import_chat_chat_controller.ChatController,
            routes: [["GET", "/chat", "chat"]]
        },
        {
            controller: __honest_import_home_controller.HomeController,
            routes: [
                ["GET", "/", "welcome"],
                ["GET", "/health", "health"],
                ["GET", "/info", "info"]
            ]
        },
        {
            controller: __honest_import_items_item_controller.ItemController,
            routes: [
                ["GET", "/items", "list"],
                ["GET", "/items/changes", "changes"],
                ["GET", "/items/{id}", "get"],
                ["POST", "/items", "create"],
                ["POST", "/items/bulk", "createMany"],
                ["PUT", "/items/{id}", "update"],
                ["DELETE", "/items/{id}", "remove"],
                ["PATCH", "/items/{id}", "patch"],
                ["GET", "/items/tagged/{tag}", "tagged"],
                ["GET", "/items/sorted/{order}", "sorted"],
                ["GET", "/items/in-stock/{inStock}", "inStock"],
                ["GET", "/items/{id}/quote/{quantity}", "quote"]
            ]
        },
        {
            controller: __honest_import_items_photo_controller.PhotoController,
            routes: [
                ["POST", "/items/{id}/photo", "upload"],
                ["GET", "/items/{id}/photo", "photo"]
            ]
        },
        {
            controller: __honest_import_posts_post_controller.PostController,
            routes: [["GET", "/users/{user_id}/posts/{post_id}", "get"]]
        },
        {
            controller: __honest_import_stock_stock_controller.StockController,
            routes: [["GET", "/stock", "history"]]
        },
        {
            controller: __honest_import_todos_todo_controller.TodoController,
            prefix: "/api",
            routes: [["GET", "/todos", "list"]]
        },
        {
            controller: __honest_import_users_me_controller.MeController,
            routes: [["GET", "/me", "me"]]
        }
    ],
    openapi: "{\"openapi\":\"3.1.0\",\"info\":{\"title\":\"honest example: items, todos and posts\",\"version\":\"1.0.0\",\"contact\":{\"name\":\"honest contributors\",\"url\":\"https://github.com/honest-ts/honest\"},\"license\":{\"name\":\"MIT\",\"identifier\":\"MIT\"}},\"servers\":[{\"url\":\"/\"}],\"tags\":[{\"name\":\"AdminController\",\"description\":\"Behind a Hono middleware: every route of the class needs the admin token (ADMIN_TOKEN).\"},{\"name\":\"SessionController\",\"description\":\"Signing in: a demo user's name and password for their bearer token.\"},{\"name\":\"ChatController\",\"description\":\"A chat over a WebSocket, for signed-in users.\"},{\"name\":\"HomeController\",\"description\":\"The app's own routes: a welcome, a health check and build information.\"},{\"name\":\"ItemController\",\"description\":\"The items in the store: listed, read, created, replaced, patched and removed by id. A sku another item has is a 409.\"},{\"name\":\"PhotoController\",\"description\":\"A file upload and a file answer: a multipart form, read within the app's bodyLimit, the file a Web File, kept in this process's memory (the last one per item), and answered back with Range, a strong ETag for If-Range.\"},{\"name\":\"PostController\",\"description\":\"Users' posts, by two i64 path parameters.\"},{\"name\":\"StockController\",\"description\":\"What StockCount's job counted, which instances share when they share a database.\"},{\"name\":\"TodoController\",\"description\":\"A to-do list under a controller prefix (`/api`).\"},{\"name\":\"MeController\",\"description\":\"The signed-in user, behind a resolver that declares a bearer security scheme.\"}],\"paths\":{\"/admin/stats\":{\"get\":{\"tags\":[\"AdminController\"],\"summary\":\"How many items the store holds.\",\"operationId\":\"AdminController_stats\",\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Stats\"}}}},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/session\":{\"post\":{\"tags\":[\"SessionController\"],\"summary\":\"The user's bearer token, for Authorization: Bearer <token>; 401 when the name and password do not match.\",\"operationId\":\"SessionController_signIn\",\"requestBody\":{\"description\":\"What signing in sends.\",\"required\":true,\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/SignIn\"}}}},\"responses\":{\"201\":{\"description\":\"Created\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Session\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"413\":{\"$ref\":\"#/components/responses/ContentTooLarge\"},\"415\":{\"$ref\":\"#/components/responses/UnsupportedMediaType\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/chat\":{\"get\":{\"tags\":[\"ChatController\"],\"summary\":\"The chat: each message a signed-in user sends goes to everyone connected, with an id.\",\"description\":\"The upgrade needs the bearer token (a 401 without it), which CurrentUser reads as for any route.\",\"operationId\":\"ChatController_chat\",\"responses\":{\"101\":{\"description\":\"Switching Protocols: the connection is a WebSocket, whose messages x-websocket describes.\"},\"401\":{\"$ref\":\"#/components/responses/Unauthorized\"},\"426\":{\"description\":\"Upgrade Required: the GET did not ask for a WebSocket (Upgrade: websocket).\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}},\"x-websocket\":{\"receives\":{\"$ref\":\"#/components/schemas/ChatMessage\"},\"sends\":{\"$ref\":\"#/components/schemas/ChatPost\"}},\"security\":[{\"CurrentUser\":[]}]}},\"/\":{\"get\":{\"tags\":[\"HomeController\"],\"summary\":\"The app's name and version, with the theme cookie's preference when the client sent one.\",\"operationId\":\"HomeController_welcome\",\"parameters\":[{\"name\":\"theme\",\"in\":\"cookie\",\"schema\":{\"type\":\"string\",\"enum\":[\"dark\",\"light\"]}}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Welcome\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/health\":{\"get\":{\"tags\":[\"HomeController\"],\"summary\":\"Always {\\\"status\\\":\\\"ok\\\"} while the app is up.\",\"operationId\":\"HomeController_health\",\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Health\"}}}},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/info\":{\"get\":{\"tags\":[\"HomeController\"],\"summary\":\"The app's name and version, the Node version and how long the app has been up.\",\"operationId\":\"HomeController_info\",\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Info\"}}}},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items\":{\"get\":{\"tags\":[\"ItemController\"],\"summary\":\"A filtered page of the items: ?tag=usb&limit=10&offset=20, 100 a page unless asked.\",\"description\":\"The body is the page's items; the Link header names the first, previous, next and last pages, and\\nX-Total-Count counts the items with the tag.\",\"operationId\":\"ItemController_list\",\"parameters\":[{\"name\":\"tag\",\"in\":\"query\",\"schema\":{\"type\":\"string\"}},{\"name\":\"limit\",\"in\":\"query\",\"description\":\"The most items the page holds.\",\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100,\"default\":100}},{\"name\":\"offset\",\"in\":\"query\",\"description\":\"How many items come before the page.\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"default\":0}}],\"responses\":{\"200\":{\"description\":\"OK\",\"headers\":{\"Link\":{\"description\":\"RFC 8288 links to the other pages (`first` and `prev` after the first page, `next` while more items follow, `last` when the total is known): each target is this request's path and query, `limit` and `offset` changed, as in </items?limit=20&offset=40>; rel=\\\"next\\\".\",\"schema\":{\"type\":\"string\"}},\"X-Total-Count\":{\"description\":\"How many items every page holds together, when the handler counts them.\",\"schema\":{\"type\":\"integer\",\"minimum\":0}}},\"content\":{\"application/json\":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Item\"}}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}},\"post\":{\"tags\":[\"ItemController\"],\"summary\":\"A new item: a 201 with its location; a 409 when another item has its sku.\",\"operationId\":\"ItemController_create\",\"requestBody\":{\"required\":true,\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/CreateDto\"}}}},\"responses\":{\"201\":{\"description\":\"Created\"},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"409\":{\"$ref\":\"#/components/responses/ConflictProblem\"},\"413\":{\"$ref\":\"#/components/responses/ContentTooLarge\"},\"415\":{\"$ref\":\"#/components/responses/UnsupportedMediaType\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items/changes\":{\"get\":{\"tags\":[\"ItemController\"],\"summary\":\"The items' changes as they happen, as server-sent events: created, updated and removed, each with its number as its id; a client that reconnects with Last-Event-ID, to this instance or another, gets the changes it missed first, or a 410 when they are no longer kept (the last 1000 are).\",\"operationId\":\"ItemController_changes\",\"parameters\":[{\"name\":\"last-event-id\",\"in\":\"header\",\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}}],\"responses\":{\"200\":{\"description\":\"Server-sent events, one per item, each item's JSON its data; a fault ends the stream with an `error` event whose data is a problem document.\",\"content\":{\"text/event-stream\":{\"schema\":{\"type\":\"string\",\"contentMediaType\":\"text/event-stream\",\"contentSchema\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"string\",\"contentMediaType\":\"application/json\",\"contentSchema\":{\"$ref\":\"#/components/schemas/Item\"}},\"event\":{\"enum\":[\"created\",\"updated\"]},\"id\":{\"type\":\"string\"},\"retry\":{\"type\":\"integer\",\"minimum\":0}},\"required\":[\"data\"]},{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"string\",\"contentMediaType\":\"application/json\",\"contentSchema\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\",\"format\":\"int64\"}},\"required\":[\"id\"]}},\"event\":{\"const\":\"removed\"},\"id\":{\"type\":\"string\"},\"retry\":{\"type\":\"integer\",\"minimum\":0}},\"required\":[\"data\"]},{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"string\",\"contentMediaType\":\"application/json\",\"contentSchema\":{\"$ref\":\"#/components/schemas/Problem\"}},\"event\":{\"const\":\"error\"}},\"required\":[\"event\",\"data\"]}]}}}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items/{id}\":{\"get\":{\"tags\":[\"ItemController\"],\"summary\":\"One item by its id, its version as its ETag; a 404 when there is none.\",\"description\":\"A client that sends the ETag it holds back as If-None-Match gets a 304, without a body, while the item is unchanged.\",\"operationId\":\"ItemController_get\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"description\":\"the item's id, a 64-bit integer\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}},{\"name\":\"If-None-Match\",\"in\":\"header\",\"description\":\"Entity tags of copies the client holds (or `*`): one that is current is answered 304, without a body.\",\"schema\":{\"type\":\"string\"}}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Item\"}}},\"headers\":{\"ETag\":{\"description\":\"The entity tag of what the route answered with, quotes included (`\\\"7\\\"`, `W/\\\"7\\\"`): send it back in If-None-Match or If-Match.\",\"schema\":{\"type\":\"string\"}},\"Cache-Control\":{\"description\":\"Always `private, no-cache`.\",\"schema\":{\"type\":\"string\",\"const\":\"private, no-cache\"}}}},\"304\":{\"description\":\"Not Modified: the copy the client named in If-None-Match is current; no body.\",\"headers\":{\"ETag\":{\"description\":\"The entity tag of what the route answered with, quotes included (`\\\"7\\\"`, `W/\\\"7\\\"`): send it back in If-None-Match or If-Match.\",\"schema\":{\"type\":\"string\"}},\"Cache-Control\":{\"description\":\"Always `private, no-cache`.\",\"schema\":{\"type\":\"string\",\"const\":\"private, no-cache\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"404\":{\"$ref\":\"#/components/responses/NotFoundProblem\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}},\"put\":{\"tags\":[\"ItemController\"],\"summary\":\"Replaces an item, every field given; a 404 when there is none, a 409 when another item has the sku.\",\"description\":\"With If-Match, only the version it names: a 412, nothing written, when the item changed since; the answer's ETag is the new version.\",\"operationId\":\"ItemController_update\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}},{\"name\":\"If-Match\",\"in\":\"header\",\"description\":\"Entity tags the client's copy had (or `*`): unless one is current, the route answers 412 without changing anything.\",\"schema\":{\"type\":\"string\"}}],\"requestBody\":{\"required\":true,\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/UpdateDto\"}}}},\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Item\"}}},\"headers\":{\"ETag\":{\"description\":\"The entity tag of what the route answered with, quotes included (`\\\"7\\\"`, `W/\\\"7\\\"`): send it back in If-None-Match or If-Match.\",\"schema\":{\"type\":\"string\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"404\":{\"$ref\":\"#/components/responses/NotFoundProblem\"},\"409\":{\"$ref\":\"#/components/responses/ConflictProblem\"},\"412\":{\"$ref\":\"#/components/responses/PreconditionFailed\"},\"413\":{\"$ref\":\"#/components/responses/ContentTooLarge\"},\"415\":{\"$ref\":\"#/components/responses/UnsupportedMediaType\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}},\"delete\":{\"tags\":[\"ItemController\"],\"summary\":\"Removes an item: a 204, or a 404 when there is none.\",\"operationId\":\"ItemController_remove\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}}],\"responses\":{\"204\":{\"description\":\"No Content\"},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"404\":{\"$ref\":\"#/components/responses/NotFoundProblem\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}},\"patch\":{\"tags\":[\"ItemController\"],\"summary\":\"Changes the fields given, and keeps the others; a 404 when there is none, a 409 when another item has the sku.\",\"operationId\":\"ItemController_patch\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}}],\"requestBody\":{\"required\":true,\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Partial_UpdateDto\"}}}},\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Item\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"404\":{\"$ref\":\"#/components/responses/NotFoundProblem\"},\"409\":{\"$ref\":\"#/components/responses/ConflictProblem\"},\"413\":{\"$ref\":\"#/components/responses/ContentTooLarge\"},\"415\":{\"$ref\":\"#/components/responses/UnsupportedMediaType\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items/bulk\":{\"post\":{\"tags\":[\"ItemController\"],\"summary\":\"Several items at once, all or none: a 201 with the items created, in order; a client's x-request-id is echoed back.\",\"description\":\"Each client address may call it 5 times a minute; past that, a 429 says when to try again.\",\"operationId\":\"ItemController_createMany\",\"parameters\":[{\"name\":\"x-request-id\",\"in\":\"header\",\"schema\":{\"type\":\"string\",\"pattern\":\"^[A-Za-z0-9._-]{1,64}$\"}}],\"requestBody\":{\"description\":\"the items to create, in order\",\"required\":true,\"content\":{\"application/json\":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/NewItem\"},\"minItems\":1,\"maxItems\":100}}}},\"responses\":{\"201\":{\"description\":\"Created\",\"content\":{\"application/json\":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Item\"}}}},\"headers\":{\"RateLimit\":{\"description\":\"What is left of the client's quota: `r` requests remain in the window, which ends in `t` seconds (\\\"default\\\";r=4;t=60).\",\"schema\":{\"type\":\"string\"}},\"RateLimit-Policy\":{\"description\":\"The route's quota: `q` requests per window of `w` seconds (\\\"default\\\";q=5;w=60).\",\"schema\":{\"type\":\"string\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"413\":{\"$ref\":\"#/components/responses/ContentTooLarge\"},\"415\":{\"$ref\":\"#/components/responses/UnsupportedMediaType\"},\"429\":{\"$ref\":\"#/components/responses/TooManyRequests\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items/tagged/{tag}\":{\"get\":{\"tags\":[\"ItemController\"],\"summary\":\"A string parameter: percent-decoded once (/items/tagged/usb%20c).\",\"operationId\":\"ItemController_tagged\",\"parameters\":[{\"name\":\"tag\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"string\"}}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Item\"}}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items/sorted/{order}\":{\"get\":{\"tags\":[\"ItemController\"],\"summary\":\"A union of literals: only \\\"asc\\\" or \\\"desc\\\".\",\"operationId\":\"ItemController_sorted\",\"parameters\":[{\"name\":\"order\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"string\",\"enum\":[\"asc\",\"desc\"]}}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Item\"}}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items/in-stock/{inStock}\":{\"get\":{\"tags\":[\"ItemController\"],\"summary\":\"A boolean: only \\\"true\\\" or \\\"false\\\".\",\"operationId\":\"ItemController_inStock\",\"parameters\":[{\"name\":\"inStock\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"boolean\"}}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Item\"}}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items/{id}/quote/{quantity}\":{\"get\":{\"tags\":[\"ItemController\"],\"summary\":\"Two placeholders of different types, as a tuple in path order.\",\"operationId\":\"ItemController_quote\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}},{\"name\":\"quantity\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"number\"}}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Quote\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"404\":{\"$ref\":\"#/components/responses/NotFoundProblem\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/items/{id}/photo\":{\"post\":{\"tags\":[\"PhotoController\"],\"summary\":\"A photo of an item, with an optional caption: a 201 with what was received; an image that is not png, jpeg, gif or webp is a 415.\",\"operationId\":\"PhotoController_upload\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}}],\"requestBody\":{\"required\":true,\"content\":{\"multipart/form-data\":{\"schema\":{\"type\":\"object\",\"properties\":{\"photo\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"application/octet-stream\"},\"caption\":{\"type\":\"string\",\"maxLength\":80}},\"required\":[\"photo\"]}}}},\"responses\":{\"201\":{\"description\":\"Created\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Photo\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"413\":{\"$ref\":\"#/components/responses/ContentTooLarge\"},\"415\":{\"$ref\":\"#/components/responses/UnsupportedMediaType\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}},\"get\":{\"tags\":[\"PhotoController\"],\"summary\":\"An item's photo, shown inline; a part of it with Range, the whole of it if If-Range names an older one; a 404 when it has none.\",\"operationId\":\"PhotoController_photo\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}},{\"name\":\"Range\",\"in\":\"header\",\"description\":\"One range of bytes, `bytes=0-99`, `bytes=100-` or `bytes=-100` (the last 100): a 206 of those bytes.\",\"schema\":{\"type\":\"string\"}},{\"name\":\"If-Range\",\"in\":\"header\",\"description\":\"The ETag or Last-Modified the client holds: the range is sent only if the file is still that one, else the whole file.\",\"schema\":{\"type\":\"string\"}}],\"responses\":{\"200\":{\"description\":\"The whole file (also when `Range` is absent, asks for several ranges, or `If-Range` no longer holds).\",\"headers\":{\"Content-Disposition\":{\"description\":\"Where the download has a name or is inline: `attachment; filename=\\\"items.csv\\\"`, or `inline`.\",\"schema\":{\"type\":\"string\"}},\"ETag\":{\"description\":\"The file's validator, where the handler gives one; what `If-Range` is compared with.\",\"schema\":{\"type\":\"string\"}},\"Last-Modified\":{\"description\":\"When the file last changed, where known (an HTTP-date).\",\"schema\":{\"type\":\"string\"}},\"Accept-Ranges\":{\"description\":\"`bytes` when the file's length is known, so that a client may ask for a part of it; `none` for a stream.\",\"schema\":{\"type\":\"string\",\"enum\":[\"bytes\",\"none\"]}}},\"content\":{\"image/png\":{\"schema\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"image/png\"}},\"image/jpeg\":{\"schema\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"image/jpeg\"}},\"image/gif\":{\"schema\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"image/gif\"}},\"image/webp\":{\"schema\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"image/webp\"}}}},\"206\":{\"description\":\"The one range of bytes `Range` asked for.\",\"headers\":{\"Content-Range\":{\"description\":\"The range sent and the file's length: `bytes 0-99/1234`.\",\"schema\":{\"type\":\"string\"}},\"Content-Disposition\":{\"description\":\"Where the download has a name or is inline: `attachment; filename=\\\"items.csv\\\"`, or `inline`.\",\"schema\":{\"type\":\"string\"}},\"ETag\":{\"description\":\"The file's validator, where the handler gives one; what `If-Range` is compared with.\",\"schema\":{\"type\":\"string\"}},\"Last-Modified\":{\"description\":\"When the file last changed, where known (an HTTP-date).\",\"schema\":{\"type\":\"string\"}},\"Accept-Ranges\":{\"description\":\"`bytes` when the file's length is known, so that a client may ask for a part of it; `none` for a stream.\",\"schema\":{\"type\":\"string\",\"enum\":[\"bytes\",\"none\"]}}},\"content\":{\"image/png\":{\"schema\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"image/png\"}},\"image/jpeg\":{\"schema\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"image/jpeg\"}},\"image/gif\":{\"schema\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"image/gif\"}},\"image/webp\":{\"schema\":{\"type\":\"string\",\"format\":\"binary\",\"contentMediaType\":\"image/webp\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"416\":{\"$ref\":\"#/components/responses/RangeNotSatisfiable\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/users/{user_id}/posts/{post_id}\":{\"get\":{\"tags\":[\"PostController\"],\"summary\":\"One post of a user; a 404 when the user has no such post.\",\"operationId\":\"PostController_get\",\"parameters\":[{\"name\":\"user_id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}},{\"name\":\"post_id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"integer\",\"format\":\"int64\"}}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Post\"}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/stock\":{\"get\":{\"tags\":[\"StockController\"],\"summary\":\"The last 50 stock counts, newest first: one per tick, taken by the instance that ran it.\",\"operationId\":\"StockController_history\",\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/StockSnapshot\"}}}}},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/api/todos\":{\"get\":{\"tags\":[\"TodoController\"],\"summary\":\"Every to-do; with ?dueBefore=2026-01-10T00:00:00Z, those due before then.\",\"operationId\":\"TodoController_list\",\"parameters\":[{\"name\":\"dueBefore\",\"in\":\"query\",\"schema\":{\"type\":\"string\",\"format\":\"date-time\"}}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Todo\"}}}}},\"400\":{\"$ref\":\"#/components/responses/BadRequest\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}}}},\"/me\":{\"get\":{\"tags\":[\"MeController\"],\"summary\":\"The signed-in user: a resolver (CurrentUser) turns the bearer token into a User, or answers 401.\",\"operationId\":\"GetCurrentUser\",\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/User\"}}}},\"401\":{\"$ref\":\"#/components/responses/Unauthorized\"},\"default\":{\"$ref\":\"#/components/responses/Problem\"}},\"security\":[{\"CurrentUser\":[]}]}}},\"components\":{\"schemas\":{\"ChatMessage\":{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\",\"maxLength\":500}},\"required\":[\"text\"],\"description\":\"What a client sends to the chat.\"},\"ChatPost\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\",\"format\":\"int64\"},\"from\":{\"type\":\"string\"},\"text\":{\"type\":\"string\"}},\"required\":[\"id\",\"from\",\"text\"],\"description\":\"What the chat sends everyone: a message, with its author and an id.\"},\"CreateDto\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"price\":{\"type\":\"number\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"inStock\":{\"type\":\"boolean\"},\"sku\":{\"type\":\"string\",\"pattern\":\"^[A-Z0-9][A-Z0-9-]{0,31}$\"}},\"required\":[\"name\",\"price\"]},\"Health\":{\"type\":\"object\",\"properties\":{\"status\":{\"type\":\"string\",\"const\":\"ok\"}},\"required\":[\"status\"]},\"Info\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"version\":{\"type\":\"string\"},\"node\":{\"type\":\"string\"},\"uptimeSeconds\":{\"type\":\"number\"}},\"required\":[\"name\",\"version\",\"node\",\"uptimeSeconds\"]},\"Item\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\",\"format\":\"int64\"},\"name\":{\"type\":\"string\"},\"price\":{\"type\":\"number\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"inStock\":{\"type\":\"boolean\"},\"sku\":{\"type\":\"string\",\"description\":\"Its stock-keeping unit, when it has one: no two items have the same.\"}},\"required\":[\"id\",\"name\",\"price\",\"tags\",\"inStock\"]},\"NewItem\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":100},\"price\":{\"type\":\"number\",\"minimum\":0},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1},\"maxItems\":20},\"inStock\":{\"type\":\"boolean\"},\"sku\":{\"type\":\"string\",\"pattern\":\"^[A-Z0-9][A-Z0-9-]{0,31}$\"}},\"required\":[\"name\",\"price\"],\"description\":\"One item of `POST /items/bulk`: stricter than CreateDto, with constraint types the body check enforces.\"},\"Partial_UpdateDto\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"price\":{\"type\":\"number\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"inStock\":{\"type\":\"boolean\"},\"sku\":{\"type\":\"string\",\"pattern\":\"^[A-Z0-9][A-Z0-9-]{0,31}$\",\"description\":\"Without one, the item has none.\"}}},\"Photo\":{\"type\":\"object\",\"properties\":{\"item\":{\"type\":\"integer\",\"format\":\"int64\"},\"caption\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"},\"type\":{\"type\":\"string\"},\"bytes\":{\"type\":\"number\"}},\"required\":[\"item\",\"caption\",\"name\",\"type\",\"bytes\"]},\"Post\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\",\"format\":\"int64\"},\"userId\":{\"type\":\"integer\",\"format\":\"int64\"},\"author\":{\"type\":\"string\"},\"title\":{\"type\":\"string\"},\"site\":{\"type\":\"string\"}},\"required\":[\"id\",\"userId\",\"author\",\"title\",\"site\"]},\"Problem\":{\"type\":\"object\",\"description\":\"An RFC 9457 problem document: every error answer honest gives.\",\"properties\":{\"type\":{\"type\":\"string\",\"format\":\"uri-reference\",\"description\":\"A URI reference that identifies the problem type; \\\"about:blank\\\" by default.\"},\"title\":{\"type\":\"string\",\"description\":\"The status code's reason phrase.\"},\"status\":{\"type\":\"integer\",\"minimum\":400,\"maximum\":599,\"description\":\"The HTTP status code: every problem honest answers is an error.\"},\"detail\":{\"type\":\"string\",\"description\":\"What was wrong with this request, in words.\"},\"requestId\":{\"type\":\"string\",\"description\":\"The request's id, as in its X-Request-Id header and the server's log lines for it.\"},\"errors\":{\"type\":\"array\",\"description\":\"One entry per faulty value, when the request's path, query, headers, cookies, form or body do not match their types.\",\"items\":{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\",\"description\":\"Where the value was: `$.tags[2]` in a body, `query.limit`, `header.x-request-id`.\"},\"expected\":{\"type\":\"string\",\"description\":\"What the declared type needs there.\"},\"got\":{\"type\":\"string\",\"description\":\"What the request had instead.\"}},\"required\":[\"path\",\"expected\",\"got\"]}}},\"required\":[\"type\",\"title\",\"status\",\"detail\"]},\"Quote\":{\"type\":\"object\",\"properties\":{\"item\":{\"type\":\"integer\",\"format\":\"int64\"},\"quantity\":{\"type\":\"number\"},\"total\":{\"type\":\"number\"}},\"required\":[\"item\",\"quantity\",\"total\"]},\"Session\":{\"type\":\"object\",\"properties\":{\"token\":{\"type\":\"string\"}},\"required\":[\"token\"],\"description\":\"What signing in answers: the bearer token the other routes take.\"},\"SignIn\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":64},\"password\":{\"type\":\"string\",\"minLength\":8,\"maxLength\":128,\"description\":\"The user's password: a refusal never shows it.\",\"writeOnly\":true}},\"required\":[\"name\",\"password\"],\"description\":\"What signing in sends.\"},\"Stats\":{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"number\"}},\"required\":[\"items\"]},\"StockSnapshot\":{\"type\":\"object\",\"properties\":{\"tick\":{\"type\":\"string\",\"format\":\"date-time\",\"description\":\"The tick this count is for: a multiple of 2 s since the epoch, the same on every instance.\"},\"instance\":{\"type\":\"string\",\"description\":\"Which instance of the app took it: a name each instance gives itself when it starts.\"},\"takenAt\":{\"type\":\"string\",\"format\":\"date-time\",\"description\":\"When the count was taken.\"},\"items\":{\"type\":\"integer\",\"minimum\":0},\"inStock\":{\"type\":\"integer\",\"minimum\":0}},\"required\":[\"tick\",\"instance\",\"takenAt\",\"items\",\"inStock\"],\"description\":\"The items and those in stock, counted at one tick of StockCount.take by one instance of the app.\"},\"Todo\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"number\"},\"title\":{\"type\":\"string\"},\"done\":{\"type\":\"boolean\"},\"created\":{\"type\":\"string\",\"format\":\"date-time\",\"description\":\"When it was written down: an RFC 3339 date-time in JSON, a Date in the handler.\"},\"due\":{\"anyOf\":[{\"type\":\"string\",\"format\":\"date-time\"},{\"type\":\"null\"}],\"description\":\"When it is due, if ever.\"}},\"required\":[\"id\",\"title\",\"done\",\"created\",\"due\"]},\"UpdateDto\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"price\":{\"type\":\"number\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"inStock\":{\"type\":\"boolean\"},\"sku\":{\"type\":\"string\",\"pattern\":\"^[A-Z0-9][A-Z0-9-]{0,31}$\",\"description\":\"Without one, the item has none.\"}},\"required\":[\"name\",\"price\",\"tags\",\"inStock\"]},\"User\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\",\"format\":\"int64\"},\"name\":{\"type\":\"string\"}},\"required\":[\"id\",\"name\"]},\"Welcome\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"version\":{\"type\":\"string\"},\"routes\":{\"type\":\"string\"},\"theme\":{\"type\":\"string\",\"enum\":[\"dark\",\"light\"],\"description\":\"The `theme` cookie's preference, when the client sent one.\"}},\"required\":[\"name\",\"version\",\"routes\"]}},\"responses\":{\"BadRequest\":{\"description\":\"The request does not match what the route declares (a path parameter, the query string, headers, cookies, form or body); `errors` lists each fault.\",\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"the request body does not match its declared type (1 error)\",\"errors\":[{\"path\":\"$.price\",\"expected\":\"number\",\"got\":\"\\\"5\\\"\"}]}}}},\"Unauthorized\":{\"description\":\"The request lacks valid credentials for the route's security scheme: the resolver that declares it refused them.\",\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"the request has no valid credentials\"}}}},\"ContentTooLarge\":{\"description\":\"The request body is larger than the app's body limit.\",\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Content Too Large\",\"status\":413,\"detail\":\"the request body is larger than the limit of 1048576 bytes\"}}}},\"UnsupportedMediaType\":{\"description\":\"The request body's content type is not the one the route reads, or it has a content-encoding.\",\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Unsupported Media Type\",\"status\":415,\"detail\":\"expected a JSON body with content-type application/json; got \\\"text/plain\\\"\"}}}},\"PreconditionFailed\":{\"description\":\"A precondition the request sent (If-Match, If-Unmodified-Since, or If-None-Match on a write) does not hold for the resource as it is: nothing was changed.\",\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Precondition Failed\",\"status\":412,\"detail\":\"If-Match lists no current entity tag of the resource\"}}}},\"TooManyRequests\":{\"description\":\"The client sent more requests than the route's rate limit allows in its window; Retry-After says when to try again.\",\"headers\":{\"Retry-After\":{\"description\":\"Seconds until the window ends and the route takes the client's requests again.\",\"schema\":{\"type\":\"integer\",\"minimum\":1}},\"RateLimit\":{\"description\":\"What is left of the client's quota: `r` requests remain in the window, which ends in `t` seconds (\\\"default\\\";r=4;t=60).\",\"schema\":{\"type\":\"string\"}},\"RateLimit-Policy\":{\"description\":\"The route's quota: `q` requests per window of `w` seconds (\\\"default\\\";q=5;w=60).\",\"schema\":{\"type\":\"string\"}}},\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Too Many Requests\",\"status\":429,\"detail\":\"more than 5 requests in 1 minute; try again in 42 s\"}}}},\"RangeNotSatisfiable\":{\"description\":\"The one range `Range` asked for starts past the file's end; Content-Range gives the file's length.\",\"headers\":{\"Content-Range\":{\"description\":\"The file's length: `bytes */1234`.\",\"schema\":{\"type\":\"string\"}}},\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Range Not Satisfiable\",\"status\":416,\"detail\":\"the range \\\"bytes=5000-\\\" asks for no byte of the file's 1234\"}}}},\"Problem\":{\"description\":\"Any other error answer: an HttpError the handler throws, a refusal by middleware or a resolver (401, 403), or a server failure (500, 504).\",\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500,\"detail\":\"the server failed to complete the request\"}}}},\"NotFoundProblem\":{\"description\":\"Not Found: the handler answers with this error.\",\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"Not Found\"}}}},\"ConflictProblem\":{\"description\":\"Conflict: the handler answers with this error.\",\"content\":{\"application/problem+json\":{\"schema\":{\"$ref\":\"#/components/schemas/Problem\"},\"example\":{\"type\":\"about:blank\",\"title\":\"Conflict\",\"status\":409,\"detail\":\"Conflict\"}}}}},\"securitySchemes\":{\"CurrentUser\":{\"type\":\"http\",\"scheme\":\"bearer\"}}}}",
    scheduled: [__honest_import_stock_stock_count.StockCount]
});
function __honest_env_Settings_PORT_check(input, path, value) {
    if (!Number.isInteger(value))
        input.refuse(path, "integer", value);
    if (!(value >= 0))
        input.refuse(path, "number at least 0", value);
    if (!(value <= 65535))
        input.refuse(path, "number at most 65535", value);
}
function __honest_env_Settings_DATABASE_URL_check(input, path, value) {
    if (!__honest.isUri(value))
        input.refuse(path, "URI", value);
}
function __honest_env_Settings_REDIS_URL_check(input, path, value) {
    if (!__honest.isUri(value))
        input.refuse(path, "URI", value);
}
function __honest_env_Settings_SHUTDOWN_DRAIN_MS_check(input, path, value) {
    if (!Number.isInteger(value))
        input.refuse(path, "integer", value);
    if (!(value >= 0))
        input.refuse(path, "number at least 0", value);
    if (!(value <= 600000))
        input.refuse(path, "number at most 600000", value);
}
const __honest_env_Settings_LOG_LEVEL_text = __honest.literalText(new Map([["debug", "debug"], ["error", "error"], ["fatal", "fatal"], ["info", "info"], ["trace", "trace"], ["warn", "warn"]]));
function __honest_env_Settings_EXAMPLE_TOKENS_check(input, path, value) {
    if (!(__honest.codePointLength(value) <= 4096))
        input.refuse(path, "string of at most 4096 characters", value);
    else if (!/^[^:,]+:[0-9]+(,[^:,]+:[0-9]+)*$/u.test(value))
        input.refuse(path, "string matching /^[^:,]+:[0-9]+(,[^:,]+:[0-9]+)*$/", value);
}
function __honest_env_Settings(input) {
    const value = {};
    input.otherwise("PORT", "3000");
    input.one(value, "PORT", __honest.numberText, true, __honest_env_Settings_PORT_check);
    input.otherwise("APP_NAME", "honest example");
    input.one(value, "APP_NAME", __honest.stringText, true);
    input.otherwise("APP_VERSION", "1.0.0");
    input.one(value, "APP_VERSION", __honest.stringText, true);
    input.one(value, "DATABASE_URL", __honest.stringText, false, __honest_env_Settings_DATABASE_URL_check);
    input.one(value, "REDIS_URL", __honest.stringText, false, __honest_env_Settings_REDIS_URL_check);
    input.otherwise("SHUTDOWN_DRAIN_MS", "0");
    input.one(value, "SHUTDOWN_DRAIN_MS", __honest.numberText, true, __honest_env_Settings_SHUTDOWN_DRAIN_MS_check);
    input.otherwise("LOG_LEVEL", "info");
    input.one(value, "LOG_LEVEL", __honest_env_Settings_LOG_LEVEL_text, true);
    input.secret("EXAMPLE_TOKENS");
    input.otherwise("EXAMPLE_TOKENS", "ada-token:1,grace-token:2");
    input.one(value, "EXAMPLE_TOKENS", __honest.stringText, true, __honest_env_Settings_EXAMPLE_TOKENS_check);
    return value;
}
const __honest_cookie_theme_text = __honest.literalText(new Map([["dark", "dark"], ["light", "light"]]));
function __honest_cookie_theme(input) {
    const value = {};
    input.one(value, "theme", __honest_cookie_theme_text, false);
    return value;
}
function __honest_query_limit_check(input, path, value) {
    if (!Number.isInteger(value))
        input.refuse(path, "integer", value);
    if (!(value >= 1))
        input.refuse(path, "number at least 1", value);
    if (!(value <= 100))
        input.refuse(path, "number at most 100", value);
}
function __honest_query_offset_check(input, path, value) {
    if (!Number.isInteger(value))
        input.refuse(path, "integer", value);
    if (!(value >= 0))
        input.refuse(path, "number at least 0", value);
}
function __honest_query_tag_limit_offset(input) {
    const value = {};
    input.one(value, "tag", __honest.stringText, false);
    input.otherwise("limit", "100");
    input.one(value, "limit", __honest.numberText, false, __honest_query_limit_check);
    input.otherwise("offset", "0");
    input.one(value, "offset", __honest.numberText, false, __honest_query_offset_check);
    return value;
}
function __honest_header_last_event_id(input) {
    const value = {};
    input.one(value, "last-event-id", __honest.i64Text, false);
    return value;
}
function __honest_header_x_request_id_check(input, path, value) {
    if (!/^[A-Za-z0-9._-]{1,64}$/u.test(value))
        input.refuse(path, "string matching /^[A-Za-z0-9._-]{1,64}$/", value);
}
function __honest_header_x_request_id(input) {
    const value = {};
    input.one(value, "x-request-id", __honest.stringText, false, __honest_header_x_request_id_check);
    return value;
}
function __honest_form_caption_check(input, path, value) {
    if (!(__honest.codePointLength(value) <= 80))
        input.refuse(path, "string of at most 80 characters", value);
}
function __honest_form_photo_caption(input) {
    const value = {};
    input.one(value, "photo", __honest.fileValue, true);
    input.one(value, "caption", __honest.stringText, false, __honest_form_caption_check);
    return value;
}
function __honest_query_dueBefore(input) {
    const value = {};
    input.one(value, "dueBefore", __honest.dateText, false);
    return value;
}
function __honest_write_ChatPosted(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"from\":" + __honest.writeString(value.from) + ",\"text\":" + __honest.writeString(value.text) + "}";
}
function __honest_parse_ChatPosted(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const from = input.from;
    if (typeof from !== "string")
        return undefined;
    const text = input.text;
    if (typeof text !== "string")
        return undefined;
    return { from, text };
}
function __honest_report_ChatPosted(input, path, errors) {
    __honest.reportObject(input, path, errors, [["from", "string"], ["text", "string"]]);
}
function __honest_write_ItemChange(value) {
    if (typeof value === "object") {
        const event = value.event;
        if (event === "created" || event === "updated")
            return __honest_write_SseEvent_Item_created_updated(value);
        if (event === "removed")
            return __honest_write_SseEvent_id_bigint_removed(value);
        return __honest_write_object_6666e5(value);
    }
    return __honest.writeJson(value);
}
function __honest_parse_ItemChange(input, depth) {
    let parsed: unknown;
    if (typeof input === "object" && input !== null && !Array.isArray(input)) {
        const event = input.event;
        if (event === "created" || event === "updated") {
            parsed = __honest_parse_SseEvent_Item_created_updated(input, depth + 1);
        }
        else if (event === "removed") {
            parsed = __honest_parse_SseEvent_id_bigint_removed(input, depth + 1);
        }
        else
            return undefined;
        if (parsed === undefined)
            return undefined;
    }
    else
        return undefined;
    return parsed;
}
function __honest_report_ItemChange(input, path, errors, depth) {
    if (__honest_parse_ItemChange(input, depth) === undefined)
        if (typeof input === "object" && input !== null && !Array.isArray(input)) {
            const event = input.event;
            if (event === "created" || event === "updated")
                __honest_report_SseEvent_Item_created_updated(input, path, errors, depth + 1);
            else if (event === "removed")
                __honest_report_SseEvent_id_bigint_removed(input, path, errors, depth + 1);
            else
                errors.add(path + ".event", "\"created\" | \"updated\" | \"removed\"", event);
        }
        else
            errors.add(path, "object", input);
}
function __honest_write_Stats(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"items\":" + __honest.writeNumber(value.items) + "}";
}
function __honest_parse_SignIn(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const name = input.name;
    if (typeof name !== "string")
        return undefined;
    if (!(__honest.codePointLength(name) >= 1))
        return undefined;
    if (!(__honest.codePointLength(name) <= 64))
        return undefined;
    const password = input.password;
    if (typeof password !== "string")
        return undefined;
    if (!(__honest.codePointLength(password) >= 8))
        return undefined;
    if (!(__honest.codePointLength(password) <= 128))
        return undefined;
    return { name, password };
}
function __honest_report_SignIn(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", { inPlace: __honest_report_string_7f4383 }], ["password", { secret: { inPlace: __honest_report_string_ca711a } }]], depth);
}
function __honest_write_Session(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"token\":" + __honest.writeString(value.token) + "}";
}
function __honest_parse_ChatMessage(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const text = input.text;
    if (typeof text !== "string")
        return undefined;
    if (!(__honest.codePointLength(text) <= 500))
        return undefined;
    return { text };
}
function __honest_report_ChatMessage(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["text", { inPlace: __honest_report_string_7cb13c }]], depth);
}
function __honest_write_ChatPost(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeBigInt(value.id) + ",\"from\":" + __honest.writeString(value.from) + ",\"text\":" + __honest.writeString(value.text) + "}";
}
function __honest_write_Welcome(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    json += "\"name\":" + __honest.writeString(value.name);
    json += ",\"version\":" + __honest.writeString(value.version);
    json += ",\"routes\":" + __honest.writeString(value.routes);
    const theme = value.theme;
    if (theme !== undefined)
        json += ",\"theme\":" + __honest_write_dark_or_light(theme);
    return json + "}";
}
function __honest_write_Health(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"status\":" + __honest.writeString(value.status) + "}";
}
function __honest_write_Info(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"name\":" + __honest.writeString(value.name) + ",\"version\":" + __honest.writeString(value.version) + ",\"node\":" + __honest.writeString(value.node) + ",\"uptimeSeconds\":" + __honest.writeNumber(value.uptimeSeconds) + "}";
}
function __honest_write_Item_array(value) {
    if (!Array.isArray(value))
        return __honest.writeJson(value);
    let json = "[";
    for (let i = 0; i < value.length; i++) {
        if (i !== 0)
            json += ",";
        json += __honest_write_Item(value[i]);
    }
    return json + "]";
}
function __honest_write_Item(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    json += "\"id\":" + __honest.writeBigInt(value.id);
    json += ",\"name\":" + __honest.writeString(value.name);
    json += ",\"price\":" + __honest.writeNumber(value.price);
    json += ",\"tags\":" + __honest.writeStringArray(value.tags);
    json += ",\"inStock\":" + __honest.writeBoolean(value.inStock);
    const sku = value.sku;
    if (sku !== undefined)
        json += ",\"sku\":" + __honest.writeString(sku);
    return json + "}";
}
function __honest_write_object_363da2(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeBigInt(value.id) + "}";
}
function __honest_parse_CreateDto(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const name = input.name;
    if (typeof name !== "string")
        return undefined;
    const price = input.price;
    const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
    if (priceNumber === undefined)
        return undefined;
    const tags = input.tags;
    if (tags !== undefined) {
        if (!Array.isArray(tags))
            return undefined;
        for (let i = 0; i < tags.length; i++) {
            const tagsItem = tags[i];
            if (typeof tagsItem !== "string")
                return undefined;
        }
    }
    const inStock = input.inStock;
    if (inStock !== undefined) {
        if (typeof inStock !== "boolean")
            return undefined;
    }
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(sku))
            return undefined;
    }
    const out = { name, price: priceNumber };
    if (tags !== undefined)
        out.tags = tags;
    if (inStock !== undefined)
        out.inStock = inStock;
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_CreateDto(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", "string"], ["price", "number"], ["tags", { items: "string" }, true], ["inStock", "boolean", true], ["sku", { inPlace: __honest_report_string_3d81e5 }, true]], depth);
}
function __honest_parse_BulkDto(input, depth) {
    if (!Array.isArray(input))
        return undefined;
    if (!(input.length >= 1))
        return undefined;
    if (!(input.length <= 100))
        return undefined;
    const copy = [];
    for (let i = 0; i < input.length; i++) {
        const item = input[i];
        const itemParsed = __honest_parse_NewItem(item, depth + 1);
        if (itemParsed === undefined)
            return undefined;
        copy.push(itemParsed);
    }
    return copy;
}
function __honest_report_BulkDto(input, path, errors, depth) {
    if (!Array.isArray(input))
        errors.add(path, "array", input);
    else {
        if (!(input.length >= 1))
            errors.add(path, "array of at least 1 item", input);
        if (!(input.length <= 100))
            errors.add(path, "array of at most 100 items", input);
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            __honest_report_NewItem(item, path + "[" + i + "]", errors, depth + 1);
        }
    }
}
function __honest_parse_UpdateDto(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const name = input.name;
    if (typeof name !== "string")
        return undefined;
    const price = input.price;
    const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
    if (priceNumber === undefined)
        return undefined;
    const tags = input.tags;
    if (!Array.isArray(tags))
        return undefined;
    for (let i = 0; i < tags.length; i++) {
        const tagsItem = tags[i];
        if (typeof tagsItem !== "string")
            return undefined;
    }
    const inStock = input.inStock;
    if (typeof inStock !== "boolean")
        return undefined;
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(sku))
            return undefined;
    }
    const out = { name, price: priceNumber, tags, inStock };
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_UpdateDto(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", "string"], ["price", "number"], ["tags", { items: "string" }], ["inStock", "boolean"], ["sku", { inPlace: __honest_report_string_3d81e5 }, true]], depth);
}
function __honest_parse_PatchDto(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const name = input.name;
    if (name !== undefined) {
        if (typeof name !== "string")
            return undefined;
    }
    const price = input.price;
    let priceValue: unknown;
    if (price !== undefined) {
        const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
        if (priceNumber === undefined)
            return undefined;
        priceValue = priceNumber;
    }
    const tags = input.tags;
    if (tags !== undefined) {
        if (!Array.isArray(tags))
            return undefined;
        for (let i = 0; i < tags.length; i++) {
            const tagsItem = tags[i];
            if (typeof tagsItem !== "string")
                return undefined;
        }
    }
    const inStock = input.inStock;
    if (inStock !== undefined) {
        if (typeof inStock !== "boolean")
            return undefined;
    }
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(sku))
            return undefined;
    }
    const out = {};
    if (name !== undefined)
        out.name = name;
    if (priceValue !== undefined)
        out.price = priceValue;
    if (tags !== undefined)
        out.tags = tags;
    if (inStock !== undefined)
        out.inStock = inStock;
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_PatchDto(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", "string", true], ["price", "number", true], ["tags", { items: "string" }, true], ["inStock", "boolean", true], ["sku", { inPlace: __honest_report_string_3d81e5 }, true]], depth);
}
function __honest_write_Quote(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"item\":" + __honest.writeBigInt(value.item) + ",\"quantity\":" + __honest.writeNumber(value.quantity) + ",\"total\":" + __honest.writeNumber(value.total) + "}";
}
function __honest_write_Photo(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"item\":" + __honest.writeBigInt(value.item) + ",\"caption\":" + __honest.writeString(value.caption) + ",\"name\":" + __honest.writeString(value.name) + ",\"type\":" + __honest.writeString(value.type) + ",\"bytes\":" + __honest.writeNumber(value.bytes) + "}";
}
function __honest_write_Post(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeBigInt(value.id) + ",\"userId\":" + __honest.writeBigInt(value.userId) + ",\"author\":" + __honest.writeString(value.author) + ",\"title\":" + __honest.writeString(value.title) + ",\"site\":" + __honest.writeString(value.site) + "}";
}
function __honest_write_StockSnapshot_array(value) {
    if (!Array.isArray(value))
        return __honest.writeJson(value);
    let json = "[";
    for (let i = 0; i < value.length; i++) {
        if (i !== 0)
            json += ",";
        json += __honest_write_StockSnapshot(value[i]);
    }
    return json + "]";
}
function __honest_write_Todo_array(value) {
    if (!Array.isArray(value))
        return __honest.writeJson(value);
    let json = "[";
    for (let i = 0; i < value.length; i++) {
        if (i !== 0)
            json += ",";
        json += __honest_write_Todo(value[i]);
    }
    return json + "]";
}
function __honest_write_User(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeBigInt(value.id) + ",\"name\":" + __honest.writeString(value.name) + "}";
}
function __honest_write_object_6666e5(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    const data = value.data;
    if (data !== undefined)
        json += "\"data\":" + __honest_write_Item_or_object_363da2(data);
    const id = value.id;
    if (id !== undefined)
        json += (json.length === 1 ? "\"id\":" : ",\"id\":") + __honest_write_i64_or_number_or_string(id);
    const retry = value.retry;
    if (retry !== undefined)
        json += (json.length === 1 ? "\"retry\":" : ",\"retry\":") + __honest.writeNumber(retry);
    const event = value.event;
    if (event !== undefined)
        json += (json.length === 1 ? "\"event\":" : ",\"event\":") + __honest_write_created_or_updated_or_removed(event);
    return json + "}";
}
function __honest_write_SseEvent_Item_created_updated(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    json += "\"data\":" + __honest_write_Item(value.data);
    const id = value.id;
    if (id !== undefined)
        json += ",\"id\":" + __honest_write_i64_or_number_or_string(id);
    const retry = value.retry;
    if (retry !== undefined)
        json += ",\"retry\":" + __honest.writeNumber(retry);
    json += ",\"event\":" + __honest_write_created_or_updated(value.event);
    return json + "}";
}
function __honest_write_SseEvent_id_bigint_removed(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    json += "\"data\":" + __honest_write_object_363da2(value.data);
    const id = value.id;
    if (id !== undefined)
        json += ",\"id\":" + __honest_write_i64_or_number_or_string(id);
    const retry = value.retry;
    if (retry !== undefined)
        json += ",\"retry\":" + __honest.writeNumber(retry);
    json += ",\"event\":" + __honest.writeString(value.event);
    return json + "}";
}
function __honest_parse_SseEvent_id_bigint_removed(input, depth) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const data = input.data;
    const dataParsed = __honest_parse_object_363da2(data, depth + 1);
    if (dataParsed === undefined)
        return undefined;
    const id = input.id;
    let idValue: unknown;
    if (id !== undefined) {
        let idParsed: unknown;
        if ((idParsed = __honest.i64Of(id)) !== undefined) {
        }
        else if ((idParsed = __honest.numberOf(id)) !== undefined) {
        }
        else if (typeof id === "string") {
            idParsed = id;
        }
        else
            return undefined;
        idValue = idParsed;
    }
    const retry = input.retry;
    let retryValue: unknown;
    if (retry !== undefined) {
        const retryNumber = Number.isFinite(retry) ? retry : __honest.numberOf(retry);
        if (retryNumber === undefined)
            return undefined;
        retryValue = retryNumber;
    }
    const event = input.event;
    if (event !== "removed")
        return undefined;
    const out = { data: dataParsed, event };
    if (idValue !== undefined)
        out.id = idValue;
    if (retryValue !== undefined)
        out.retry = retryValue;
    return out;
}
function __honest_parse_SseEvent_Item_created_updated(input, depth) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const data = input.data;
    const dataParsed = __honest_parse_Item(data, depth + 1);
    if (dataParsed === undefined)
        return undefined;
    const id = input.id;
    let idValue: unknown;
    if (id !== undefined) {
        let idParsed: unknown;
        if ((idParsed = __honest.i64Of(id)) !== undefined) {
        }
        else if ((idParsed = __honest.numberOf(id)) !== undefined) {
        }
        else if (typeof id === "string") {
            idParsed = id;
        }
        else
            return undefined;
        idValue = idParsed;
    }
    const retry = input.retry;
    let retryValue: unknown;
    if (retry !== undefined) {
        const retryNumber = Number.isFinite(retry) ? retry : __honest.numberOf(retry);
        if (retryNumber === undefined)
            return undefined;
        retryValue = retryNumber;
    }
    const event = input.event;
    let eventParsed: unknown;
    if (event === "created") {
        eventParsed = "created";
    }
    else if (event === "updated") {
        eventParsed = "updated";
    }
    else
        return undefined;
    const out = { data: dataParsed, event: eventParsed };
    if (idValue !== undefined)
        out.id = idValue;
    if (retryValue !== undefined)
        out.retry = retryValue;
    return out;
}
function __honest_report_SseEvent_id_bigint_removed(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["data", __honest_report_object_363da2], ["id", { inPlace: __honest_report_i64_or_number_or_string }, true], ["retry", "number", true], ["event", { inPlace: __honest_report_literal_removed }]], depth);
}
function __honest_report_SseEvent_Item_created_updated(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["data", __honest_report_Item], ["id", { inPlace: __honest_report_i64_or_number_or_string }, true], ["retry", "number", true], ["event", { inPlace: __honest_report_created_or_updated }]], depth);
}
function __honest_report_string_7f4383(input, path, errors) {
    if (typeof input !== "string")
        errors.add(path, "string", input);
    else {
        if (!(__honest.codePointLength(input) >= 1))
            errors.add(path, "string of at least 1 character", input);
        if (!(__honest.codePointLength(input) <= 64))
            errors.add(path, "string of at most 64 characters", input);
    }
}
function __honest_report_string_ca711a(input, path, errors) {
    if (typeof input !== "string")
        errors.add(path, "string", input);
    else {
        if (!(__honest.codePointLength(input) >= 8))
            errors.add(path, "string of at least 8 characters", input);
        if (!(__honest.codePointLength(input) <= 128))
            errors.add(path, "string of at most 128 characters", input);
    }
}
function __honest_report_string_7cb13c(input, path, errors) {
    if (typeof input !== "string")
        errors.add(path, "string", input);
    else {
        if (!(__honest.codePointLength(input) <= 500))
            errors.add(path, "string of at most 500 characters", input);
    }
}
function __honest_write_dark_or_light(value) {
    if (typeof value === "string")
        return __honest.writeString(value);
    return __honest.writeJson(value);
}
function __honest_report_string_3d81e5(input, path, errors) {
    if (typeof input !== "string")
        errors.add(path, "string", input);
    else {
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(input))
            errors.add(path, "string matching /^[A-Z0-9][A-Z0-9-]{0,31}$/", input);
    }
}
function __honest_parse_NewItem(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const name = input.name;
    if (typeof name !== "string")
        return undefined;
    if (!(__honest.codePointLength(name) >= 1))
        return undefined;
    if (!(__honest.codePointLength(name) <= 100))
        return undefined;
    const price = input.price;
    const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
    if (priceNumber === undefined)
        return undefined;
    if (!(priceNumber >= 0))
        return undefined;
    const tags = input.tags;
    if (tags !== undefined) {
        if (!Array.isArray(tags))
            return undefined;
        if (!(tags.length <= 20))
            return undefined;
        for (let i = 0; i < tags.length; i++) {
            const tagsItem = tags[i];
            if (typeof tagsItem !== "string")
                return undefined;
            if (!(__honest.codePointLength(tagsItem) >= 1))
                return undefined;
        }
    }
    const inStock = input.inStock;
    if (inStock !== undefined) {
        if (typeof inStock !== "boolean")
            return undefined;
    }
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(sku))
            return undefined;
    }
    const out = { name, price: priceNumber };
    if (tags !== undefined)
        out.tags = tags;
    if (inStock !== undefined)
        out.inStock = inStock;
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_NewItem(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", { inPlace: __honest_report_string_88b652 }], ["price", { inPlace: __honest_report_number_00b5fa }], ["tags", { inPlace: __honest_report_string_833369_array_1da231 }, true], ["inStock", "boolean", true], ["sku", { inPlace: __honest_report_string_3d81e5 }, true]], depth);
}
function __honest_write_StockSnapshot(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"tick\":" + __honest.writeDate(value.tick) + ",\"instance\":" + __honest.writeString(value.instance) + ",\"takenAt\":" + __honest.writeDate(value.takenAt) + ",\"items\":" + __honest.writeNumber(value.items) + ",\"inStock\":" + __honest.writeNumber(value.inStock) + "}";
}
function __honest_write_Todo(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeNumber(value.id) + ",\"title\":" + __honest.writeString(value.title) + ",\"done\":" + __honest.writeBoolean(value.done) + ",\"created\":" + __honest.writeDate(value.created) + ",\"due\":" + __honest_write_Date_or_null(value.due) + "}";
}
function __honest_write_Item_or_object_363da2(value) {
    if (typeof value === "object") {
        return __honest_write_object_a8db3d(value);
    }
    return __honest.writeJson(value);
}
function __honest_write_i64_or_number_or_string(value) {
    if (typeof value === "string")
        return __honest.writeString(value);
    if (typeof value === "number")
        return __honest.writeNumber(value);
    if (typeof value === "bigint")
        return __honest.writeBigInt(value);
    return __honest.writeJson(value);
}
function __honest_write_created_or_updated_or_removed(value) {
    if (typeof value === "string")
        return __honest.writeString(value);
    return __honest_write_created_or_updated(value);
}
function __honest_write_created_or_updated(value) {
    if (typeof value === "string")
        return __honest.writeString(value);
    return __honest.writeJson(value);
}
function __honest_parse_object_363da2(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const id = input.id;
    const idInteger = __honest.i64Of(id);
    if (idInteger === undefined)
        return undefined;
    return { id: idInteger };
}
function __honest_parse_Item(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const id = input.id;
    const idInteger = __honest.i64Of(id);
    if (idInteger === undefined)
        return undefined;
    const name = input.name;
    if (typeof name !== "string")
        return undefined;
    const price = input.price;
    const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
    if (priceNumber === undefined)
        return undefined;
    const tags = input.tags;
    if (!Array.isArray(tags))
        return undefined;
    for (let i = 0; i < tags.length; i++) {
        const tagsItem = tags[i];
        if (typeof tagsItem !== "string")
            return undefined;
    }
    const inStock = input.inStock;
    if (typeof inStock !== "boolean")
        return undefined;
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
    }
    const out = { id: idInteger, name, price: priceNumber, tags, inStock };
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_object_363da2(input, path, errors) {
    __honest.reportObject(input, path, errors, [["id", "bigint"]]);
}
function __honest_report_i64_or_number_or_string(input, path, errors, depth) {
    if (__honest_parse_i64_or_number_or_string(input, depth) === undefined)
        errors.add(path, "string | number | 64-bit integer", input);
}
function __honest_report_literal_removed(input, path, errors) {
    if (input !== "removed")
        errors.add(path, "\"removed\"", input);
}
function __honest_report_Item(input, path, errors) {
    __honest.reportObject(input, path, errors, [["id", "bigint"], ["name", "string"], ["price", "number"], ["tags", { items: "string" }], ["inStock", "boolean"], ["sku", "string", true]]);
}
function __honest_report_created_or_updated(input, path, errors, depth) {
    if (__honest_parse_created_or_updated(input, depth) === undefined)
        errors.add(path, "\"created\" | \"updated\"", input);
}
function __honest_report_string_88b652(input, path, errors) {
    if (typeof input !== "string")
        errors.add(path, "string", input);
    else {
        if (!(__honest.codePointLength(input) >= 1))
            errors.add(path, "string of at least 1 character", input);
        if (!(__honest.codePointLength(input) <= 100))
            errors.add(path, "string of at most 100 characters", input);
    }
}
function __honest_report_number_00b5fa(input, path, errors) {
    const number = __honest.numberOf(input);
    if (number === undefined)
        errors.add(path, "number", input);
    else {
        if (!(number >= 0))
            errors.add(path, "number at least 0", input);
    }
}
function __honest_report_string_833369_array_1da231(input, path, errors) {
    if (!Array.isArray(input))
        errors.add(path, "array", input);
    else {
        if (!(input.length <= 20))
            errors.add(path, "array of at most 20 items", input);
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            if (typeof item !== "string")
                errors.add(path + "[" + i + "]", "string", item);
            else {
                if (!(__honest.codePointLength(item) >= 1))
                    errors.add(path + "[" + i + "]", "string of at least 1 character", item);
            }
        }
    }
}
function __honest_write_Date_or_null(value) {
    if (value instanceof Date)
        return __honest.writeDate(value);
    if (value === null)
        return "null";
    return __honest.writeJson(value);
}
function __honest_write_object_a8db3d(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    const id = value.id;
    if (id !== undefined)
        json += "\"id\":" + __honest.writeBigInt(id);
    const name = value.name;
    if (name !== undefined)
        json += (json.length === 1 ? "\"name\":" : ",\"name\":") + __honest.writeString(name);
    const price = value.price;
    if (price !== undefined)
        json += (json.length === 1 ? "\"price\":" : ",\"price\":") + __honest.writeNumber(price);
    const tags = value.tags;
    if (tags !== undefined)
        json += (json.length === 1 ? "\"tags\":" : ",\"tags\":") + __honest.writeStringArray(tags);
    const inStock = value.inStock;
    if (inStock !== undefined)
        json += (json.length === 1 ? "\"inStock\":" : ",\"inStock\":") + __honest.writeBoolean(inStock);
    const sku = value.sku;
    if (sku !== undefined)
        json += (json.length === 1 ? "\"sku\":" : ",\"sku\":") + __honest.writeString(sku);
    return json + "}";
}
function __honest_parse_i64_or_number_or_string(input) {
    let parsed: unknown;
    if ((parsed = __honest.i64Of(input)) !== undefined) {
    }
    else if ((parsed = __honest.numberOf(input)) !== undefined) {
    }
    else if (typeof input === "string") {
        parsed = input;
    }
    else
        return undefined;
    return parsed;
}
function __honest_parse_created_or_updated(input) {
    let parsed: unknown;
    if (input === "created") {
        parsed = "created";
    }
    else if (input === "updated") {
        parsed = "updated";
    }
    else
        return undefined;
    return parsed;
}
