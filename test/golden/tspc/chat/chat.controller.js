import * as __honest_import_chat_room from "./chat-room.js";
import * as __honest from "honest/internal";
import * as __honest_import_auth_current_user from "../auth/current-user.js";
/** A chat over a WebSocket, for signed-in users. */
export class ChatController {
    /**
     * The chat: each message a signed-in user sends goes to everyone connected, with an id.
     *
     * The upgrade needs the bearer token (a 401 without it), which CurrentUser reads as for any route.
     */
    async chat(connection, user) {
        this.room.join(connection);
        try {
            for await (const message of connection)
                await this.room.post(user.name, message.text);
        }
        finally {
            this.room.leave(connection);
        }
    }
}
__honest.defineInjections(ChatController, [
    ["room", () => __honest_import_chat_room.ChatRoom]
]);
__honest.defineController(ChatController, {
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
function __honest_report_string_7cb13c(input, path, errors) {
    if (typeof input !== "string")
        errors.add(path, "string", input);
    else {
        if (!(__honest.codePointLength(input) <= 500))
            errors.add(path, "string of at most 500 characters", input);
    }
}
