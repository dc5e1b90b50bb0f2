import * as __honest_import_items_item_store from "../items/item-store.js";
import * as __honest from "honest/internal";
/** What StockCount's job counted, which instances share when they share a database. */
export class StockController {
    /** The last 50 stock counts, newest first: one per tick, taken by the instance that ran it. */
    async history() {
        return await this.store.stockHistory();
    }
}
__honest.defineInjections(StockController, [
    ["store", () => __honest_import_items_item_store.ItemStore]
]);
__honest.defineController(StockController, {
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
function __honest_write_StockSnapshot(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"tick\":" + __honest.writeDate(value.tick) + ",\"instance\":" + __honest.writeString(value.instance) + ",\"takenAt\":" + __honest.writeDate(value.takenAt) + ",\"items\":" + __honest.writeNumber(value.items) + ",\"inStock\":" + __honest.writeNumber(value.inStock) + "}";
}
