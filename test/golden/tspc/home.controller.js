import * as __honest_import_config_app_config from "./config/app-config.js";
import * as __honest from "honest/internal";
/** The app's own routes: a welcome, a health check and build information. */
export class HomeController {
    /** The app's name and version, with the `theme` cookie's preference when the client sent one. */
    async welcome({ theme }) {
        return { name: this.config.name, version: this.config.version, routes: "see the route table printed at startup", theme };
    }
    /** Always `{"status":"ok"}` while the app is up. */
    async health() {
        return { status: "ok" };
    }
    /** The app's name and version, the Node version and how long the app has been up. */
    async info() {
        return {
            name: this.config.name,
            version: this.config.version,
            node: process.version,
            uptimeSeconds: Math.round((Date.now() - this.config.startedAt) / 1000),
        };
    }
    __honest_sync_welcome({ theme }) {
        return { name: this.config.name, version: this.config.version, routes: "see the route table printed at startup", theme };
    }
    __honest_sync_health() {
        return { status: "ok" };
    }
    __honest_sync_info() {
        return {
            name: this.config.name,
            version: this.config.version,
            node: process.version,
            uptimeSeconds: Math.round((Date.now() - this.config.startedAt) / 1000),
        };
    }
}
__honest.defineInjections(HomeController, [
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
__honest.defineController(HomeController, {
    routes: [
        { method: "GET", path: "/", member: "welcome", operationId: "HomeController_welcome", synchronous: true, handler: __honest_route_HomeController_welcome },
        { method: "GET", path: "/health", member: "health", operationId: "HomeController_health", synchronous: true, handler: __honest_route_HomeController_health },
        { method: "GET", path: "/info", member: "info", operationId: "HomeController_info", synchronous: true, handler: __honest_route_HomeController_info }
    ]
});
function __honest_route_HomeController_welcome({ controller, controllerMethod, trace }) {
    return function HomeController_welcome(c) {
        trace?.phase(c, "read inputs");
        const cookie = __honest.readCookies(c, __honest_cookie_theme);
        trace?.phase(c, "handler");
        const result = controllerMethod.call(controller, cookie);
        trace?.phase(c, "write answer");
        return __honest.sendWhenSettled(c, result, __honest.sendJson, __honest_write_Welcome);
    };
}
function __honest_route_HomeController_health({ controller, controllerMethod, trace }) {
    return function HomeController_health(c) {
        trace?.phase(c, "handler");
        const result = controllerMethod.call(controller);
        trace?.phase(c, "write answer");
        return __honest.sendWhenSettled(c, result, __honest.sendJson, __honest_write_Health);
    };
}
function __honest_route_HomeController_info({ controller, controllerMethod, trace }) {
    return function HomeController_info(c) {
        trace?.phase(c, "handler");
        const result = controllerMethod.call(controller);
        trace?.phase(c, "write answer");
        return __honest.sendWhenSettled(c, result, __honest.sendJson, __honest_write_Info);
    };
}
const __honest_cookie_theme_text = __honest.literalText(new Map([["dark", "dark"], ["light", "light"]]));
function __honest_cookie_theme(input) {
    const value = {};
    input.one(value, "theme", __honest_cookie_theme_text, false);
    return value;
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
function __honest_write_dark_or_light(value) {
    if (typeof value === "string")
        return __honest.writeString(value);
    return __honest.writeJson(value);
}
