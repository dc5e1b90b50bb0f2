import * as __honest_import_items_item_store from "../items/item-store.js";
import * as __honest from "honest/internal";
/** Behind a Hono middleware: every route of the class needs the admin token (ADMIN_TOKEN). */
export class AdminController {
    /** How many items the store holds. */
    async stats() {
        return { items: await this.store.count() };
    }
}
__honest.defineInjections(AdminController, [
    ["store", () => __honest_import_items_item_store.ItemStore]
]);
__honest.defineController(AdminController, {
    use: [__honest.bearerAuth({ token: process.env.ADMIN_TOKEN ?? "admin-secret" })],
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
function __honest_write_Stats(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"items\":" + __honest.writeNumber(value.items) + "}";
}
