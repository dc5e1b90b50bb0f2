import * as __honest_import_users_user_service from "../users/user.service.js";
import * as __honest_import_token_service from "./token-service.js";
import * as __honest from "honest/internal";
import { HttpError, StatusCode } from "honest";
/** Signing in: a demo user's name and password for their bearer token. */
export class SessionController {
    /** The user's bearer token, for `Authorization: Bearer <token>`; 401 when the name and password do not match. */
    async signIn(body) {
        const id = this.users.signIn(body.name, body.password);
        const token = id === undefined ? undefined : this.tokens.tokenOf(id);
        if (token === undefined)
            throw new HttpError(StatusCode.UNAUTHORIZED, "no user has this name and password");
        return { token };
    }
    __honest_sync_signIn(body) {
        const id = this.users.signIn(body.name, body.password);
        const token = id === undefined ? undefined : this.tokens.tokenOf(id);
        if (token === undefined)
            throw new HttpError(StatusCode.UNAUTHORIZED, "no user has this name and password");
        return { token };
    }
}
__honest.defineInjections(SessionController, [
    ["users", () => __honest_import_users_user_service.UserService],
    ["tokens", () => __honest_import_token_service.TokenService]
]);
__honest.defineController(SessionController, {
    routes: [
        { method: "POST", path: "/session", member: "signIn", operationId: "SessionController_signIn", synchronous: true, handler: __honest_route_SessionController_signIn }
    ]
});
function __honest_route_SessionController_signIn({ controller, settings, controllerMethod, trace }) {
    return async function SessionController_signIn(c) {
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_SignIn, __honest_report_SignIn);
        trace?.phase(c, "handler");
        const result = controllerMethod.call(controller, body);
        trace?.phase(c, "write answer");
        return __honest.sendWhenSettled(c, result, __honest.sendJson, __honest_write_Session, 201);
    };
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
